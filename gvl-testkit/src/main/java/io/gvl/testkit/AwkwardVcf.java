package io.gvl.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded VCF text with every GT shape the genotype-only decoders must read like the full parsers: {@code 0|0} runs,
 * missing {@code .} and {@code ./.}, half-missing {@code 0|.}, haploid calls, unphased {@code /}, zero-padded allele
 * indexes ({@code 00|01}), GT at any FORMAT position with other fields around it, trailing fields dropped (GT
 * itself too when it is not first), ALT-less records and indels. Every record is valid for GVL: biallelic, alleles 0
 * and 1 only. Written plain, bgzipped with a tabix index, and as BCF with a CSI index (bgzip, tabix, bcftools).
 */
public final class AwkwardVcf {
    private static final String[] FORMATS = {"GT", "GT", "GT", "GT:DS", "DS:GT", "GT:AD:DP", "DP:AD:GT", "AD:GT:DS"};
    private static final String[] RARE_CALLS = {"0|1", "1|0", "1|1", "0/1", "1/0", "1/1", ".", "./.", ".|.", "0|.",
        ".|1", "1/.", "1", "0", "00|01", "01|1", "0/0", ".|0"};
    private static final char[] BASES = {'A', 'C', 'G', 'T'};

    private AwkwardVcf() {}

    /** The three encodings of one generated file. */
    public record Files3(Path plain, Path bgzipped, Path bcf) {}

    /** Writes {@code records} records of {@code samples} samples on contigs c1 and c2 into {@code dir}. */
    public static Files3 write(Path dir, long seed, int samples, int records) {
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder sb = new StringBuilder(1 << 16);
        sb.append("##fileformat=VCFv4.2\n");
        sb.append("##contig=<ID=c1,length=2000000>\n##contig=<ID=c2,length=2000000>\n");
        sb.append("##INFO=<ID=AF,Number=A,Type=Float,Description=\"AF\">\n");
        sb.append("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"GT\">\n");
        sb.append("##FORMAT=<ID=DS,Number=1,Type=Float,Description=\"DS\">\n");
        sb.append("##FORMAT=<ID=AD,Number=R,Type=Integer,Description=\"AD\">\n");
        sb.append("##FORMAT=<ID=DP,Number=1,Type=Integer,Description=\"DP\">\n");
        sb.append("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
        for (int s = 0; s < samples; s++) {
            sb.append("\tS").append(s);
        }
        sb.append('\n');
        double carriers = r.nextDouble(0.002, 0.2);
        int pos = 1 + r.nextInt(50);
        for (int i = 0; i < records; i++) {
            String contig = i < records * 3 / 4 ? "c1" : "c2";
            if (i == records * 3 / 4) {
                pos = 1 + r.nextInt(50);
            }
            pos += r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(40);
            char ref = BASES[r.nextInt(4)];
            String refAllele = String.valueOf(ref);
            String alt = String.valueOf(BASES[(indexOf(ref) + 1 + r.nextInt(3)) % 4]);
            int kind = r.nextInt(20);
            if (kind == 0) {
                alt = ".";
            } else if (kind == 1) {
                refAllele = ref + "" + BASES[r.nextInt(4)] + BASES[r.nextInt(4)];
                alt = String.valueOf(ref);
            } else if (kind == 2) {
                alt = ref + "" + BASES[r.nextInt(4)];
            }
            String format = FORMATS[r.nextInt(FORMATS.length)];
            List<String> keys = List.of(format.split(":"));
            int gt = keys.indexOf("GT");
            sb.append(contig).append('\t').append(pos).append("\t.\t").append(refAllele).append('\t').append(alt)
                    .append("\t.\t.\t").append(r.nextInt(3) == 0 ? "AF=0.1" : ".").append('\t').append(format);
            boolean mostlyRef = r.nextInt(4) != 0;
            for (int s = 0; s < samples; s++) {
                sb.append('\t');
                String call = mostlyRef && r.nextDouble() >= carriers ? (r.nextInt(50) == 0 ? "0/0" : "0|0")
                        : RARE_CALLS[r.nextInt(RARE_CALLS.length)];
                int keep = r.nextInt(8) == 0 ? r.nextInt(keys.size() + 1) : keys.size();
                if (keep == 0 && gt == 0) {
                    keep = 1;
                }
                for (int k = 0; k < keep; k++) {
                    if (k > 0) {
                        sb.append(':');
                    }
                    switch (keys.get(k)) {
                        case "GT" -> sb.append(call);
                        case "DS" -> sb.append(r.nextInt(5) == 0 ? "." : String.valueOf(r.nextInt(3) / 2.0));
                        case "AD" -> sb.append(r.nextInt(9)).append(',').append(r.nextInt(9));
                        default -> sb.append(r.nextInt(60));
                    }
                }
                if (keep == 0) {
                    sb.append('.');
                }
            }
            sb.append('\n');
        }
        try {
            Files.createDirectories(dir);
            Path plain = dir.resolve("awkward.vcf");
            Files.writeString(plain, sb, StandardCharsets.US_ASCII);
            Path copy = dir.resolve("awkward.copy.vcf");
            Files.copy(plain, copy);
            Oracle.BGZIP.run("-f", copy.toString());
            Path gz = dir.resolve("awkward.vcf.gz");
            Files.move(dir.resolve("awkward.copy.vcf.gz"), gz);
            Oracle.TABIX.run("-f", "-p", "vcf", gz.toString());
            Path bcf = dir.resolve("awkward.bcf");
            Oracle.BCFTOOLS.run(List.of("view", "-Ob", "-o", bcf.toString(), gz.toString()));
            Oracle.BCFTOOLS.run(List.of("index", "-f", bcf.toString()));
            return new Files3(plain, gz, bcf);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int indexOf(char base) {
        for (int i = 0; i < BASES.length; i++) {
            if (BASES[i] == base) {
                return i;
            }
        }
        return 0;
    }
}
