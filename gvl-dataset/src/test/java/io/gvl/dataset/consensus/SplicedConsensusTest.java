package io.gvl.dataset.consensus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.VarFilter;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random cohorts spliced into random transcripts through BED columns ({@code transcript_id},
 * {@code exon_number}, exons listed in shuffled order): each spliced haplotype equals the concatenation, in exon
 * order, of {@code bcftools consensus} of its exons (each reverse-complemented when on the minus strand), with and
 * without the exonic filter, and the spliced reference equals the concatenated {@code samtools faidx} exons.
 */
class SplicedConsensusTest {
    @TempDir
    Path tmp;

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {2001, 2002, 2003, 2004, 2005})
    void splicedOutputsEqualConcatenatedExonConsensus(long seed) throws Exception {
        Oracles.require(Oracle.BCFTOOLS, Oracle.SAMTOOLS);
        RandomCohort cohort = new RandomCohort(seed, tmp);
        SplittableRandom rng = new SplittableRandom(seed * 31);
        int n = cohort.windows.size();
        String[] transcript = new String[n];
        int[] exonNumber = new int[n];
        Map<String, List<Integer>> exons = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            transcript[i] = "T" + rng.nextInt(3);
        }
        for (int i = 0; i < n; i++) {
            exons.computeIfAbsent(transcript[i], k -> new ArrayList<>()).add(i);
        }
        for (List<Integer> rows : exons.values()) {
            // exon numbers: a random permutation of 1..k, so splice order differs from row order
            List<Integer> numbers = new ArrayList<>();
            for (int k = 1; k <= rows.size(); k++) {
                numbers.add(k);
            }
            for (int k = numbers.size() - 1; k > 0; k--) {
                int j = rng.nextInt(k + 1);
                numbers.set(k, numbers.set(j, numbers.get(k)));
            }
            for (int k = 0; k < rows.size(); k++) {
                exonNumber[rows.get(k)] = numbers.get(k);
            }
            rows.sort((a, b) -> Integer.compare(exonNumber[a], exonNumber[b]));
        }
        Path bed = tmp.resolve("exons.bed");
        StringBuilder b = new StringBuilder("#chrom\tchromStart\tchromEnd\tname\tscore\tstrand\ttranscript_id\texon_number\n");
        for (int i = 0; i < n; i++) {
            RandomCohort.Window w = cohort.windows.get(i);
            b.append('c').append(w.contig() + 1).append('\t').append(w.start()).append('\t').append(w.end())
                    .append("\tr").append(i).append("\t0\t").append(w.minus() ? '-' : '+').append('\t')
                    .append(transcript[i]).append('\t').append(exonNumber[i]).append('\n');
        }
        Files.writeString(bed, b);
        Path ds = tmp.resolve("spliced.gvl");
        Gvl.write(ds, WriteOptions.builder(bed).variants(cohort.vcf).build());

        List<String> names = cohort.windows.stream().map(RandomCohort.Window::name).toList();
        List<String> faidx = new ArrayList<>(List.of("faidx", cohort.fasta.toString()));
        faidx.addAll(names);
        String regionsFasta = Oracle.SAMTOOLS.run(faidx);
        Path regionsFa = tmp.resolve("regions.fa");
        Files.writeString(regionsFa, regionsFasta);
        List<String> refs = stranded(cohort, FastaText.sequences(regionsFasta));
        try (Reference ref = Reference.open(cohort.fasta, tmp.resolve("cache"));
             Dataset d = Dataset.open(ds, ref).spliceInfo("transcript_id", "exon_number")) {
            assertEquals(List.copyOf(exons.keySet()), d.splicedRowKeys());
            try (DatasetOutput out = d.withSeqs(SeqKind.REFERENCE).getAll()) {
                Ragged seqs = (Ragged) out.sequences();
                int t = 0;
                for (List<Integer> rows : exons.values()) {
                    for (int s = 0; s < d.sampleCount(); s++) {
                        assertEquals(concat(refs, rows), ascii(seqs.rowBytes((long) t * d.sampleCount() + s)),
                                "seed " + seed + " reference of " + d.splicedRowKeys().get(t));
                    }
                    t++;
                }
            }
            for (VarFilter filter : VarFilter.values()) {
                Dataset haps = d.withSeqs(SeqKind.HAPLOTYPES).withVarFilter(filter);
                try (DatasetOutput out = haps.getAll()) {
                    Ragged seqs = (Ragged) out.sequences();
                    for (int s = 0; s < d.sampleCount(); s++) {
                        for (int h = 0; h < 2; h++) {
                            List<String> consensus = stranded(cohort, FastaText.sequences(Oracle.BCFTOOLS.run(List.of("consensus", "-H", String.valueOf(h + 1), "-s", d.samples().get(s), "-f",
                                    regionsFa.toString(), cohort.vcf.toString()))));
                            int t = 0;
                            for (List<Integer> rows : exons.values()) {
                                long row = ((long) t * d.sampleCount() + s) * 2 + h;
                                assertEquals(concat(consensus, rows), ascii(seqs.rowBytes(row)), "seed " + seed
                                        + " " + filter + " " + d.splicedRowKeys().get(t) + " exons " + rows
                                        + " sample " + s + " hap " + h);
                                t++;
                            }
                        }
                    }
                }
            }
        }
    }

    private static List<String> stranded(RandomCohort cohort, List<String> seqs) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < seqs.size(); i++) {
            out.add(cohort.windows.get(i).minus() ? SyntheticDataset.reverseComplement(seqs.get(i)) : seqs.get(i));
        }
        return out;
    }

    private static String concat(List<String> perExon, List<Integer> rows) {
        StringBuilder sb = new StringBuilder();
        rows.forEach(r -> sb.append(perExon.get(r)));
        return sb.toString();
    }

    private static String ascii(byte[] b) {
        return new String(b, StandardCharsets.US_ASCII);
    }
}
