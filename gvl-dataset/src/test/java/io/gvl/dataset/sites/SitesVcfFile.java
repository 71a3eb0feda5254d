package io.gvl.dataset.sites;

import io.gvl.testkit.Oracle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes a sites-only VCF (8 columns, INFO/AF) and compresses and indexes it with bgzip and tabix. */
final class SitesVcfFile {
    private SitesVcfFile() {}

    /** {@code records}: lines {@code CHROM POS REF ALT AF} separated by tabs, already sorted. */
    static Path write(Path dir, String name, List<String> contigs, List<String> records) throws IOException {
        StringBuilder sb = new StringBuilder("##fileformat=VCFv4.2\n");
        for (String c : contigs) {
            sb.append("##contig=<ID=").append(c).append(">\n");
        }
        sb.append("##INFO=<ID=AF,Number=A,Type=Float,Description=\"Allele frequency\">\n");
        sb.append("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n");
        for (String r : records) {
            String[] f = r.split("\t");
            sb.append(f[0]).append('\t').append(f[1]).append("\t.\t").append(f[2]).append('\t').append(f[3])
                    .append("\t.\t.\t").append(f.length > 4 ? "AF=" + f[4] : ".").append('\n');
        }
        Path vcf = dir.resolve(name + ".vcf");
        Files.writeString(vcf, sb.toString(), StandardCharsets.US_ASCII);
        Oracle.BGZIP.run(List.of("-f", vcf.toString()));
        Path gz = dir.resolve(name + ".vcf.gz");
        Oracle.TABIX.run(List.of("-f", "-p", "vcf", gz.toString()));
        return gz;
    }
}
