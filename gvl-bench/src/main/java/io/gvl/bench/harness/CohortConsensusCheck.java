package io.gvl.bench.harness;

import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.Region;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The consensus check of {@code dev/cohort-bench}: on seeded random (region, sample) pairs of a dataset written from a
 * cohort, both haplotypes gvl reconstructs (ragged, as the region's reference with the sample's variants applied)
 * must equal {@code samtools faidx | bcftools consensus -H 1|2 -s SAMPLE VCF} of the same region
 * ({@link BcftoolsConsensusPeer#haplotype}; reverse-complemented for minus-strand regions). Prints one JSON line and
 * exits 1 on the first mismatch, naming the region, sample and haplotype and where the sequences first differ.
 * Arguments: {@code DATASET FASTA VCF PAIRS SEED}.
 */
public final class CohortConsensusCheck {
    private CohortConsensusCheck() {
    }

    /**
     * Runs the check.
     *
     * @param args {@code DATASET FASTA VCF PAIRS SEED}
     * @throws IOException          if a file cannot be read or a pipeline fails
     * @throws InterruptedException if interrupted while waiting for bcftools
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 5) {
            throw new IllegalArgumentException("usage: CohortConsensusCheck DATASET FASTA VCF PAIRS SEED");
        }
        Path dataset = Path.of(args[0]);
        Path fasta = Path.of(args[1]);
        Path vcf = Path.of(args[2]);
        int pairs = Integer.parseInt(args[3]);
        long seed = Long.parseLong(args[4]);
        if (!BcftoolsConsensusPeer.available()) {
            System.err.println("cohort-bench: FAILED: bcftools and samtools are needed for the consensus check "
                    + "(apt-get install bcftools samtools)");
            System.exit(1);
        }
        Path cache = Files.createTempDirectory("gvl-cohort-consensus-");
        long t0 = System.nanoTime();
        long bases = 0;
        try (Reference ref = Reference.open(fasta, cache);
             Dataset ds = Dataset.open(dataset, ref)) {
            Dataset haps = ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.ragged());
            List<Region> regions = ds.regions();
            List<String> samples = ds.samples();
            SplittableRandom rnd = new SplittableRandom(seed);
            for (int i = 0; i < pairs; i++) {
                int r = rnd.nextInt(regions.size());
                int s = rnd.nextInt(samples.size());
                Region region = regions.get(r);
                try (DatasetOutput out = haps.get(new int[] {r}, new int[] {s})) {
                    Ragged seqs = (Ragged) out.sequences();
                    for (int h = 0; h < 2; h++) {
                        byte[] want = BcftoolsConsensusPeer.haplotype(fasta, vcf, region, samples.get(s), h + 1);
                        if (region.strand() < 0) {
                            want = reverseComplement(want);
                        }
                        byte[] got = seqs.rowBytes(h);
                        if (!Arrays.equals(want, got)) {
                            int at = Arrays.mismatch(want, got);
                            System.err.printf(Locale.ROOT, "cohort-bench: FAILED: consensus check: region %d (%s:%d-%d"
                                    + " %c), sample %s, haplotype %d: gvl gives %,d bp, bcftools consensus %,d bp; "
                                    + "first difference at offset %,d (gvl %s, bcftools %s)%n", r, region.chrom(),
                                    region.start(), region.end(), region.strandChar(), samples.get(s), h + 1,
                                    got.length, want.length, at, context(got, at), context(want, at));
                            System.exit(1);
                        }
                        bases += got.length;
                    }
                }
            }
        } finally {
            BenchFixture.deleteTree(cache);
        }
        System.out.printf(Locale.ROOT, "{\"step\": \"consensus\", \"dataset\": \"%s\", \"pairs\": %d, \"haplotypes\": %d,"
                + " \"bases\": %d, \"seed\": %d, \"equal\": true, \"wall_s\": %.2f}%n", dataset, pairs, 2 * pairs,
                bases, seed, (System.nanoTime() - t0) / 1e9);
    }

    private static String context(byte[] seq, int at) {
        int from = Math.max(0, Math.min(at, seq.length) - 5);
        int to = Math.min(seq.length, at + 10);
        return new String(seq, from, to - from, StandardCharsets.US_ASCII);
    }

    private static byte[] reverseComplement(byte[] s) {
        byte[] out = new byte[s.length];
        for (int i = 0; i < s.length; i++) {
            byte b = s[s.length - 1 - i];
            out[i] = switch (b) {
                case 'A' -> 'T';
                case 'C' -> 'G';
                case 'G' -> 'C';
                case 'T' -> 'A';
                case 'a' -> 't';
                case 'c' -> 'g';
                case 'g' -> 'c';
                case 't' -> 'a';
                default -> b;
            };
        }
        return out;
    }
}
