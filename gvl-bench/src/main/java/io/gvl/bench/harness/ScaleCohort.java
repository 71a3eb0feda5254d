package io.gvl.bench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Draws the {@link Cohort} of the scale benchmark ({@code dev/scale-bench}) into a cache directory once: a seeded
 * cohort on the real 1000 Genomes sites, as VCF, BCF and PGEN. A directory that already holds a complete cohort of
 * that size (its {@code cohort.done} marker) is reused.
 */
public final class ScaleCohort {
    private ScaleCohort() {
    }

    /**
     * Entry: {@code DIR SAMPLES}; the sites are {@link WriteSourcesSuite#sites()} and the FASTA beside them. Prints
     * the paths of the cohort's files and the FASTA, one {@code key=value} a line.
     *
     * @param args the cache directory and the number of samples
     * @throws IOException if the marker cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: ScaleCohort DIR SAMPLES");
        }
        Path dir = Path.of(args[0]);
        int samples = Integer.parseInt(args[1]);
        Path sites = WriteSourcesSuite.sites();
        Path fasta = WriteSourcesSuite.fasta();
        Path done = dir.resolve("cohort.done");
        if (!Files.exists(done)) {
            long t0 = System.nanoTime();
            Cohort.build(sites, contigLengths(fasta), dir, samples);
            Files.writeString(done, "samples=" + samples + "\nseed=" + Cohort.SEED + "\nseconds="
                    + (System.nanoTime() - t0) / 1e9 + "\n");
        }
        System.out.println("vcf=" + dir.resolve("cohort.vcf.gz"));
        System.out.println("bcf=" + dir.resolve("cohort.bcf"));
        System.out.println("pgen=" + dir.resolve("cohort.pgen"));
        System.out.println("fasta=" + fasta);
        System.out.println("seed=" + Cohort.SEED);
    }

    private static Map<String, Long> contigLengths(Path fasta) throws IOException {
        Map<String, Long> lengths = new LinkedHashMap<>();
        for (String line : Files.readAllLines(fasta.resolveSibling(fasta.getFileName() + ".fai"))) {
            String[] f = line.split("\t");
            if (f.length >= 2) {
                lengths.put(f[0], Long.parseLong(f[1]));
            }
        }
        return lengths;
    }
}
