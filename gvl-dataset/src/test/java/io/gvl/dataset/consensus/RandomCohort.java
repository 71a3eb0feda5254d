package io.gvl.dataset.consensus;

import io.gvl.testkit.Oracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded random cohort for consensus parity: a random reference, random phased SNPs and indels written as a raw
 * VCF (indels not necessarily left-aligned), normalized with {@code bcftools norm} the way GVL's test builders do,
 * and random regions whose boundaries avoid the one documented GVL/bcftools difference (a region boundary inside
 * a variant's REF span, including deletions anchored before the start).
 */
final class RandomCohort {
    static final List<String> SAMPLES = List.of("S0", "S1", "S2", "S3");
    static final int[] CONTIG_LENGTHS = {4000, 3000};

    /** A normalized record: contig index, 0-based position, REF length. */
    record Site(int contig, int pos, int refLength) {
    }

    record Window(int contig, int start, int end, boolean minus) {
        String name() {
            return "c" + (contig + 1) + ":" + (start + 1) + "-" + end;
        }
    }

    final long seed;
    final Path fasta;
    final Path vcf;
    final Path bed;
    final List<Window> windows = new ArrayList<>();

    RandomCohort(long seed, Path dir) throws IOException {
        this.seed = seed;
        SplittableRandom rng = new SplittableRandom(seed);
        String[] seqs = new String[CONTIG_LENGTHS.length];
        StringBuilder fa = new StringBuilder();
        for (int c = 0; c < seqs.length; c++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < CONTIG_LENGTHS[c]; i++) {
                sb.append("ACGT".charAt(rng.nextInt(4)));
            }
            seqs[c] = sb.toString();
            fa.append(">c").append(c + 1).append('\n');
            for (int i = 0; i < seqs[c].length(); i += 70) {
                fa.append(seqs[c], i, Math.min(i + 70, seqs[c].length())).append('\n');
            }
        }
        fasta = dir.resolve("ref.fa");
        Files.writeString(fasta, fa);
        Oracle.SAMTOOLS.run(List.of("faidx", fasta.toString()));
        Path raw = dir.resolve("raw.vcf");
        Files.writeString(raw, rawVcf(seqs, rng));
        vcf = dir.resolve("norm.vcf.gz");
        Oracle.BCFTOOLS.run(List.of("norm", "--no-version", "-f", fasta.toString(), "-m", "-any", "-Oz", "-o",
                vcf.toString(), raw.toString()));
        Oracle.BCFTOOLS.run(List.of("index", "-t", vcf.toString()));
        List<Site> sites = sites();
        for (int k = 0; k < 6; k++) {
            int c = rng.nextInt(seqs.length);
            for (int attempt = 0; attempt < 1000; attempt++) {
                int len = 50 + rng.nextInt(500);
                int start = rng.nextInt(CONTIG_LENGTHS[c] - len);
                Window w = new Window(c, start, start + len, rng.nextBoolean());
                if (clean(w, sites)) {
                    windows.add(w);
                    break;
                }
            }
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < windows.size(); i++) {
            Window w = windows.get(i);
            b.append("c").append(w.contig() + 1).append('\t').append(w.start()).append('\t').append(w.end())
                    .append("\tr").append(i).append("\t0\t").append(w.minus() ? '-' : '+').append('\n');
        }
        bed = dir.resolve("regions.bed");
        Files.writeString(bed, b);
    }

    private static String rawVcf(String[] seqs, SplittableRandom rng) {
        StringBuilder v = new StringBuilder("##fileformat=VCFv4.2\n");
        for (int c = 0; c < seqs.length; c++) {
            v.append("##contig=<ID=c").append(c + 1).append(",length=").append(seqs[c].length()).append(">\n");
        }
        v.append("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n");
        v.append("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t").append(String.join("\t", SAMPLES))
                .append('\n');
        for (int c = 0; c < seqs.length; c++) {
            int pos = 20 + rng.nextInt(20);
            while (pos < seqs[c].length() - 30) {
                int kind = rng.nextInt(4);
                String ref;
                String alt;
                if (kind <= 1) {
                    ref = seqs[c].substring(pos, pos + 1);
                    alt = String.valueOf("ACGT".replace(ref, "").charAt(rng.nextInt(3)));
                } else if (kind == 2) {
                    ref = seqs[c].substring(pos, pos + 1);
                    StringBuilder ins = new StringBuilder(ref);
                    for (int i = 0, n = 1 + rng.nextInt(6); i < n; i++) {
                        ins.append("ACGT".charAt(rng.nextInt(4)));
                    }
                    alt = ins.toString();
                } else {
                    ref = seqs[c].substring(pos, pos + 2 + rng.nextInt(6));
                    alt = ref.substring(0, 1);
                }
                v.append('c').append(c + 1).append('\t').append(pos + 1).append("\t.\t").append(ref).append('\t')
                        .append(alt).append("\t.\tPASS\t.\tGT");
                for (int s = 0; s < SAMPLES.size(); s++) {
                    v.append('\t').append(rng.nextInt(3) == 0 ? 1 : 0).append('|').append(rng.nextInt(3) == 0 ? 1 : 0);
                }
                v.append('\n');
                pos += ref.length() + 15 + rng.nextInt(30);
            }
        }
        return v.toString();
    }

    private List<Site> sites() {
        List<Site> out = new ArrayList<>();
        for (String line : Oracle.BCFTOOLS.run(List.of("query", "-f", "%CHROM\t%POS\t%REF\n", vcf.toString()))
                .lines().toList()) {
            String[] f = line.split("\t");
            out.add(new Site(Integer.parseInt(f[0].substring(1)) - 1, Integer.parseInt(f[1]) - 1, f[2].length()));
        }
        return out;
    }

    /** No boundary inside a REF span or right after an insertion's anchor. */
    private static boolean clean(Window w, List<Site> sites) {
        for (Site s : sites) {
            if (s.contig() != w.contig()) {
                continue;
            }
            int end = s.pos() + s.refLength();
            boolean startInside = s.pos() < w.start() && w.start() < end + 1;
            boolean endInside = s.pos() < w.end() && w.end() < end;
            if (startInside || endInside) {
                return false;
            }
        }
        return true;
    }
}
