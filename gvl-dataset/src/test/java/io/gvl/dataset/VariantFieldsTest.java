package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.DummyVariant;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.TokenAlphabet;
import io.gvl.dataset.settings.VarWindowOpt;
import io.gvl.dataset.variants.NestedRagged;
import io.gvl.dataset.variants.Variants;
import io.gvl.io.fasta.Reference;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lazy variant fields (an I/O counter), the fields a dataset offers, flank tokens, and the typed errors. */
class VariantFieldsTest {
    static final Path SYN = Path.of(System.getProperty("gvl.shared.data"), "gvl-fixtures/synthetic");

    @TempDir
    static Path tmp;
    static Path random;
    static Path noAf;
    static Path synthetic;
    static Reference reference;

    @BeforeAll
    static void write() throws IOException {
        Path bed = Files.writeString(tmp.resolve("r.bed"), "chr1\t100\t400\nchr1\t900\t1500\n");
        random = tmp.resolve("random.gvl");
        Gvl.write(random, WriteOptions.builder(bed).variants(RandomVcf.write(tmp, new Random(7), 3, 80)).build());
        noAf = tmp.resolve("noaf.gvl");
        Gvl.write(noAf, WriteOptions.builder(bed)
                .variants(RandomVcf.write(tmp, new Random(8), 2, 30, false)).build());
        synthetic = tmp.resolve("syn.gvl");
        Gvl.write(synthetic, WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("filtered.vcf.gz"))
                .maxJitter(2).build());
        reference = Reference.open(SYN.resolve("ref.fa.bgz"), tmp.resolve("cache"));
    }

    @AfterAll
    static void close() {
        if (reference != null) { // null when set-up stopped early (e.g. the bcftools oracle is missing: a skip)
            reference.close();
        }
    }

    @Test
    void unrequestedFieldsAreNeverLoaded() {
        try (Dataset ds = Dataset.open(random)) {
            assertEquals(List.of("alt", "start", "ref", "ilen", "dosage", "AF"), ds.availableVarFields());
            assertEquals(SeqKind.VARIANTS, ds.seqKind(), "genotypes without a reference start as variants (GVL)");
            try (DatasetOutput out = ds.getAll()) {
                assertEquals(List.of("alt", "start", "ilen"), out.arrays().stream().map(a -> a.name()).toList());
            }
            assertEquals(Map.of(), ds.variantFieldLoads(), "default fields load nothing optional");
            Dataset af = ds.withSettings(s -> s.withVarFields("alt", "start", "AF"));
            try (DatasetOutput a = af.getAll(); DatasetOutput b = af.getAll()) {
                assertEquals(List.of("alt", "start", "AF"), a.arrays().stream().map(x -> x.name()).toList());
            }
            assertEquals(Map.of("AF", 1), ds.variantFieldLoads(), "AF loaded once, dosages and REF never");
            try (DatasetOutput d = ds.withSettings(s -> s.withVarFields("dosage", "ref")).getAll()) {
                assertEquals(DatasetOutput.DOSAGE, d.arrays().get(3).name());
            }
            assertEquals(Map.of("AF", 1, "dosage", 1, "ref", 1), ds.variantFieldLoads());
        }
    }

    @Test
    void flankTokensAreTheReferenceAroundEachVariant() {
        TokenAlphabet acgt = TokenAlphabet.of("ACGT", 4);
        int l = 3;
        try (Dataset ds = Dataset.open(synthetic, reference);
             DatasetOutput out = ds.withoutTracks().withSeqs(SeqKind.VARIANTS)
                     .withSettings(s -> s.withTokens(acgt).withFlankLength(l)).getAll()) {
            Variants v = Variants.of(out);
            Dense tokens = v.flankTokens().orElseThrow();
            Ragged start = v.field(DatasetOutput.START);
            Ragged ilen = v.field(DatasetOutput.ILEN);
            assertEquals(v.variants(), tokens.rows());
            long groups = v.groups();
            for (long g = 0; g < groups; g++) {
                String chrom = ds.regions().get((int) (g / v.ploidy() / ds.sampleCount())).chrom();
                for (long k = start.offset(g); k < start.offset(g + 1); k++) {
                    int s = Mem.i32(start.data(), k);
                    long end = s - Math.min(Mem.i32(ilen.data(), k), 0) + 1;
                    byte[] left = reference.fetch(chrom, s - l, s);
                    byte[] right = reference.fetch(chrom, end, end + l);
                    for (int j = 0; j < l; j++) {
                        assertEquals(token(left[j]), Mem.u8(tokens.data(), k * 2 * l + j));
                        assertEquals(token(right[j]), Mem.u8(tokens.data(), k * 2 * l + l + j));
                    }
                }
            }
        }
    }

    private static byte token(byte base) {
        int i = "ACGT".indexOf(base);
        return (byte) (i < 0 ? 4 : i);
    }

    @Test
    void allelesAreZeroCopyViews() {
        try (Dataset ds = Dataset.open(synthetic, reference);
             DatasetOutput out = ds.withoutTracks().withSeqs(SeqKind.VARIANTS).get(1, 1)) {
            NestedRagged alt = Variants.of(out).alleles(DatasetOutput.ALT).orElseThrow();
            assertTrue(alt.data().isNative(), "alleles live in the output's off-heap arena");
            assertEquals(alt.data().byteSize(), alt.dataBuffer().capacity());
            assertArrayEqualsOffsets(Variants.of(out).groupOffsets(), alt.groupOffsets());
        }
    }

    private static void assertArrayEqualsOffsets(java.lang.foreign.MemorySegment a, java.lang.foreign.MemorySegment b) {
        assertEquals(a.address(), b.address(), "every field shares one group offsets buffer");
    }

    @Test
    void unknownFieldListsTheAvailableOnes() {
        try (Dataset ds = Dataset.open(random)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ds.withSettings(s -> s.withVarFields("alt", "QUAL")));
            assertTrue(e.getMessage().contains("'QUAL'") && e.getMessage().contains("[alt, start, ref, ilen, dosage, AF]"),
                    e.getMessage());
        }
    }

    @Test
    void afBoundsNeedAnAfColumn() {
        try (Dataset ds = Dataset.open(noAf)) {
            assertFalse(ds.availableVarFields().contains("AF"));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ds.withSettings(s -> s.withMinAf(0.1)));
            assertTrue(e.getMessage().contains("AF column"), e.getMessage());
        }
    }

    @Test
    void windowsNeedOptionsAndAReference() {
        VarWindowOpt opt = VarWindowOpt.windows(2, TokenAlphabet.of("ACGT", 4));
        try (Dataset ds = Dataset.open(random)) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> ds.withSeqs(SeqKind.VARIANT_WINDOWS))
                    .getMessage().contains("window options"));
            assertTrue(assertThrows(IllegalArgumentException.class, () -> ds.withSeqs(SeqKind.VARIANT_WINDOWS, opt))
                    .getMessage().contains("needs a reference"));
            assertThrows(IllegalArgumentException.class, () -> ds.withSeqs(SeqKind.HAPLOTYPES, opt));
        }
    }

    @Test
    void unsupportedCombinationsFailClearly() {
        try (Dataset ds = Dataset.open(synthetic, reference)) {
            Dataset variants = ds.withoutTracks().withSeqs(SeqKind.VARIANTS);
            assertTrue(assertThrows(IllegalArgumentException.class,
                    () -> ds.withSettings(s -> s.withUnphasedUnion(true))).getMessage().contains("unphasedUnion"));
            assertTrue(assertThrows(IllegalArgumentException.class,
                    () -> variants.withLen(OutputLength.fixed(10))).getMessage().contains("always ragged"));
            assertTrue(assertThrows(IllegalArgumentException.class,
                    () -> variants.withSettings(s -> s.withFlankLength(4))).getMessage().contains("token alphabet"));
            Dataset dummyHaps = variants.withSettings(s -> s.withDummyVariant(DummyVariant.defaults()))
                    .withSeqs(SeqKind.HAPLOTYPES);
            assertTrue(assertThrows(IllegalArgumentException.class, () -> dummyHaps.get(0, 0)).getMessage()
                    .contains("dummy variant"));
            Dataset afHaps = variants.withSettings(s -> s.withMaxAf(0.5)).withSeqs(SeqKind.HAPLOTYPES);
            assertThrows(UnsupportedOperationException.class, () -> afHaps.get(0, 0));
        }
    }
}
