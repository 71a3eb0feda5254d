package io.gvl.dataset.consensus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.Region;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import io.gvl.testkit.Oracle;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real GRCh37 sequence with real 1000 Genomes sites (vg-z-synth16): every one of the 768 haplotypes gvl
 * reconstructs through the API equals {@code bcftools consensus} (reverse-complemented for minus-strand regions),
 * and reference mode equals {@code samtools faidx}.
 */
class RealConsensusTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path Z = DATA.resolve("real-derived/vg-z-synth16");
    static final Path FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");

    @TempDir
    static Path tmp;
    static Reference reference;
    static Path dataset;

    @BeforeAll
    static void write() {
        reference = Reference.open(FASTA, tmp.resolve("cache"));
        dataset = tmp.resolve("z.gvl");
        Gvl.write(dataset, WriteOptions.builder(Z.resolve("regions.bed")).variants(Z.resolve("z_synth16.norm.vcf.gz"))
                .build());
    }

    @AfterAll
    static void close() {
        reference.close();
    }

    static Map<String, String> consensus() throws IOException {
        Map<String, String> records = new LinkedHashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(Z.resolve("consensus.fa.gz"))), StandardCharsets.US_ASCII))) {
            String header = null;
            StringBuilder seq = new StringBuilder();
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith(">")) {
                    if (header != null) {
                        records.put(header, seq.toString());
                    }
                    header = line.substring(1);
                    seq.setLength(0);
                } else {
                    seq.append(line.strip());
                }
            }
            records.put(header, seq.toString());
        }
        return records;
    }

    @Test
    void all768HaplotypesEqualBcftoolsConsensus() throws IOException {
        Map<String, String> want = consensus();
        assertEquals(768, want.size());
        try (Dataset ds = Dataset.open(dataset, reference);
             DatasetOutput out = ds.withSeqs(SeqKind.HAPLOTYPES).getAll()) {
            Ragged haps = (Ragged) out.sequences();
            List<Region> regions = ds.regions();
            List<String> samples = ds.samples();
            int compared = 0;
            for (int i = 0; i < regions.size(); i++) {
                Region g = regions.get(i);
                for (int s = 0; s < samples.size(); s++) {
                    for (int h = 0; h < 2; h++) {
                        String key = "r" + g.inputRow() + "|" + g.chrom() + ":" + g.start() + "-" + g.end() + "|"
                                + g.strandChar() + "|" + samples.get(s) + "|hap" + h;
                        String plus = want.get(key);
                        assertEquals(true, plus != null, "consensus has " + key);
                        String expected = g.strand() < 0 ? SyntheticDataset.reverseComplement(plus) : plus;
                        String got = new String(haps.rowBytes(((long) i * samples.size() + s) * 2 + h),
                                StandardCharsets.US_ASCII);
                        assertEquals(expected, got, key);
                        compared++;
                    }
                }
            }
            assertEquals(768, compared);
        }
    }

    @Test
    void referenceModeEqualsSamtoolsFaidx() {
        Oracle.SAMTOOLS.require();
        try (Dataset ds = Dataset.open(dataset, reference);
             DatasetOutput out = ds.withSeqs(SeqKind.REFERENCE).withSettings(s -> s.withRcNeg(false))
                     .getGrid(java.util.stream.IntStream.range(0, ds.regionCount()).toArray(), new int[] {0})) {
            Ragged seqs = (Ragged) out.sequences();
            List<Region> regions = ds.regions();
            for (int i = 0; i < regions.size(); i++) {
                Region g = regions.get(i);
                String fa = Oracle.SAMTOOLS.run(List.of("faidx", "--fai-idx", tmp.resolve("z.fa.fai").toString(),
                        FASTA.toString(), g.chrom() + ":" + (g.start() + 1) + "-" + g.end()));
                String expected = String.join("", fa.lines().skip(1).toList());
                assertArrayEquals(expected.getBytes(StandardCharsets.US_ASCII), seqs.rowBytes(i), "region " + i);
            }
        }
    }

}
