package io.gvl.dataloader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.dataset.Dataset;
import io.gvl.core.dataset.DatasetOutput;
import io.gvl.core.dataset.SeqKind;
import io.gvl.testing.SyntheticDataset;
import io.gvl.io.fasta.Reference;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Loaders over a real dataset view give exactly the bytes of direct queries of the same instances. */
class DatasetLoaderTest {
    @TempDir
    Path tmp;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Mode m : Mode.values()) {
            for (SeqKind k : new SeqKind[] {SeqKind.HAPLOTYPES, SeqKind.ANNOTATED, SeqKind.REFERENCE}) {
                out.add(Arguments.of(m, k, 101L));
            }
        }
        return out.stream();
    }

    private static byte[] bytes(Ragged r) {
        return r.data().toArray(ValueLayout.JAVA_BYTE);
    }

    @ParameterizedTest(name = "mode={0} seqs={1} seed={2}")
    @MethodSource("cases")
    void batchesEqualDirectQueries(Mode mode, SeqKind seqs, long seed) throws Exception {
        SyntheticDataset truth = new SyntheticDataset(seed, 0);
        Path dir = truth.writeDataset(tmp.resolve("ds"));
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(dir, ref)) {
            Dataset view = ds.withSeqs(seqs).withTracks("cov");
            long planned = 0;
            for (int r = 0; r < view.regionCount(); r++) {
                for (int s = 0; s < view.sampleCount(); s++) {
                    planned += view.outputBytes(r, s);
                }
            }
            long actual = 0;
            int batches = 0;
            try (DataLoader loader = DataLoader.builder(view).batchSize(5).shuffle(true).seed(seed).mode(mode)
                    .bufferBytes(1 << 16).build()) {
                for (Batch b : loader) {
                    try (b; DatasetOutput direct = view.get(b.regions(), b.samples())) {
                        assertEquals(direct.arrays().size(), b.arrays().size());
                        for (int i = 0; i < direct.arrays().size(); i++) {
                            NamedArray want = direct.arrays().get(i);
                            NamedArray got = b.arrays().get(i);
                            assertEquals(want.name(), got.name());
                            Ragged w = (Ragged) want.array();
                            Ragged g = (Ragged) got.array();
                            assertArrayEquals(w.shape(), g.shape(), want.name());
                            assertArrayEquals(w.offsets().toArray(ValueLayout.JAVA_LONG),
                                    g.offsets().toArray(ValueLayout.JAVA_LONG), want.name());
                            assertArrayEquals(bytes(w), bytes(g), want.name());
                            actual += w.byteSize();
                        }
                    }
                    batches++;
                }
            }
            assertEquals(loader(view), batches);
            // Offsets of a batch carry one extra entry per array; the plan counts rows only.
            assertEquals(planned, actual - (long) batches * (seqs == SeqKind.ANNOTATED ? 4 : 2) * 8,
                    "planned bytes are exact without jitter");
        }
    }

    private static int loader(Dataset view) {
        return (int) ((view.size() + 4) / 5);
    }
}
