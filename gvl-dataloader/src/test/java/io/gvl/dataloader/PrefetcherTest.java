package io.gvl.dataloader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.Prefetcher;
import io.gvl.dataloader.SourceFetch;
import io.gvl.dataloader.internal.BatchPlan;
import io.gvl.dataloader.internal.BlockChunks;
import io.gvl.dataloader.internal.BlockPool;
import io.gvl.dataloader.internal.LoaderMemory;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.memory.MemoryBudget;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Over a dataset view the consumer fetches a chunk nobody has claimed instead of waiting for the producer: with a
 * producer thread that never runs, every chunk still arrives, fetched on the consumer's thread, with the bytes of a
 * direct query.
 */
class PrefetcherTest {
    private static final long SEED = 311L;

    @TempDir
    Path tmp;

    @Test
    void theConsumerFetchesUnclaimedChunksItselfSeed311() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(SEED, 0);
        Path dir = truth.writeDataset(tmp.resolve("ds"));
        List<Runnable> heldProducers = new ArrayList<>();
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(dir, ref)) {
            Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
            LoaderMemory memory = new LoaderMemory(new MemoryBudget("test loader"), false);
            SourceFetch fetch = new SourceFetch(new DatasetSource(view), memory);
            assertTrue(fetch.consumerMayFetch());
            long n = (long) view.regionCount() * view.sampleCount();
            BatchPlan plan = BatchPlan.of(LongStream.range(0, n).toArray(), 2, false, view.sampleCount());
            int batches = plan.batches();
            int[] bounds = {0, 1, Math.min(3, batches), batches};
            long[] chunkBytes = {1 << 16, 1 << 16, 1 << 16};
            try (BlockPool blocks = new BlockPool(memory, 1 << 20);
                 Prefetcher p = new Prefetcher(fetch, plan, bounds, chunkBytes, new BlockChunks(blocks, 2), false,
                         Duration.ofMillis(50), Duration.ofSeconds(30), heldProducers::add)) {
                for (int c = 0; c < 3; c++) {
                    Prefetcher.Chunk chunk = p.take(c);
                    assertEquals(c, chunk.index());
                    assertTrue(chunk.fetchedByConsumerNanos() > 0, "chunk " + c + " fetched by the consumer");
                    int from = plan.start(bounds[c]);
                    int to = plan.end(bounds[c + 1] - 1);
                    try (DatasetOutput direct = view.get(plan.regions(from, to), plan.samples(from, to))) {
                        for (int i = 0; i < direct.arrays().size(); i++) {
                            assertArrayEquals(bytes(direct.arrays().get(i)), bytes(chunk.arrays().get(i)),
                                    "chunk " + c + " array " + i);
                        }
                    }
                    p.done(chunk);
                }
                assertEquals(1, heldProducers.size(), "the producer was handed over but never ran");
                heldProducers.get(0).run(); // finds nothing left to claim and ends, so close() need not wait
            }
        }
    }

    private static byte[] bytes(NamedArray a) {
        return switch (a.array()) {
            case Ragged r -> r.data().toArray(ValueLayout.JAVA_BYTE);
            case Dense d -> d.data().toArray(ValueLayout.JAVA_BYTE);
        };
    }
}
