/**
 * Shared pieces of the input readers: {@link io.gvl.io.InputFormatException}, the one error every reader raises
 * for a bad input (it names the file, the line or record, the problem and the fix);
 * and {@link io.gvl.io.ContigNormalizer}, which matches contig names across files that disagree on the {@code chr}
 * prefix or the mitochondrial spelling.
 *
 * <p>Readers in the sub-packages own the files they open and are {@link java.lang.AutoCloseable}. Coordinates
 * are 0-based and half-open throughout, whatever the file format uses on disk.
 */
package io.gvl.io;
