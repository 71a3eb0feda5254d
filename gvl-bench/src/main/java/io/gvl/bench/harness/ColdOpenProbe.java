package io.gvl.bench.harness;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * One fresh-process measurement of what a user waits for before training starts: {@code Dataset.open}, then the first
 * batch of 16 kb haplotypes of 32 random (region, sample) pairs (64 haplotypes), then 20 more batches. Run by
 * {@code dev/open-bench} once per fresh JVM, alternating with GenVarLoader's {@code tools/bench/open_peer.py}; prints
 * one line of seconds: {@code jvm_start open first_batch next_20}. JVM start is the time from process start to
 * {@code main}, as reported by the runtime.
 */
public final class ColdOpenProbe {
    private ColdOpenProbe() {
    }

    /**
     * Measures one open and the batches after it.
     *
     * @param args the dataset directory and its reference FASTA
     */
    public static void main(String[] args) {
        long t0 = System.nanoTime();
        double start = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() / 1e3;
        try (Dataset ds = Dataset.open(Path.of(args[0]), Path.of(args[1]))) {
            long t1 = System.nanoTime();
            Dataset haps = ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(16_384));
            SplittableRandom rnd = new SplittableRandom(7);
            int regions = ds.regionCount();
            int samples = ds.sampleCount();
            long checksum = batch(haps, rnd, regions, samples);
            long t2 = System.nanoTime();
            for (int k = 0; k < 20; k++) {
                checksum += batch(haps, rnd, regions, samples);
            }
            long t3 = System.nanoTime();
            System.out.printf("%.4f %.4f %.4f %.4f %d%n", start, (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9,
                    checksum);
        }
    }

    private static long batch(Dataset haps, SplittableRandom rnd, int regions, int samples) {
        int[] r = new int[32];
        int[] s = new int[32];
        for (int i = 0; i < r.length; i++) {
            r[i] = rnd.nextInt(regions);
            s[i] = rnd.nextInt(samples);
        }
        try (DatasetOutput out = haps.get(r, s)) {
            return out.arrays().size();
        }
    }
}
