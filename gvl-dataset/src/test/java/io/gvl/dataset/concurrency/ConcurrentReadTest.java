package io.gvl.dataset.concurrency;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eight threads query one opened dataset at once, each through its own seeded view (jittered, fixed-length with
 * random shifts, negative strands, annotated, realigned tracks): every thread gets exactly the bytes a serial run
 * with the same seeds gets.
 */
class ConcurrentReadTest {
    @TempDir
    Path tmp;

    private static final List<Function<Dataset, Dataset>> VIEWS = List.of(
            d -> d.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov"),
            d -> d.withSeqs(SeqKind.HAPLOTYPES).withoutTracks().withLen(OutputLength.fixed(40))
                    .withSettings(s -> s.withJitter(3).withDeterministic(false)),
            d -> d.withSeqs(SeqKind.ANNOTATED).withoutTracks().withLen(OutputLength.variable())
                    .withSettings(s -> s.withJitter(2)),
            d -> d.withSeqs(SeqKind.REFERENCE).withTracks("cov").withLen(OutputLength.fixed(33))
                    .withSettings(s -> s.withJitter(3)));

    /** Everything a thread computes for seed {@code seed}: all views, several batches each. */
    private static byte[] work(Dataset ds, long seed) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (Function<Dataset, Dataset> v : VIEWS) {
            Dataset view = v.apply(ds).withSettings(s -> s.withSeed(seed));
            for (int batch = 0; batch < 3; batch++) {
                int[] regions = new int[6];
                int[] samples = new int[6];
                for (int i = 0; i < 6; i++) {
                    regions[i] = (int) ((seed + batch * 7 + i * 3) % view.regionCount());
                    samples[i] = (int) ((seed + i) % view.sampleCount());
                }
                try (DatasetOutput out = view.get(regions, samples)) {
                    for (NamedArray a : out.arrays()) {
                        all.writeBytes(bytes(a.array()));
                    }
                }
            }
        }
        return all.toByteArray();
    }

    private static byte[] bytes(FlatArray a) {
        return switch (a) {
            case Ragged r -> r.data().toArray(ValueLayout.JAVA_BYTE);
            case Dense d -> d.data().toArray(ValueLayout.JAVA_BYTE);
        };
    }

    @Test
    void eightThreadsGetTheSerialBytes() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(303, 3);
        Path dir = truth.writeDataset(tmp.resolve("ds"));
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(dir, ref)) {
            int threads = 8;
            byte[][] serial = new byte[threads][];
            for (int t = 0; t < threads; t++) {
                serial[t] = work(ds, 100 + t);
            }
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                for (int round = 0; round < 3; round++) {
                    List<Future<byte[]>> futures = new ArrayList<>();
                    for (int t = 0; t < threads; t++) {
                        long seed = 100 + t;
                        futures.add(pool.submit(() -> work(ds, seed)));
                    }
                    for (int t = 0; t < threads; t++) {
                        assertArrayEquals(serial[t], futures.get(t).get(), "thread " + t + " round " + round);
                    }
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
