/**
 * Reading and writing a dataset's files: one codec per file kind ({@code metadata.json}, {@code regions.npy},
 * {@code input_regions.arrow}, {@code variants.arrow}, the {@code .svar2} range cache
 * {@code genotypes/svar2_ranges/}, any Arrow table) and {@link io.gvl.format.io.DatasetFiles},
 * which opens a whole dataset directory, single or sharded, and checks that its files agree.
 */
package io.gvl.format.io;
