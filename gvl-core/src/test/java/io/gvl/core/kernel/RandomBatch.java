package io.gvl.core.kernel;

import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.HaplotypeSource;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.track.input.FillCode;
import io.gvl.core.kernel.track.input.Intervals;
import io.gvl.core.kernel.variant.KeepMask;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;

/**
 * A seeded random batch on a random two-contig genome: sorted per-row variant lists (SNPs, insertions, deletions,
 * same-position and overlapping ones), windows that may start before the contig, shifts, a keep mask, strands and
 * interval tracks. Plain Java arrays are kept alongside the segments so the simple reference can read them.
 */
public final class RandomBatch {
    private static final byte[] ACGT = "ACGT".getBytes();

    public final byte[][] contigs;
    public final int[] vStart;
    public final int[] vIlen;
    public final byte[][] vAlt;
    /** Per row: variant indices (sorted by start). */
    public final int[][] rowVariants;
    /** Per row: keep flags, or null when the batch has no mask. */
    public final boolean[][] rowKeep;
    public final int[] contigOf;
    public final int[] starts;
    public final int[] ends;
    public final int[] shifts;
    public final BitSet negative = new BitSet();
    public final int ploidy;
    public final int instances;
    /** Per track, per instance: intervals as {start, end, valueBits}. */
    public final List<int[][][]> trackIntervals = new ArrayList<>();
    public final List<FillCode> fills = new ArrayList<>();
    public final long baseSeed;

    public RandomBatch(long seed, int instances, int ploidy, boolean shifted, int tracks) {
        this(seed, instances, ploidy, shifted, tracks, false);
    }

    /**
     * As above; {@code snpHeavy} draws up to 19 variants per row, five in six of them SNPs, so rows hold runs of
     * SNPs with indels, overlaps and dropped entries between them.
     */
    public RandomBatch(long seed, int instances, int ploidy, boolean shifted, int tracks, boolean snpHeavy) {
        Random rnd = new Random(seed);
        this.instances = instances;
        this.ploidy = ploidy;
        contigs = new byte[2][];
        for (int c = 0; c < 2; c++) {
            contigs[c] = new byte[60 + rnd.nextInt(140)];
            for (int i = 0; i < contigs[c].length; i++) {
                contigs[c][i] = ACGT[rnd.nextInt(4)];
            }
        }
        contigOf = new int[instances];
        starts = new int[instances];
        ends = new int[instances];
        for (int i = 0; i < instances; i++) {
            contigOf[i] = rnd.nextInt(2);
            int n = contigs[contigOf[i]].length;
            starts[i] = rnd.nextInt(n) - 8;
            ends[i] = starts[i] + 1 + rnd.nextInt(40);
            negative.set(i, rnd.nextBoolean());
        }
        List<int[]> table = new ArrayList<>();
        List<byte[]> alts = new ArrayList<>();
        int rows = instances * ploidy;
        rowVariants = new int[rows][];
        boolean withKeep = rnd.nextBoolean();
        rowKeep = withKeep ? new boolean[rows][] : null;
        shifts = new int[rows];
        for (int k = 0; k < rows; k++) {
            int i = k / ploidy;
            int n = contigs[contigOf[i]].length;
            int count = rnd.nextInt(snpHeavy ? 20 : 8);
            int[] pos = new int[count];
            for (int j = 0; j < count; j++) {
                pos[j] = Math.max(0, Math.min(n - 1, starts[i] - 6 + rnd.nextInt(ends[i] - starts[i] + 14)));
            }
            Arrays.sort(pos);
            rowVariants[k] = new int[count];
            if (withKeep) {
                rowKeep[k] = new boolean[count];
            }
            for (int j = 0; j < count; j++) {
                int kind = snpHeavy ? (rnd.nextInt(6) == 0 ? 1 + rnd.nextInt(2) : 0) : rnd.nextInt(3);
                int ilen = kind == 0 ? 0 : kind == 1 ? 1 + rnd.nextInt(4) : -1 - rnd.nextInt(4);
                byte[] alt = new byte[Math.max(ilen, 0) + 1];
                for (int b = 0; b < alt.length; b++) {
                    alt[b] = (byte) "acgt".charAt(rnd.nextInt(4));
                }
                rowVariants[k][j] = table.size();
                table.add(new int[] {pos[j], ilen});
                alts.add(alt);
                if (withKeep) {
                    rowKeep[k][j] = rnd.nextInt(4) != 0;
                }
            }
            shifts[k] = shifted ? rnd.nextInt(6) : 0;
        }
        vStart = table.stream().mapToInt(t -> t[0]).toArray();
        vIlen = table.stream().mapToInt(t -> t[1]).toArray();
        vAlt = alts.toArray(byte[][]::new);
        for (int t = 0; t < tracks; t++) {
            int[][][] per = new int[instances][][];
            for (int i = 0; i < instances; i++) {
                int m = rnd.nextInt(6);
                per[i] = new int[m][];
                int s = starts[i] - 10;
                for (int j = 0; j < m; j++) {
                    s += rnd.nextInt(12);
                    per[i][j] = new int[] {s, s + 1 + rnd.nextInt(15), Float.floatToIntBits(rnd.nextInt(100) / 4f)};
                }
            }
            trackIntervals.add(per);
            fills.add(FillCode.of(rnd.nextInt(5), 1 + rnd.nextInt(3)));
        }
        baseSeed = rnd.nextLong();
    }

