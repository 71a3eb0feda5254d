package io.gvl.spark;

import io.gvl.io.bigwig.BigWigWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/** The seeded coverage bigWigs the read and write tests build their datasets with. */
final class SeededBigWig {
    private SeededBigWig() {
    }

    /**
     * Seeded step values over every region of a BED on contig z (with some margin), zero elsewhere; contig z is
     * 1,000,000 bp.
     */
    static Path write(Path file, Path regionsBed, SplittableRandom rng) throws IOException {
        TreeMap<Integer, Integer> spans = new TreeMap<>();
        for (String line : Files.readAllLines(regionsBed)) {
            String[] f = line.split("\t");
            spans.put(Math.max(0, Integer.parseInt(f[1]) - 100), Integer.parseInt(f[2]) + 100);
        }
        BigWigWriter w = BigWigWriter.create(file, Map.of("z", 1_000_000));
        int covered = 0;
        for (Map.Entry<Integer, Integer> span : spans.entrySet()) {
            for (int at = Math.max(covered, span.getKey()); at < span.getValue(); ) {
                int end = Math.min(span.getValue(), at + 1 + rng.nextInt(40));
                w.add("z", at, end, (float) rng.nextInt(-5000, 5000) / 64f);
                at = end;
                covered = end;
            }
        }
        w.finish();
        return file;
    }
}
