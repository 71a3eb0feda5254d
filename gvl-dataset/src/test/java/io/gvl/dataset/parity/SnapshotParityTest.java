package io.gvl.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.array.NpyArray;
import io.gvl.format.array.Npz;
import io.gvl.io.fasta.Reference;
import io.gvl.write.Gvl;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * GVL's {@code test_flat_getitem_snapshot} outputs, byte for byte: the synthetic case (max_jitter 2) with the
 * "5ss" bigWig track, queried as {@code ds[range(8), [i % 3]]} (pairs). The variants snapshot belongs with the
 * variant outputs.
 */
class SnapshotParityTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SYN = DATA.resolve("gvl-fixtures/synthetic");
    static final Path SNAPSHOTS = DATA.resolve("gvl-goldens/snapshots");
    static final int SEQLEN = 20;

    @TempDir
    static Path tmp;
    static Reference reference;
    static Path dataset;

    @BeforeAll
    static void write() {
        reference = Reference.open(SYN.resolve("ref.fa.bgz"), tmp.resolve("cache"));
        Map<String, Path> bws = new TreeMap<>();
        for (String s : List.of("s0", "s1", "s2")) {
            bws.put(s, SYN.resolve("bw_5ss/" + s + ".bw"));
        }
        dataset = tmp.resolve("snap.gvl");
        Gvl.write(dataset, WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("filtered.vcf.gz"))
                .track(new BigWigs("5ss", bws)).maxJitter(2).build());
    }

    @AfterAll
    static void close() {
        reference.close();
    }

    static Stream<Arguments> cases() {
        Function<Dataset, Dataset> haps = d -> d.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
        Function<Dataset, Dataset> tracks = d -> d.withSeqs(SeqKind.NONE).withTracks("5ss");
        Function<Dataset, Dataset> hapsTracks = d -> d.withSeqs(SeqKind.HAPLOTYPES).withTracks("5ss");
        OutputLength fixed = OutputLength.fixed(SEQLEN);
        return Stream.of(
                Arguments.of("haps_ragged", haps),
                Arguments.of("haps_fixed", haps.andThen(d -> d.withLen(fixed))),
                Arguments.of("haps_variable", haps.andThen(d -> d.withLen(OutputLength.variable()))),
                Arguments.of("annot_fixed", (Function<Dataset, Dataset>) d -> d.withSeqs(SeqKind.ANNOTATED)
                        .withoutTracks().withLen(fixed)),
                Arguments.of("tracks_ragged", tracks),
                Arguments.of("tracks_fixed", tracks.andThen(d -> d.withLen(fixed))),
                Arguments.of("ref_fixed", (Function<Dataset, Dataset>) d -> d.withSeqs(SeqKind.REFERENCE)
                        .withoutTracks().withLen(fixed)),
                Arguments.of("haps_tracks_fixed", hapsTracks.andThen(d -> d.withLen(fixed))),
                Arguments.of("haps_tracks_ragged", hapsTracks));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void matchesGvlSnapshot(String name, Function<Dataset, Dataset> view) {
        Map<String, NpyArray> snapshot = Npz.read(SNAPSHOTS.resolve(name + ".npz"));
        try (Dataset ds = Dataset.open(dataset, reference);
             DatasetOutput out = view.apply(ds).get(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, new int[] {0, 1, 2, 0, 1, 2, 0, 1})) {
            List<FlatGolden.Block> ours = FlatGolden.of(out);
            List<String> keys = new ArrayList<>(snapshot.keySet());
            assertEquals(keys.size(), ours.size(), name + ": arrays " + keys);
            for (int i = 0; i < keys.size(); i++) {
                assertArrayEquals(snapshot.get(keys.get(i)).data().toArray(ValueLayout.JAVA_BYTE), ours.get(i).bytes(),
                        name + ": " + keys.get(i) + " vs our " + ours.get(i).what());
            }
        }
    }
}
