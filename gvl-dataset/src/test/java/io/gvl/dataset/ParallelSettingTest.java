package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.core.kernel.RowParallelism;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.Parallel;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A view's {@code parallel} setting decides whether its queries dispatch rows to threads (counted by
 * {@link RowParallelism#parallelDispatches()}), beating the size gate both ways, and never changes the bytes.
 */
class ParallelSettingTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path Z = DATA.resolve("real-derived/vg-z-synth16");

    @TempDir
    static Path tmp;
    static Dataset ds;

    @BeforeAll
    static void open() {
        Path out = tmp.resolve("z.gvl");
        Gvl.write(out, WriteOptions.builder(Z.resolve("regions.bed")).variants(Z.resolve("z_synth16.norm.vcf.gz"))
                .maxJitter(16).build());
        ds = Dataset.open(out, DATA.resolve("real/vg-1mb1kgp/z.fa"));
    }

    @AfterAll
    static void close() {
        if (ds != null) {
            ds.close();
        }
    }

    @Test
    void explicitSettingsBeatTheSizeGate() {
        Dataset small = ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(64));
        Dataset big = ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(2_048));
        int[] r4 = {0, 1, 2, 3};
        int[] s4 = {0, 1, 2, 3};
        int[] rAll = IntStream.range(0, ds.regionCount()).toArray();
        int[] sAll = IntStream.range(0, ds.sampleCount()).toArray();
        // 24 x 16 x 2 x 2,048 bytes = 1.5 MiB: over the 1 MiB floor.
        byte[] auto = grid(big, rAll, sAll, -1);
        byte[] forcedOff = grid(big.withSettings(x -> x.withParallel(Parallel.FALSE)), rAll, sAll, 0);
        byte[] smallAuto = grid(small, r4, s4, 0);
        byte[] smallOn = grid(small.withSettings(x -> x.withParallel(Parallel.TRUE)), r4, s4, 1);
        assertArrayEquals(auto, forcedOff, "serial and parallel bytes");
        assertArrayEquals(smallAuto, smallOn, "serial and parallel bytes");
        assertEquals(Parallel.TRUE, small.withSettings(x -> x.withParallel(Parallel.TRUE)).settings().parallel());
        assertEquals(Parallel.AUTO, small.settings().parallel(), "AUTO by default");
    }

    @Test
    void autoOpensForLargeBatchesWhenThereAreThreads() {
        Dataset big = ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(2_048));
        int[] rAll = IntStream.range(0, ds.regionCount()).toArray();
        int[] sAll = IntStream.range(0, ds.sampleCount()).toArray();
        long before = RowParallelism.parallelDispatches();
        grid(big, rAll, sAll, -1);
        long dispatched = RowParallelism.parallelDispatches() - before;
        if (RowParallelism.threads() > 1 && System.getProperty("gvl.parallel", "auto").equals("auto")) {
            assertTrue(dispatched >= 1, "a 1.5 MiB batch is split over threads");
        }
    }

    /** The grid's sequence bytes, checking that the query dispatched 0 times, at least once (1), or any (-1). */
    private static byte[] grid(Dataset view, int[] r, int[] s, int dispatches) {
        long before = RowParallelism.parallelDispatches();
        try (DatasetOutput out = view.getGrid(r, s)) {
            byte[] bytes = ((Dense) out.sequences()).data().toArray(ValueLayout.JAVA_BYTE);
            if (dispatches >= 0 && System.getenv("GVL_FORCE_PARALLEL") == null) {
                long n = RowParallelism.parallelDispatches() - before;
                assertTrue(dispatches == 0 ? n == 0 : n >= 1, "parallel dispatches: " + n);
            }
            return bytes;
        }
    }
}
