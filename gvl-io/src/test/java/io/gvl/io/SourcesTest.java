package io.gvl.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedReader;
import io.gvl.io.bigwig.BigWigReader;
import io.gvl.io.fasta.Reference;
import io.gvl.io.vcf.VcfReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourcesTest {
    @TempDir
    Path tmp;

    @Test
    void synthFixtureContigsAndSamples() throws IOException {
        Path bedPath = tmp.resolve("r.bed");
        Files.writeString(bedPath, "1\t100\t200\nchr2\t5\t50\n");
        BedFile bed = BedReader.read(bedPath);
        try (Reference ref = Reference.open(TestData.fixture("synthetic/ref.fa.bgz"), tmp.resolve("cache"));
                VcfReader vcf = VcfReader.open(TestData.fixture("synthetic/filtered.vcf.gz"));
                BigWigReader s0 = BigWigReader.open(TestData.fixture("synthetic/bw_seed42/s0.bw"));
                BigWigReader s2 = BigWigReader.open(TestData.fixture("synthetic/bw_seed42/s2.bw"))) {
            Sources sources = new Sources(bed, Optional.of(ref), Optional.of(vcf),
                    Map.of("signal", Map.of(vcf.samples().get(2), s2, vcf.samples().get(0), s0)));
            assertEquals(List.of("1", "chr2"), sources.contigsInCommon());
            sources.requireBedContigs();
            List<String> expected = List.of(vcf.samples().get(0), vcf.samples().get(2)).stream().sorted().toList();
            assertEquals(expected, sources.samplesInCommon());
            assertThrows(IllegalArgumentException.class, () -> sources.samples(List.of("nobody")));
        }
    }

    @Test
    void bedContigMissingFromVariantsOrReferenceIsNamed() throws IOException {
        Path bedPath = tmp.resolve("r.bed");
        Files.writeString(bedPath, "ctgA\t1\t10\nctgB\t1\t10\n");
        BedFile bed = BedReader.read(bedPath);
        try (Reference ref = Reference.open(TestData.real("jbrowse-volvox/volvox.fa"), tmp.resolve("cache"));
                VcfReader vcf = VcfReader.open(TestData.real("jbrowse-volvox/volvox.filtered.vcf.gz"),
                        VcfReader.Unsupported.SKIP)) {
            Sources refOnly = new Sources(bed, Optional.of(ref), Optional.empty(), Map.of());
            refOnly.requireBedContigs();
            Sources both = new Sources(bed, Optional.of(ref), Optional.of(vcf), Map.of());
            assertEquals(List.of("ctgA"), both.contigsInCommon());
            InputFormatException e = assertThrows(InputFormatException.class, both::requireBedContigs);
            assertTrue(e.getMessage().contains("r.bed: line 2") && e.getMessage().contains("'ctgB'")
                    && e.getMessage().contains("variants"), e.getMessage());
            assertThrows(IllegalArgumentException.class, refOnly::samplesInCommon);
        }
    }
}
