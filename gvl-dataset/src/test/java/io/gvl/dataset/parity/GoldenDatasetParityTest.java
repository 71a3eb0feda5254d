package io.gvl.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.InsertionFill;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * GVL's dataset goldens, byte for byte, on datasets that gvl itself writes from GVL's fixtures with the recipes of
 * GVL's golden generator ({@code tests/parity/test_gen_dataset_goldens.py}, {@code tests/parity/_fixtures.py}).
 */
class GoldenDatasetParityTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"), "gvl-fixtures");
    static final Path SYN = DATA.resolve("synthetic");

    @TempDir
    static Path tmp;
    static Reference reference;
    /** GVL's {@code phased_*_gvl}: the synthetic case, {@code max_jitter=2}, no tracks. */
    static Path phased;
    /** {@code build_strand_mixed_dataset}: five regions of mixed strand, bigWig track "signal", no jitter. */
    static Path strandMixed;
    /** {@code build_haps_tracks_dataset}: the same five regions, all plus strand. */
    static Path hapsTracks;
    static Path trackCorpus;
    static Path trackJitter;

    @BeforeAll
    static void writeDatasets() throws IOException {
        reference = Reference.open(SYN.resolve("ref.fa.bgz"), tmp.resolve("cache"));
        phased = tmp.resolve("phased.gvl");
        Gvl.write(phased, WriteOptions.builder(SYN.resolve("regions.bed"))
                .variants(VcfVariantSource.open(SYN.resolve("filtered.vcf.gz"))).maxJitter(2).build());
        BigWigs signal = new BigWigs("signal", samples(SYN.resolve("bw_seed42"), List.of("s0", "s1", "s2")));
        String[] strands = {"+", "-", "+", "-", "+"};
        strandMixed = tmp.resolve("strand.gvl");
        Gvl.write(strandMixed, WriteOptions.builder(fiveRegions("strand.bed", strands))
                .variants(VcfVariantSource.open(SYN.resolve("filtered.vcf.gz"))).track(signal).build());
        hapsTracks = tmp.resolve("haps_tracks.gvl");
        Gvl.write(hapsTracks, WriteOptions.builder(fiveRegions("plain.bed", null))
                .variants(VcfVariantSource.open(SYN.resolve("filtered.vcf.gz"))).track(signal).build());
        trackCorpus = tmp.resolve("corpus.gvl");
        Gvl.write(trackCorpus, WriteOptions.builder(DATA.resolve("track_corpus/regions.bed"))
                .track(new BigWigs("signal", samples(DATA.resolve("track_corpus"),
                        List.of("sample_0", "sample_1", "sample_2")))).build());
        trackJitter = tmp.resolve("jitter.gvl");
        Gvl.write(trackJitter, WriteOptions.builder(DATA.resolve("track_jitter/regions.bed"))
                .track(new BigWigs("signal", samples(DATA.resolve("track_jitter"), List.of("s0", "s1", "s2"))))
                .maxJitter(4).build());
    }

    @AfterAll
    static void closeReference() {
        reference.close();
    }

    private static Map<String, Path> samples(Path dir, List<String> names) {
        Map<String, Path> m = new TreeMap<>();
        names.forEach(n -> m.put(n, dir.resolve(n + ".bw")));
        return m;
    }

    /** The five regions of GVL's strand-mixed and haps+tracks fixtures, with or without a strand column. */
    private static Path fiveRegions(String name, String[] strands) throws IOException {
        String[] chrom = {"chr1", "chr1", "chr1", "chr2", "chr2"};
        int[] start = {1010685, 1110686, 1210686, 14360, 1110686};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            sb.append(chrom[i]).append('\t').append(start[i]).append('\t').append(start[i] + 20);
            if (strands != null) {
                sb.append("\t.\t.\t").append(strands[i]);
            }
            sb.append('\n');
        }
        Path bed = tmp.resolve(name);
        Files.writeString(bed, sb);
        return bed;
    }

    private static Dataset open(Path dir, boolean withReference) {
        return withReference ? Dataset.open(dir, reference) : Dataset.open(dir);
    }

    static Stream<Arguments> goldens() {
        return Stream.of(
                golden("ds_haplotypes_mode", () -> phased, true, d -> d.withSeqs(SeqKind.HAPLOTYPES)),
                golden("ds_annotated_mode", () -> phased, true, d -> d.withSeqs(SeqKind.ANNOTATED)),
                golden("ds_haps_fixed_len", () -> phased, true,
                        d -> d.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(15))),
                golden("ds_reference_mode", () -> phased, true, d -> d.withSeqs(SeqKind.REFERENCE)),
                golden("ds_tracks", () -> trackCorpus, false, d -> d.withTracks("signal")),
                golden("ds_tracks_jitter", () -> trackJitter, false, d -> d.withTracks("signal")),
                golden("ds_haps_tracks_Repeat5p", () -> hapsTracks, true, d -> hapsTracks(d, new InsertionFill.Repeat5p())),
                golden("ds_haps_tracks_Repeat5pNormalized", () -> hapsTracks, true,
                        d -> hapsTracks(d, new InsertionFill.Repeat5pNormalized())),
                golden("ds_haps_tracks_Constant", () -> hapsTracks, true, d -> hapsTracks(d, new InsertionFill.Constant(0.0))),
                golden("ds_haps_tracks_FlankSample", () -> hapsTracks, true, d -> hapsTracks(d, new InsertionFill.FlankSample(5))),
                golden("ds_haps_tracks_Interpolate", () -> hapsTracks, true, d -> hapsTracks(d, new InsertionFill.Interpolate(1))),
                golden("ds_neg_strand_reference", () -> strandMixed, true, d -> d.withSeqs(SeqKind.REFERENCE).withoutTracks()),
                golden("ds_neg_strand_haplotypes", () -> strandMixed, true, d -> d.withSeqs(SeqKind.HAPLOTYPES).withoutTracks()),
                golden("ds_neg_strand_annotated", () -> strandMixed, true, d -> d.withSeqs(SeqKind.ANNOTATED).withoutTracks()),
                golden("ds_neg_strand_tracks", () -> strandMixed, false, d -> d.withSeqs(SeqKind.NONE).withTracks("signal")),
                golden("ds_neg_strand_tracks_seqs", () -> strandMixed, true,
                        d -> d.withSeqs(SeqKind.REFERENCE).withTracks("signal")),
                golden("ds_neg_strand_haps_tracks", () -> strandMixed, true,
                        d -> d.withSeqs(SeqKind.HAPLOTYPES).withTracks("signal")));
    }

    private static Dataset hapsTracks(Dataset d, InsertionFill fill) {
        return d.withSeqs(SeqKind.HAPLOTYPES).withTracks("signal").withInsertionFill(fill);
    }

    private static Arguments golden(String name, java.util.function.Supplier<Path> dir, boolean ref,
                                    Function<Dataset, Dataset> view) {
        return Arguments.of(name, dir, ref, view);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void matchesGvlByteForByte(String name, java.util.function.Supplier<Path> dir, boolean withReference,
                               Function<Dataset, Dataset> view) {
        FlatGolden golden = FlatGolden.read(name);
        try (Dataset ds = open(dir.get(), withReference); DatasetOutput out = view.apply(ds).getAll()) {
            List<FlatGolden.Block> ours = FlatGolden.of(out);
            assertEquals(golden.blocks().size(), ours.size(), "number of arrays");
            for (int i = 0; i < ours.size(); i++) {
                assertArrayEquals(golden.blocks().get(i).bytes(), ours.get(i).bytes(),
                        name + ": " + golden.blocks().get(i).what() + " vs our " + ours.get(i).what());
            }
        }
    }

    @Test
    void referenceFetchMatchesGvl() {
        FlatGolden golden = FlatGolden.read("ds_reference_fetch");
        byte[] ours = reference.fetch(reference.contigs().get(0), 0, 50);
        assertArrayEquals(golden.blocks().get(0).bytes(), ours);
        assertArrayEquals(golden.blocks().get(1).bytes(),
                java.nio.ByteBuffer.allocate(16).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(0).putLong(50).array());
    }
}
