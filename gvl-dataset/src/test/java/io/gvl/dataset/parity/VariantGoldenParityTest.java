package io.gvl.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.DummyVariant;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.TokenAlphabet;
import io.gvl.dataset.settings.VarWindowOpt;
import io.gvl.dataset.variants.NestedRagged;
import io.gvl.dataset.variants.Variants;
import io.gvl.format.array.NpyArray;
import io.gvl.format.array.Npz;
import io.gvl.io.fasta.Reference;
import io.gvl.write.Gvl;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * GVL's variant goldens ({@code ds_variants}, {@code ds_neg_strand_variants}, {@code ds_neg_strand_variants_dummy},
 * {@code ds_variant_windows}) and the {@code variants_ragged} getitem snapshot, byte for byte, on datasets gvl
 * writes from GVL's fixtures with the recipes of {@code tests/parity/test_gen_dataset_goldens.py}.
 */
class VariantGoldenParityTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SYN = DATA.resolve("gvl-fixtures/synthetic");

    @TempDir
    static Path tmp;
    static Reference reference;
    /** GVL's {@code phased_*_gvl}: the synthetic case, {@code max_jitter=2}. */
    static Path phased;
    /** {@code build_strand_mixed_dataset}: five regions of mixed strand with a bigWig track, no jitter. */
    static Path strandMixed;

    @BeforeAll
    static void writeDatasets() throws IOException {
        reference = Reference.open(SYN.resolve("ref.fa.bgz"), tmp.resolve("cache"));
        phased = tmp.resolve("phased.gvl");
        Gvl.write(phased, WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("filtered.vcf.gz"))
                .maxJitter(2).build());
        String[] chrom = {"chr1", "chr1", "chr1", "chr2", "chr2"};
        int[] start = {1010685, 1110686, 1210686, 14360, 1110686};
        String[] strand = {"+", "-", "+", "-", "+"};
        StringBuilder bed = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            bed.append(chrom[i]).append('\t').append(start[i]).append('\t').append(start[i] + 20).append("\t.\t.\t")
                    .append(strand[i]).append('\n');
        }
        Path bedFile = Files.writeString(tmp.resolve("strand.bed"), bed);
        Map<String, Path> bws = new TreeMap<>();
        for (String s : List.of("s0", "s1", "s2")) {
            bws.put(s, SYN.resolve("bw_seed42/" + s + ".bw"));
        }
        strandMixed = tmp.resolve("strand.gvl");
        Gvl.write(strandMixed, WriteOptions.builder(bedFile).variants(SYN.resolve("filtered.vcf.gz"))
                .track(new BigWigs("signal", bws)).build());
    }

    @AfterAll
    static void closeReference() {
        reference.close();
    }

    static Stream<Arguments> goldens() {
        Function<Dataset, DatasetOutput> all = Dataset::getAll;
        return Stream.of(
                Arguments.of("ds_variants", (Supplier<Path>) () -> phased,
                        (Function<Dataset, Dataset>) d -> d.withoutTracks().withSeqs(SeqKind.VARIANTS), all),
                Arguments.of("ds_neg_strand_variants", (Supplier<Path>) () -> strandMixed,
                        (Function<Dataset, Dataset>) d -> d.withoutTracks().withSeqs(SeqKind.VARIANTS), all),
                Arguments.of("ds_neg_strand_variants_dummy", (Supplier<Path>) () -> strandMixed,
                        (Function<Dataset, Dataset>) d -> d.withoutTracks().withSeqs(SeqKind.VARIANTS)
                                .withSettings(s -> s.withDummyVariant(DummyVariant.defaults().withAlleles("AC", "AC"))),
                        all),
                Arguments.of("ds_variant_windows", (Supplier<Path>) () -> phased,
                        (Function<Dataset, Dataset>) d -> d.withoutTracks().withSeqs(SeqKind.VARIANT_WINDOWS,
                                VarWindowOpt.windows(4, TokenAlphabet.of("ACGT", 4))),
                        (Function<Dataset, DatasetOutput>) d -> d.get(new int[] {0, 1}, new int[] {0, 1})));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void matchesGvlByteForByte(String name, Supplier<Path> dir, Function<Dataset, Dataset> view,
                               Function<Dataset, DatasetOutput> query) {
        FlatGolden golden = FlatGolden.read(name);
        try (Dataset ds = Dataset.open(dir.get(), reference); DatasetOutput out = query.apply(view.apply(ds))) {
            List<FlatGolden.Block> ours = flatten(view.apply(ds).seqKind(), out);
            assertEquals(golden.blocks().size(), ours.size(), "number of arrays");
            for (int i = 0; i < ours.size(); i++) {
                assertArrayEquals(golden.blocks().get(i).bytes(), ours.get(i).bytes(),
                        name + ": " + golden.blocks().get(i).what() + " vs our " + ours.get(i).what());
            }
        }
    }

    /** Our output in the golden's order: GVL's fields (alleles as bytes + group offsets), or its windows. */
    private static List<FlatGolden.Block> flatten(SeqKind kind, DatasetOutput out) {
        Variants v = Variants.of(out);
        List<FlatGolden.Block> blocks = new ArrayList<>();
        if (kind == SeqKind.VARIANTS) {
            NestedRagged alt = v.alleles(DatasetOutput.ALT).orElseThrow();
            blocks.add(new FlatGolden.Block("alt data", bytes(alt.data())));
            blocks.add(new FlatGolden.Block("alt offsets", bytes(alt.groupOffsets())));
            for (String f : v.scalarFields()) {
                Ragged r = v.field(f);
                blocks.add(new FlatGolden.Block(f + " data", bytes(r.data())));
                blocks.add(new FlatGolden.Block(f + " offsets", bytes(r.offsets())));
            }
        } else {
            for (String w : List.of(DatasetOutput.REF_WINDOW, DatasetOutput.ALT_WINDOW)) {
                NestedRagged n = v.window(w).orElseThrow();
                blocks.add(new FlatGolden.Block(w + " data", bytes(n.data())));
                blocks.add(new FlatGolden.Block(w + " seq_offsets", bytes(n.itemOffsets())));
                blocks.add(new FlatGolden.Block(w + " var_offsets", bytes(n.groupOffsets())));
            }
        }
        return blocks;
    }

    private static byte[] bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    /** GVL's {@code test_flat_getitem_snapshot} case {@code variants_ragged}: {@code ds[range(8), [i % 3]]}. */
    @Test
    void variantsRaggedSnapshot() {
        Map<String, NpyArray> snap = Npz.read(DATA.resolve("gvl-goldens/snapshots/variants_ragged.npz"));
        int[] regions = IntStream.range(0, 8).toArray();
        int[] samples = IntStream.range(0, 8).map(i -> i % 3).toArray();
        try (Dataset ds = Dataset.open(phased, reference);
             DatasetOutput out = ds.withoutTracks().withSeqs(SeqKind.VARIANTS).get(regions, samples)) {
            Variants v = Variants.of(out);
            NestedRagged alt = v.alleles(DatasetOutput.ALT).orElseThrow();
            assertArrayEquals(npy(snap, "alt_group_off"), bytes(alt.groupOffsets()));
            assertArrayEquals(npy(snap, "alt_allele_off"), bytes(alt.itemOffsets()));
            assertArrayEquals(npy(snap, "alt_bytes"), bytes(alt.data()));
            assertEquals(snap.get("alt_ploidy").data().get(ValueLayout.JAVA_LONG_UNALIGNED, 0), v.ploidy());
            assertArrayEquals(npy(snap, "ilen_data"), bytes(v.field("ilen").data()));
            assertArrayEquals(npy(snap, "ilen_off"), bytes(v.field("ilen").offsets()));
            assertArrayEquals(npy(snap, "start_data"), bytes(v.field("start").data()));
            assertArrayEquals(npy(snap, "start_off"), bytes(v.field("start").offsets()));
        }
    }

    private static byte[] npy(Map<String, NpyArray> snap, String key) {
        return snap.get(key).data().toArray(ValueLayout.JAVA_BYTE);
    }
}
