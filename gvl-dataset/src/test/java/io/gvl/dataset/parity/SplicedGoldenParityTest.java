package io.gvl.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.io.fasta.Reference;
import io.gvl.write.Gvl;
import io.gvl.write.internal.VcfVariantSource;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * GVL's six spliced dataset goldens, byte for byte. GVL's recipes attach a {@code transcript_id} column to the
 * opened dataset's BED; here the same grouping is an explicit {@link SpliceMap} over the input rows.
 */
class SplicedGoldenParityTest {
    static final Path SYN = Path.of(System.getProperty("gvl.shared.data"), "gvl-fixtures", "synthetic");

    @TempDir
    static Path tmp;
    static Reference reference;
    static Path phased;
    static Path strandMixed;

    @BeforeAll
    static void writeDatasets() throws IOException {
        reference = Reference.open(SYN.resolve("ref.fa.bgz"), tmp.resolve("cache"));
        phased = tmp.resolve("phased.gvl");
        Gvl.write(phased, WriteOptions.builder(SYN.resolve("regions.bed"))
                .variants(VcfVariantSource.open(SYN.resolve("filtered.vcf.gz"))).maxJitter(2).build());
        Map<String, Path> bw = new TreeMap<>();
        for (String s : List.of("s0", "s1", "s2")) {
            bw.put(s, SYN.resolve("bw_seed42").resolve(s + ".bw"));
        }
        strandMixed = tmp.resolve("strand.gvl");
        Gvl.write(strandMixed, WriteOptions.builder(strandBed())
                .variants(VcfVariantSource.open(SYN.resolve("filtered.vcf.gz"))).track(new BigWigs("signal", bw))
                .build());
    }

    /** GVL's {@code build_strand_mixed_dataset} regions. */
    private static Path strandBed() throws IOException {
        String[] chrom = {"chr1", "chr1", "chr1", "chr2", "chr2"};
        int[] start = {1010685, 1110686, 1210686, 14360, 1110686};
        String[] strand = {"+", "-", "+", "-", "+"};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            sb.append(chrom[i]).append('\t').append(start[i]).append('\t').append(start[i] + 20)
                    .append("\t.\t.\t").append(strand[i]).append('\n');
        }
        Path bed = tmp.resolve("strand.bed");
        Files.writeString(bed, sb);
        return bed;
    }

    @AfterAll
    static void closeReference() {
        reference.close();
    }

    static final SpliceMap TWO_BY_TWO = SpliceMap.fromKeys(List.of("T1", "T1", "T2", "T2"));
    static final SpliceMap STRAND = SpliceMap.fromKeys(List.of("T1", "T2", "T3", "T3", "T4"));

    static Stream<Arguments> goldens() {
        return Stream.of(
                golden("ds_spliced_haps", () -> phased, true,
                        d -> d.withSeqs(SeqKind.HAPLOTYPES).withoutTracks().spliceInfo(TWO_BY_TWO)),
                golden("ds_annotated_spliced", () -> phased, true,
                        d -> d.withSeqs(SeqKind.ANNOTATED).withoutTracks().spliceInfo(TWO_BY_TWO)),
                golden("ds_neg_strand_spliced_reference", () -> strandMixed, true,
                        d -> d.withSeqs(SeqKind.REFERENCE).withoutTracks().spliceInfo(STRAND)),
                golden("ds_neg_strand_spliced_haplotypes", () -> strandMixed, true,
                        d -> d.withSeqs(SeqKind.HAPLOTYPES).withoutTracks().spliceInfo(STRAND)),
                golden("ds_neg_strand_spliced_annotated", () -> strandMixed, true,
                        d -> d.withSeqs(SeqKind.ANNOTATED).withoutTracks().spliceInfo(STRAND)),
                golden("ds_neg_strand_spliced_tracks", () -> strandMixed, false,
                        d -> d.withSeqs(SeqKind.NONE).withTracks("signal").spliceInfo(STRAND)));
    }

    private static Arguments golden(String name, Supplier<Path> dir, boolean ref, Function<Dataset, Dataset> view) {
        return Arguments.of(name, dir, ref, view);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void matchesGvlByteForByte(String name, Supplier<Path> dir, boolean withReference,
                               Function<Dataset, Dataset> view) {
        FlatGolden golden = FlatGolden.read(name);
        try (Dataset ds = withReference ? Dataset.open(dir.get(), reference) : Dataset.open(dir.get());
             DatasetOutput out = view.apply(ds).getAll()) {
            List<FlatGolden.Block> ours = FlatGolden.of(out);
            assertEquals(golden.blocks().size(), ours.size(), "number of arrays");
            for (int i = 0; i < ours.size(); i++) {
                assertArrayEquals(golden.blocks().get(i).bytes(), ours.get(i).bytes(),
                        name + ": " + golden.blocks().get(i).what() + " vs our " + ours.get(i).what());
            }
        }
    }
}
