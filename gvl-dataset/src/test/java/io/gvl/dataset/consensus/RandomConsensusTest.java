package io.gvl.dataset.consensus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.FastaText;
import io.gvl.testing.SyntheticDataset;
import io.gvl.testkit.Oracle;
import io.gvl.testkit.Oracles;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random cohorts (reference, phased VCF normalized with bcftools, regions and strands): every haplotype gvl
 * writes and reconstructs equals {@code bcftools consensus -H {1,2} -s S} on that region, reverse-complemented for
 * minus-strand regions. The case count is checked at the end.
 */
class RandomConsensusTest {
    static final AtomicInteger CASES = new AtomicInteger();
    static final AtomicInteger SEEDS_RUN = new AtomicInteger();

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {1001, 1002, 1003, 1004, 1005, 1006, 1007})
    void haplotypesEqualBcftoolsConsensus(long seed) throws Exception {
        Oracles.require(Oracle.BCFTOOLS, Oracle.SAMTOOLS);
        SEEDS_RUN.incrementAndGet();
        RandomCohort cohort = new RandomCohort(seed, tmp);
        Path ds = tmp.resolve("cohort.gvl");
        Gvl.write(ds, WriteOptions.builder(cohort.bed).variants(cohort.vcf).build());
        List<String> regionNames = cohort.windows.stream().map(RandomCohort.Window::name).toList();
        Path regionsFa = tmp.resolve("regions.fa");
        List<String> faidx = new ArrayList<>(List.of("faidx", cohort.fasta.toString()));
        faidx.addAll(regionNames);
        Files.writeString(regionsFa, Oracle.SAMTOOLS.run(faidx));
        try (Reference ref = Reference.open(cohort.fasta, tmp.resolve("cache"));
             Dataset d = Dataset.open(ds, ref);
             DatasetOutput out = d.withSeqs(SeqKind.HAPLOTYPES).getAll()) {
            Ragged haps = (Ragged) out.sequences();
            List<String> samples = d.samples();
            assertEquals(RandomCohort.SAMPLES, samples);
            for (int s = 0; s < samples.size(); s++) {
                for (int h = 0; h < 2; h++) {
                    List<String> consensus = FastaText.sequences(Oracle.BCFTOOLS.run(List.of("consensus", "-H",
                            String.valueOf(h + 1), "-s", samples.get(s), "-f", regionsFa.toString(),
                            cohort.vcf.toString())));
                    assertEquals(regionNames.size(), consensus.size());
                    for (int r = 0; r < regionNames.size(); r++) {
                        RandomCohort.Window w = cohort.windows.get(r);
                        String want = w.minus() ? SyntheticDataset.reverseComplement(consensus.get(r))
                                : consensus.get(r);
                        String got = new String(haps.rowBytes(((long) r * samples.size() + s) * 2 + h),
                                StandardCharsets.US_ASCII);
                        assertEquals(want, got, "seed " + seed + " region " + regionNames.get(r) + " "
                                + (w.minus() ? "-" : "+") + " " + samples.get(s) + " hap " + h);
                        CASES.incrementAndGet();
                    }
                }
            }
        }
    }

    @AfterAll
    static void enoughCases() {
        if (SEEDS_RUN.get() > 0) {
            System.out.println("RandomConsensusTest: " + CASES.get() + " haplotypes compared with bcftools consensus");
            assertTrue(CASES.get() >= 200, "at least 200 consensus cases, got " + CASES.get());
        }
    }
}
