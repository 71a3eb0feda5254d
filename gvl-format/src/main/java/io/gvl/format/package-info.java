/**
 * GenVarLoader's on-disk dataset format 2.0 and the NumPy file formats it is built from.
 * Every malformed or inconsistent input surfaces as a {@link io.gvl.format.DatasetFormatException} that names
 * the file and the problem.
 */
package io.gvl.format;
