package io.gvl.dataloader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.RefDataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.io.fasta.Reference;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Loaders over a reference-only view give, in every mode, exactly the rows of direct queries of the same rows. */
class RefDatasetLoaderTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path Z = DATA.resolve("real-derived/vg-z-synth16");

    @TempDir
    Path tmp;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Mode m : Mode.values()) {
            for (String view : new String[] {"ragged", "fixed", "spliced"}) {
                out.add(Arguments.of(m, view));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "mode={0} view={1}")
    @MethodSource("cases")
    void batchesEqualDirectQueries(Mode mode, String kind) throws Exception {
        Path bed = tmp.resolve("genes.bed");
        List<String> lines = Files.readAllLines(Z.resolve("regions.bed"));
        List<String> withGenes = new ArrayList<>();
        withGenes.add("#chrom\tchromStart\tchromEnd\tname\tscore\tstrand\tgene");
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split("\t");
            withGenes.add(String.join("\t", f[0], f[1], f[2], f[3], f[4], "+", "g" + (i / 3)));
        }
        Files.write(bed, withGenes);
        try (Reference ref = Reference.open(DATA.resolve("real/vg-1mb1kgp/z.fa"), tmp.resolve("cache"))) {
            RefDataset all = RefDataset.open(bed, ref);
            RefDataset view = switch (kind) {
                case "ragged" -> all;
                case "fixed" -> all.withLen(OutputLength.fixed(1_000));
                case "spliced" -> all.spliceInfo("gene");
                default -> throw new IllegalArgumentException(kind);
            };
            int rows = 0;
            long planned = 0;
            for (int r = 0; r < view.size(); r++) {
                planned += view.outputBytes(r);
            }
            long actual = 0;
            try (DataLoader loader = DataLoader.builder(view).batchSize(3).shuffle(true).seed(11).mode(mode)
                    .bufferBytes(1 << 18).build()) {
                for (Batch b : loader) {
                    try (b; DatasetOutput direct = view.get(b.regions())) {
                        FlatArray want = direct.arrays().get(0).array();
                        FlatArray got = b.arrays().get(0).array();
                        assertEquals(direct.arrays().get(0).name(), b.arrays().get(0).name());
                        assertArrayEquals(want.leadingShape(), got.leadingShape());
                        assertArrayEquals(bytes(want), bytes(got), "batch " + b.index());
                        actual += bytes(want).length + 8L * b.size();
                        rows += b.size();
                    }
                }
            }
            assertEquals(view.size(), rows);
            assertTrue(actual <= planned, "outputBytes never underestimates: " + actual + " > " + planned);
        }
    }

    private static byte[] bytes(FlatArray a) {
        return switch (a) {
            case Ragged r -> r.data().toArray(ValueLayout.JAVA_BYTE);
            case io.gvl.core.buffer.Dense d -> d.data().toArray(ValueLayout.JAVA_BYTE);
        };
    }
}
