package io.gvl.write.internal;

import io.gvl.write.spec.WritePlan;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds, on the driver, the variant rows each region block's parts read ({@link WritePlan.RowRanges}), from the
 * whole table's positions and ILENs alone: per region, from the first row that can overlap its window to past the
 * last row the extend-to-length walk can reach, merged per block and contig.
 *
 * <p>The walk of {@link HaplotypeSelector} retires a haplotype at the first row at or after the window end whose
 * start {@code vs} satisfies {@code vs >= lastEnd} and {@code vs >= qEnd + E}, where {@code E = lastEnd - written
 * - qStart} grows with each carried row by at most {@code max(del, lastEnd - vs - 1)} ({@code del} the row's
 * deleted bases; the second term is a row inside an earlier deletion) and {@code lastEnd} is at most the largest
 * {@code vs + del + 1} so far. Taking every row as carried bounds both for every haplotype at once, so no haplotype
 * is still walking at the first row that starts at or past {@code max(lastEnd, qEnd + E)} of that bound, and the
 * range ends there. With dense deletions the bound can reach the contig's end; the part then still reads its rows
 * only as far as a haplotype walks ({@link VariantRows}).
 */
final class RowRangePlanner {
    private RowRangePlanner() {
    }

    /**
     * @param rows         the whole variant table
     * @param regions      the sorted regions
     * @param recordContig record contig index of each BED contig code, {@code -1} when the variants lack it
     * @param blockSizes   regions in each region block
     * @param extend       whether windows are extended to make up deletions
     * @param source       the variant file, whose size and modification time the plan records
     */
    static WritePlan.RowRanges plan(VariantRows rows, RegionSet regions, int[] recordContig, int[] blockSizes,
                                    boolean extend, Path source) {
        int[][] blocks = new int[blockSizes.length][];
        int k = 0;
        for (int b = 0; b < blockSizes.length; b++) {
            IntArrayList triples = new IntArrayList();
            int blockEnd = k + blockSizes[b];
            for (; k < blockEnd; k++) {
                int c = recordContig[regions.contigCode()[k]];
                if (c < 0) {
                    continue;
                }
                int qs = regions.qStart()[k];
                int qe = regions.qEnd()[k];
                int from = rows.overlapLow(c, qs);
                int t = 0;
                while (t < triples.size() && triples.getInt(t) != c) {
                    t += 3; // two BED contigs (chr1, 1) can name one record contig: one range for both
                }
                boolean toContigEnd = t < triples.size() && triples.getInt(t + 2) == rows.endRow(c);
                int to = toContigEnd ? rows.endRow(c) // a bound cannot pass the contig end: no walk to bound
                        : extend ? walkEnd(rows, c, qs, qe, from) : rows.startsFrom(c, qe);
                if (t < triples.size()) {
                    triples.set(t + 1, Math.min(triples.getInt(t + 1), from));
                    triples.set(t + 2, Math.max(triples.getInt(t + 2), to));
                } else {
                    triples.add(c);
                    triples.add(from);
                    triples.add(to);
                }
            }
            blocks[b] = triples.toIntArray();
        }
        int[] spans = new int[rows.contigs().size()];
        for (int c = 0; c < spans.length; c++) {
            spans[c] = rows.maxSpan(c);
        }
        try {
            return new WritePlan.RowRanges(rows.contigs(), spans, blocks, Files.size(source),
                    Files.getLastModifiedTime(source).toMillis());
        } catch (IOException e) {
            throw new UncheckedIOException(source + ": cannot read its size and modification time", e);
        }
    }

    /** One past the last row any haplotype's walk over window {@code [qs, qe)} can read (see the class comment). */
    static int walkEnd(VariantRows rows, int c, int qs, int qe, int from) {
        int end = rows.endRow(c);
        long lastEnd = qs;
        long excess = 0;
        int g = from;
        for (; g < end; g++) {
            long vs = rows.start0(g);
            if (vs >= qe && vs >= Math.max(lastEnd, qe + excess)) {
                break;
            }
            long del = Math.max(0, -rows.ilen(g));
            if (vs < qs) {
                excess += del; // a row before the window moves lastEnd, not written: by at most its deletion
                lastEnd = Math.max(lastEnd, vs + del);
            } else {
                excess += Math.max(del, lastEnd - vs - 1);
                lastEnd = Math.max(lastEnd, vs + del + 1);
            }
        }
        return g;
    }
}
