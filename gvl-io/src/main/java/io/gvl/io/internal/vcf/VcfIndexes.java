package io.gvl.io.internal.vcf;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.Inputs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Picks the record source for a VCF path and checks its index the way htslib does: an index whose
 * modification time (in whole seconds) is before the data file's is stale and refused, since region
 * queries through it could silently miss records.
 */
public final class VcfIndexes {
    private VcfIndexes() {}

    public static RecordSource open(Path vcf) {
        Inputs.requireReadable(vcf);
        String name = vcf.getFileName().toString();
        if (name.endsWith(".bcf")) {
            throw new InputFormatException(vcf, "", "BCF input is not supported by this reader yet.",
                    "convert it: `bcftools view -Oz -o out.vcf.gz " + vcf + " && bcftools index -t out.vcf.gz`.");
        }
        if (!Inputs.isGzip(vcf)) {
            return new PlainVcfSource(vcf);
        }
        Path tbi = vcf.resolveSibling(name + ".tbi");
        Path csi = vcf.resolveSibling(name + ".csi");
        if (Files.isRegularFile(tbi)) {
            requireNotOlder(vcf, tbi);
            return new TabixSource(vcf, tbi);
        }
        if (Files.isRegularFile(csi)) {
            throw new InputFormatException(csi, "", "only a CSI index was found; this reader queries through a "
                    + "tabix (.tbi) index.", "add one: `bcftools index -t " + vcf + "`.");
        }
        throw new InputFormatException(vcf, "", "no index found (looked for " + tbi.getFileName() + " and "
                + csi.getFileName() + ").", "bgzip the VCF and index it: `bcftools index -t " + vcf + "`.");
    }

    private static void requireNotOlder(Path data, Path index) {
        try {
            long d = Files.getLastModifiedTime(data).toMillis() / 1000;
            long i = Files.getLastModifiedTime(index).toMillis() / 1000;
            if (i < d) {
                throw new InputFormatException(index, "", "the index is older than " + data.getFileName()
                        + ", so it may not describe the current file.",
                        "re-index: `bcftools index -t -f " + data + "`.");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stat " + index, e);
        }
    }
}