    public HaplotypeSource source() {
        int[] flat = Arrays.stream(rowVariants).flatMapToInt(Arrays::stream).toArray();
        long[] gs = new long[rowVariants.length];
        long[] ge = new long[rowVariants.length];
        long at = 0;
        for (int k = 0; k < rowVariants.length; k++) {
            gs[k] = at;
            at += rowVariants[k].length;
            ge[k] = at;
        }
        ByteArrayOutputStream alts = new ByteArrayOutputStream();
        long[] altOffsets = new long[vAlt.length + 1];
        for (int v = 0; v < vAlt.length; v++) {
            alts.writeBytes(vAlt[v]);
            altOffsets[v + 1] = alts.size();
        }
        ByteArrayOutputStream ref = new ByteArrayOutputStream();
        long[] refOffsets = new long[contigs.length + 1];
        for (int c = 0; c < contigs.length; c++) {
            ref.writeBytes(contigs[c]);
            refOffsets[c + 1] = ref.size();
        }
        return new HaplotypeSource(new SparseGenotypes(MemorySegment.ofArray(flat), MemorySegment.ofArray(gs),
                MemorySegment.ofArray(ge)), new VariantArrays(MemorySegment.ofArray(vStart),
                MemorySegment.ofArray(vIlen), MemorySegment.ofArray(alts.toByteArray()),
                MemorySegment.ofArray(altOffsets)), new ReferenceGenome(MemorySegment.ofArray(ref.toByteArray()),
                MemorySegment.ofArray(refOffsets)), (byte) 'N');
    }

    public HaplotypeBatch batch() {
        long[] groups = new long[rowVariants.length];
        Arrays.setAll(groups, k -> k);
        KeepMask keep = null;
        if (rowKeep != null) {
            long[] off = new long[rowKeep.length + 1];
            ByteArrayOutputStream flags = new ByteArrayOutputStream();
            for (int k = 0; k < rowKeep.length; k++) {
                for (boolean b : rowKeep[k]) {
                    flags.write(b ? 1 : 0);
                }
                off[k + 1] = flags.size();
            }
            keep = new KeepMask(MemorySegment.ofArray(flags.toByteArray()), off);
        }
        return new HaplotypeBatch(new QueryWindows(contigOf, starts, ends), ploidy, groups, shifts, keep);
    }

    public Intervals intervals(int track) {
        int[][][] per = trackIntervals.get(track);
        int total = Arrays.stream(per).mapToInt(a -> a.length).sum();
        int[] s = new int[total];
        int[] e = new int[total];
        float[] v = new float[total];
        long[] off = new long[instances + 1];
        int w = 0;
        for (int i = 0; i < instances; i++) {
            for (int[] itv : per[i]) {
                s[w] = itv[0];
                e[w] = itv[1];
                v[w++] = Float.intBitsToFloat(itv[2]);
            }
            off[i + 1] = w;
        }
        return new Intervals(MemorySegment.ofArray(s), MemorySegment.ofArray(e), MemorySegment.ofArray(v),
                MemorySegment.ofArray(off));
    }

    public boolean kept(int k, int j) {
        return rowKeep == null || rowKeep[k][j];
    }
}
