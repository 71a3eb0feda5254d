package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.bigwig.BigWigWriter;
import io.gvl.testing.Stored;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Region chunks run on worker threads, and a tight budget splits them into many chunks and sample passes; none of
 * that may change a byte of the dataset (genotypes, regions, annotation table and bigWig tracks).
 */
class SerialParallelWriteTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SET = DATA.resolve("real-derived/vg-z-synth16");

    @TempDir
    Path tmp;

    @Test
    void chunkingAndThreadsDoNotChangeBytes() throws IOException {
        Random rnd = new Random(20260601L);
        StringBuilder table = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            int s = rnd.nextInt(999_000);
            table.append("z\t").append(s).append('\t').append(s + 1 + rnd.nextInt(2000)).append("\tf").append(i)
                    .append('\t').append(rnd.nextInt(100)).append('\n');
        }
        Path annot = tmp.resolve("annot.bed");
        Files.writeString(annot, table);
        BigWigWriter cov = BigWigWriter.create(tmp.resolve("cov.bw"), Map.of("z", 1_000_000));
        for (int i = 0; i < 20_000; i++) {
            cov.add("z", i * 50, i * 50 + 50, i % 97);
        }
        cov.finish();
        List<SortedMap<String, byte[]>> trees = new ArrayList<>();
        long[][] settings = {{1, WriteOptions.DEFAULT_MAX_MEM}, {1, 460_000}, {3, 460_000}, {2, 600_000}};
        List<long[]> reports = new ArrayList<>();
        for (long[] s : settings) {
            Path dest = tmp.resolve("d" + trees.size() + ".gvl");
            Gvl.write(dest, WriteOptions.builder(SET.resolve("regions.bed")).variants(SET.resolve("z_synth16.norm.vcf.gz"))
                    .annotation(new AnnotationTrack("peaks", annot)).annotation(new AnnotationTrack("cov",
                            tmp.resolve("cov.bw"))).maxJitter(7).threads((int) s[0]).maxMem(s[1])
                    .progress((stage, done, total, bytes) -> reports.add(new long[] {stage.ordinal(), done, total,
                            bytes})).build());
            trees.add(Stored.tree(dest));
        }
        SortedMap<String, byte[]> serial = trees.getFirst();
        assertTrue(serial.containsKey("annot_intervals/peaks/starts.npy"), serial.keySet().toString());
        for (SortedMap<String, byte[]> t : trees) {
            assertEquals(serial.keySet(), t.keySet());
            serial.forEach((k, v) -> assertArrayEquals(v, t.get(k), k));
        }
        long[] last = reports.getLast();
        assertEquals(last[2], last[1], "the last report covers every region");
        long onDisk = serial.entrySet().stream().filter(e -> e.getKey().endsWith(".npy")
                && !e.getKey().equals("regions.npy")).mapToLong(e -> e.getValue().length).sum();
        assertEquals(onDisk, last[3], "bytes reported = bytes of genotype and track arrays");
    }
}
