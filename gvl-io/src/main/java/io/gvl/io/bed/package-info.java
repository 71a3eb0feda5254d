/**
 * BED and BED-like region files (BED3 to BED12, narrowPeak, broadPeak; plain or gzip):
 * {@link io.gvl.io.bed.BedReader#read} checks every row and returns a {@link io.gvl.io.bed.BedFile} with the
 * rows in input order, their extra columns by name, and BED12 blocks on demand. Everything is held on the heap;
 * the file is closed when {@code read} returns.
 */
package io.gvl.io.bed;
