package io.gvl.bench.harness;

import htsjdk.samtools.util.BlockCompressedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;

/**
 * A synthetic cohort on real sites: phased diploid genotypes for {@code samples} samples, each haplotype's allele
 * drawn from the site's {@code INFO/AF} with a fixed seed, written once as a bgzipped VCF and converted by the
 * standard tools to BCF ({@code bcftools}) and PGEN ({@code plink2}), so the three files hold the same calls.
 *
 * <p>Records gvl cannot store are adapted the way a user would before a write: a multiallelic site becomes one
 * biallelic record per ALT (a haplotype carries at most one of them), and symbolic ALTs ({@code <CN0>},
 * {@code <INS:ME:ALU>}) are left out (their haplotypes read as reference).
 *
 * @param vcf        bgzipped VCF with a {@code .tbi} beside it
 * @param bcf        BCF with a {@code .csi} beside it
 * @param pgen       the {@code .pgen} of a PLINK 2 fileset ({@code .pvar} and {@code .psam} beside it)
 * @param contig     the one contig of the sites
 * @param sites      records of the sites file (before splitting and leaving out symbolic ALTs)
 * @param samples    number of samples
 * @param positions  0-based start of each written record, in file order
 * @param refLengths REF length of each written record
 */
record Cohort(Path vcf, Path bcf, Path pgen, String contig, int sites, int samples, int[] positions, int[] refLengths) {
    /** Seed of the genotype draws; the same seed and sites give the same files. */
    static final long SEED = 20261203L;

    /** Records written. */
    int records() {
        return positions.length;
    }

