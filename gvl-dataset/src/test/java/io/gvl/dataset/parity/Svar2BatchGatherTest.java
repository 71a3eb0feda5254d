package io.gvl.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.Parallel;
import io.gvl.dataset.settings.SeqKind;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A {@code .svar2}-linked dataset gathers the slots of each query batch when the batch is read, with a variant table
 * of the batch's own, and copies the per-sample track groups of the batch's cells beside them. Seeded batches of
 * (region, sample) pairs, in any order and with repeats, of 1 to 64 instances (several blocks of cells, gathered in
 * parallel), read exactly as the same pairs of the VCF-sourced dataset of the same calls, which reads its stored
 * table and offsets; and a batch gathered on one worker thread reads as on many.
 */
class Svar2BatchGatherTest extends SvarGoldens {
    private static final int[] SIZES = {1, 7, 33, 64};

    @Test
    void seededBatchesOfHaplotypesAndRealignedTracksReadAsTheVcfDataset_seed20261207() {
        Function<Dataset, Dataset> view = d -> d.withSeqs(SeqKind.HAPLOTYPES).withTracks("sig")
                .withLen(OutputLength.ragged());
        compare("ds_svar2_trk", "ds_vcf_trk", view, new Random(20261207L));
    }

    @Test
    void seededBatchesOfVariantsAndHaplotypesReadAsTheVcfDataset_seed20261208() {
        compare("ds_svar2", "ds_vcf", d -> d.withSeqs(SeqKind.VARIANTS), new Random(20261208L));
        compare("ds_svar2", "ds_vcf", d -> d.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.ragged()),
                new Random(20261208L));
    }

    /**
     * The whole dataset in one batch of 224 cells (14 blocks): on one worker thread, in a view whose queries run on
     * the calling thread ({@code Parallel.FALSE}), and on the common pool.
     */
    @Test
    void aBatchGatheredOnOneThreadReadsAsOnMany() throws Exception {
        Function<Dataset, Dataset> variants = d -> d.withSeqs(SeqKind.VARIANTS);
        ForkJoinPool one = new ForkJoinPool(1);
        try (Dataset d = Dataset.open(goldens.resolve("ds_svar2_adv"), z)) {
            List<byte[]> pool = one.submit(() -> arrays(variants.apply(d).getAll())).get();
            List<byte[]> calling = arrays(variants.apply(d).withSettings(x -> x.withParallel(Parallel.FALSE))
                    .getAll());
            List<byte[]> parallel = arrays(variants.apply(d).withSettings(x -> x.withParallel(Parallel.TRUE))
                    .getAll());
            assertSame(pool, parallel, "variants of every instance, one worker thread");
            assertSame(calling, parallel, "variants of every instance, Parallel.FALSE");
        } finally {
            one.shutdown();
        }
    }

    private static void compare(String linked, String vcf, Function<Dataset, Dataset> view, Random random) {
        try (Dataset store = Dataset.open(goldens.resolve(linked), z);
             Dataset table = Dataset.open(goldens.resolve(vcf), z)) {
            int regions = table.regionCount();
            int samples = table.sampleCount();
            long calls = 0;
            for (int size : SIZES) {
                for (int trial = 0; trial < 3; trial++) {
                    int[] r = new int[size];
                    int[] s = new int[size];
                    for (int i = 0; i < size; i++) {
                        r[i] = random.nextInt(regions);
                        s[i] = random.nextInt(samples);
                    }
                    List<byte[]> want = arrays(view.apply(table).get(r, s));
                    calls += want.getFirst().length;
                    assertSame(want, arrays(view.apply(store).get(r, s)),
                            linked + ", " + size + " instances, trial " + trial);
                }
            }
            assertTrue(calls > 1000, "the batches read data: " + calls + " bytes");
        }
    }

    /** Every array of an output, as bytes, in output order; the output is closed. */
    private static List<byte[]> arrays(DatasetOutput o) {
        List<byte[]> out = new ArrayList<>();
        try (o) {
            for (var a : o.arrays()) {
                if (a.array() instanceof Ragged r) {
                    out.add(r.data().toArray(ValueLayout.JAVA_BYTE));
                    out.add(r.offsets().toArray(ValueLayout.JAVA_BYTE));
                } else {
                    out.add(((Dense) a.array()).data().toArray(ValueLayout.JAVA_BYTE));
                }
            }
        }
        return out;
    }

    private static void assertSame(List<byte[]> want, List<byte[]> got, String what) {
        assertEquals(want.size(), got.size(), what + ": array count");
        for (int i = 0; i < want.size(); i++) {
            assertArrayEquals(want.get(i), got.get(i), what + ": array " + i);
        }
    }
}
