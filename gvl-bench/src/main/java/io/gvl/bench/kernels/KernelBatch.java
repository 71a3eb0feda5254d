package io.gvl.bench.kernels;

import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.HaplotypeSource;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.track.input.Intervals;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A synthetic benchmark batch shaped like GVL's benchmark corpus: one 2 Mbp contig, {@code instances} windows of
 * {@code length} bp, ploidy 2, about one SNP per 800 bp and one indel per 8 kbp per haplotype, and one interval
 * track of runs of 1-64 bp. Row 0 carries no variant and row 1 exactly one SNP, so benchmarks can check output.
 */
final class KernelBatch {
    static final int PLOIDY = 2;
    static final int CONTIG = 2_000_000;
    static final byte[] ACGT = "ACGT".getBytes();

    final byte[] contig;
    final HaplotypeSource source;
    final HaplotypeBatch batch;
    final Intervals intervals;
    final int snpPos;
    final byte snpAlt;

    KernelBatch(int instances, int length, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        contig = new byte[CONTIG];
        for (int i = 0; i < CONTIG; i++) {
            contig[i] = ACGT[rnd.nextInt(4)];
        }
        int[] starts = new int[instances];
        int[] ends = new int[instances];
        for (int i = 0; i < instances; i++) {
            starts[i] = rnd.nextInt(CONTIG - 2 * length);
            ends[i] = starts[i] + length;
        }
        List<Integer> vStart = new ArrayList<>();
        List<Integer> vIlen = new ArrayList<>();
        ByteArrayOutputStream alts = new ByteArrayOutputStream();
        List<Long> altOffsets = new ArrayList<>(List.of(0L));
        List<Integer> flat = new ArrayList<>();
        int rows = instances * PLOIDY;
        long[] gs = new long[rows];
        long[] ge = new long[rows];
        int snp = starts[0] + length / 2;
        for (int k = 0; k < rows; k++) {
            gs[k] = flat.size();
            int from = starts[k / PLOIDY];
            for (int p = from; p < from + length + 64; p += 1 + rnd.nextInt(1600)) {
                if (k == 0 || (k == 1 && p != from)) {
                    break;
                }
                boolean indel = k > 1 && rnd.nextInt(10) == 0;
                int ilen = indel ? (rnd.nextBoolean() ? 1 + rnd.nextInt(6) : -1 - rnd.nextInt(6)) : 0;
                int pos = k == 1 ? snp : p;
                flat.add(vStart.size());
                vStart.add(pos);
                vIlen.add(ilen);
                byte first = contig[pos] == 'A' ? (byte) 'C' : (byte) 'A';
                alts.write(first);
                for (int b = 0; b < ilen; b++) {
                    alts.write(ACGT[rnd.nextInt(4)]);
                }
                altOffsets.add((long) alts.size());
                p += Math.max(0, -ilen);
            }
            ge[k] = flat.size();
        }
        snpPos = snp;
        snpAlt = contig[snp] == 'A' ? (byte) 'C' : (byte) 'A';
        source = new HaplotypeSource(
                new SparseGenotypes(seg(flat.stream().mapToInt(Integer::intValue).toArray()), seg(gs), seg(ge)),
                new VariantArrays(seg(vStart.stream().mapToInt(Integer::intValue).toArray()),
                        seg(vIlen.stream().mapToInt(Integer::intValue).toArray()),
                        MemorySegment.ofArray(alts.toByteArray()),
                        seg(altOffsets.stream().mapToLong(Long::longValue).toArray())),
                new ReferenceGenome(MemorySegment.ofArray(contig), seg(new long[] {0, CONTIG})), (byte) 'N');
        long[] groups = new long[rows];
        Arrays.setAll(groups, k -> k);
        batch = HaplotypeBatch.unshifted(new QueryWindows(new int[instances], starts, ends), PLOIDY, groups, null);
        intervals = track(rnd, starts, length);
    }

    private static Intervals track(SplittableRandom rnd, int[] starts, int length) {
        List<int[]> all = new ArrayList<>();
        long[] offsets = new long[starts.length + 1];
        for (int i = 0; i < starts.length; i++) {
            for (int s = starts[i] - 16; s < starts[i] + 2 * length; ) {
                int e = s + 1 + rnd.nextInt(64);
                all.add(new int[] {s, e, rnd.nextInt(1000)});
                s = e + rnd.nextInt(4);
            }
            offsets[i + 1] = all.size();
        }
        float[] values = new float[all.size()];
        for (int j = 0; j < values.length; j++) {
            values[j] = all.get(j)[2] / 8f;
        }
        return new Intervals(seg(all.stream().mapToInt(a -> a[0]).toArray()),
                seg(all.stream().mapToInt(a -> a[1]).toArray()), MemorySegment.ofArray(values), seg(offsets));
    }

    private static MemorySegment seg(int[] a) {
        return MemorySegment.ofArray(a);
    }

    private static MemorySegment seg(long[] a) {
        return MemorySegment.ofArray(a);
    }
}
