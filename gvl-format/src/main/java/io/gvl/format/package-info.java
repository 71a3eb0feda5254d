/**
 * GenVarLoader's on-disk dataset format 2.0, bottom floor: the values a dataset's files hold
 * ({@link io.gvl.format.DatasetMetadata}, {@link io.gvl.format.Regions}, {@link io.gvl.format.InputRegions},
 * {@link io.gvl.format.VariantTable}, {@link io.gvl.format.ArrowTable}), the names of its files
 * ({@link io.gvl.format.DatasetLayout}) and the exceptions every layer throws. Nothing here reads or writes a
 * file: {@code io.gvl.format.io} does, so a value can be built, compared and checked without touching a disk.
 * Every malformed or inconsistent input surfaces as a {@link io.gvl.format.DatasetFormatException} that names the
 * file and the problem.
 */
package io.gvl.format;