    /** Records overlapping any of the half-open intervals {@code [starts[i], starts[i] + length)}. */
    long recordsIn(long[] starts, int length) {
        long n = 0;
        for (int r = 0; r < positions.length; r++) {
            long s = positions[r];
            long e = s + Math.max(1, refLengths[r]);
            for (long start : starts) {
                if (s < start + length && e > start) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }

    /**
     * Draws the cohort from {@code sites} (a sites-only VCF, gzipped or bgzipped, one contig) into {@code dir} and
     * converts it; needs {@code bcftools} and {@code plink2} on the PATH. The contig's length goes into the
     * header's {@code ##contig} line from {@code contigLengths} (name to length, as in the FASTA index).
     *
     * @throws IllegalStateException if a tool is missing (the message names it and how to install it) or fails
     */
    static Cohort build(Path sites, Map<String, Long> contigLengths, Path dir, int samples) {
        ExternalTools.require("bcftools", "plink2");
        try {
            Files.createDirectories(dir);
            Path vcf = dir.resolve("cohort.vcf.gz");
            Drawn drawn = draw(sites, contigLengths, vcf, samples);
            ExternalTools.run(dir, "bcftools", "index", "-t", vcf.toString());
            Path bcf = dir.resolve("cohort.bcf");
            ExternalTools.run(dir, "bcftools", "view", "-Ob", "-o", bcf.toString(), vcf.toString());
            ExternalTools.run(dir, "bcftools", "index", bcf.toString());
            Path prefix = dir.resolve("cohort");
            ExternalTools.run(dir, "plink2", "--vcf", vcf.toString(), "--allow-extra-chr", "--output-chr", "chrM",
                    "--vcf-half-call", "r", "--make-pgen", "--out", prefix.toString());
            return new Cohort(vcf, bcf, dir.resolve("cohort.pgen"), drawn.contig, drawn.sites, samples, drawn.positions,
                    drawn.refLengths);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build the cohort in " + dir, e);
        }
    }

    private record Drawn(String contig, int sites, int[] positions, int[] refLengths) {}

    private static Drawn draw(Path sites, Map<String, Long> contigLengths, Path vcf, int samples) throws IOException {
        SplittableRandom random = new SplittableRandom(SEED);
        List<int[]> written = new ArrayList<>();
        String contig = null;
        int siteCount = 0;
        byte[] calls = new byte[samples * 4];
        int haplotypes = 2 * samples;
        int[] allele = new int[haplotypes];
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(sites), 1 << 16), StandardCharsets.US_ASCII), 1 << 16);
             OutputStream out = new BlockCompressedOutputStream(vcf.toFile(), 1)) {
            boolean headerDone = false;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", 9);
                if (contig == null) {
                    contig = f[0];
                } else if (!contig.equals(f[0])) {
                    throw new IllegalArgumentException(sites + ": record at " + f[0] + ":" + f[1]
                            + " is on a second contig; give a sites VCF of one contig");
                }
                siteCount++;
                if (!headerDone) {
                    Long length = contigLengths.get(contig);
                    if (length == null) {
                        throw new IllegalArgumentException(sites + ": contig " + contig + " is not in the FASTA index"
                                + " (contigs " + contigLengths.keySet() + "); give the FASTA of these sites");
                    }
                    out.write(header(contig, length, samples).getBytes(StandardCharsets.US_ASCII));
                    headerDone = true;
                }
                String[] alts = f[4].split(",");
                String[] afText = frequencies(f[7], alts.length);
                double[] af = new double[alts.length];
                for (int k = 0; k < alts.length; k++) {
                    af[k] = parse(afText[k]);
                }
                for (int h = 0; h < haplotypes; h++) {
                    double u = random.nextDouble();
                    int a = 0;
                    double cum = 0;
                    for (int k = 0; k < alts.length; k++) {
                        cum += af[k];
                        if (u < cum) {
                            a = k + 1;
                            break;
                        }
                    }
                    allele[h] = a;
                }
                for (int k = 0; k < alts.length; k++) {
                    if (symbolic(alts[k])) {
                        continue;
                    }
                    for (int s = 0; s < samples; s++) {
                        calls[4 * s] = allele[2 * s] == k + 1 ? (byte) '1' : (byte) '0';
                        calls[4 * s + 1] = '|';
                        calls[4 * s + 2] = allele[2 * s + 1] == k + 1 ? (byte) '1' : (byte) '0';
                        calls[4 * s + 3] = '\t';
                    }
                    calls[calls.length - 1] = '\n';
                    String fixed = f[0] + '\t' + f[1] + "\t.\t" + f[3] + '\t' + alts[k] + "\t.\tPASS\tAF="
                            + afText[k] + "\tGT\t";
                    out.write(fixed.getBytes(StandardCharsets.US_ASCII));
                    out.write(calls);
                    written.add(new int[] {Integer.parseInt(f[1]) - 1, f[3].length()});
                }
            }
            if (contig == null) {
                throw new IllegalArgumentException(sites + " has no records; give the sites VCF of the benchmark");
            }
        }
        int[] positions = new int[written.size()];
        int[] refLengths = new int[written.size()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = written.get(i)[0];
            refLengths[i] = written.get(i)[1];
        }
        return new Drawn(contig, siteCount, positions, refLengths);
    }

    private static String header(String contig, long contigLength, int samples) {
        StringBuilder sb = new StringBuilder("##fileformat=VCFv4.2\n")
                .append("##FILTER=<ID=PASS,Description=\"All filters passed\">\n")
                .append("##contig=<ID=").append(contig).append(",length=").append(contigLength).append(">\n")
                .append("##INFO=<ID=AF,Number=A,Type=Float,Description=\"Allele frequency the genotypes were drawn"
                        + " from\">\n")
                .append("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n")
                .append("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
        for (int s = 0; s < samples; s++) {
            sb.append('\t').append(sampleName(s));
        }
        return sb.append('\n').toString();
    }

    static String sampleName(int s) {
        return String.format("s%04d", s);
    }

    /** {@code INFO/AF} per ALT as written in the sites file; {@code "."} where absent. */
    private static String[] frequencies(String info, int alts) {
        String[] af = new String[alts];
        Arrays.fill(af, ".");
        for (String kv : info.split(";")) {
            if (kv.startsWith("AF=")) {
                String[] v = kv.substring(3).split(",");
                System.arraycopy(v, 0, af, 0, Math.min(alts, v.length));
            }
        }
        return af;
    }

    /** A missing or unparsable frequency counts as 0: that ALT is never drawn. */
    private static double parse(String af) {
        try {
            return Double.parseDouble(af);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static boolean symbolic(String alt) {
        return alt.startsWith("<") || alt.indexOf('[') >= 0 || alt.indexOf(']') >= 0 || alt.equals("*")
                || alt.equals(".");
    }
}
