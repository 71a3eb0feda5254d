package io.gvl.demo;

import io.gvl.io.bigwig.BigWigWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Read-depth-like coverage for the demo: piecewise-constant runs of 1-24 bp whose depth follows a bounded
 * random walk around a per-sample mean (20-40x), with occasional uncovered gaps. It looks like a coverage
 * track and compresses like one; it carries no biology. The same seed gives the same file.
 */
final class SyntheticCoverage {
    private SyntheticCoverage() {}

    static void write(Path file, Map<String, Integer> contigs, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double mean = 20 + rng.nextDouble() * 20;
        BigWigWriter w = BigWigWriter.create(file, contigs);
        for (var c : contigs.entrySet()) {
            int length = c.getValue();
            double depth = mean;
            int pos = 0;
            while (pos < length) {
                int run = 1 + rng.nextInt(24);
                int end = Math.min(length, pos + run);
                if (rng.nextInt(200) == 0) {
                    pos = Math.min(length, end + rng.nextInt(500));
                    continue;
                }
                depth = Math.clamp(depth + rng.nextGaussian() * 2.5 + (mean - depth) * 0.05, 0, 4 * mean);
                w.add(c.getKey(), pos, end, Math.round(depth));
                pos = end;
            }
        }
        w.finish();
    }
}
