package io.gvl.io.vcf;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.Inputs;
import io.gvl.io.internal.bcf.BcfFile;
import io.gvl.io.internal.csi.CsiIndex;
import io.gvl.io.internal.csi.TabixMeta;
import io.gvl.io.internal.csi.TbiIndex;
import io.gvl.io.internal.vcf.IndexedTextSource;
import io.gvl.io.internal.vcf.PlainVcfSource;
import io.gvl.io.internal.vcf.RecordSource;
import io.gvl.io.internal.vcf.TextVcfFile;
import io.gvl.io.internal.vcf.VariantFile;
import io.gvl.io.internal.vcf.VcfHeader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Opens a variant path as the right {@link VariantFile}: BCF (by its magic, with a CSI index), bgzipped VCF with a
 * tabix or CSI index, or a small plain VCF in memory. Indexes are checked the way htslib does: one whose
 * modification time (in whole seconds) is before the data file's is stale and refused, since region queries
 * through it could silently miss records. A text VCF's index is also checked against the data it indexes
 * ({@link IndexedTextSource}), since a copied or re-compressed file can carry a newer but wrong index.
 */
final class VcfIndexes {
    private VcfIndexes() {}

    static VariantFile open(Path vcf) {
        Inputs.requireReadable(vcf);
        boolean gzip = Inputs.isGzip(vcf);
        if (startsWithBcfMagic(vcf, gzip)) {
            if (!gzip) {
                throw new InputFormatException(vcf, "", "an uncompressed BCF cannot be indexed or queried.",
                        "compress it: `bcftools view -Ob -o out.bcf " + vcf + " && bcftools index out.bcf`.");
            }
            return openBcf(vcf);
        }
        String name = vcf.getFileName().toString();
        if (name.endsWith(".bcf")) {
            throw new InputFormatException(vcf, "", "not a BCF file (no BCF magic after decompression).",
                    "give a BCF written by `bcftools view -Ob`, or a bgzipped VCF.");
        }
        if (!gzip) {
            return new TextVcfFile(vcf, VcfHeader.read(vcf), new PlainVcfSource(vcf));
        }
        Path tbi = vcf.resolveSibling(name + ".tbi");
        Path csi = vcf.resolveSibling(name + ".csi");
        RecordSource source;
        if (Files.isRegularFile(tbi)) {
            requireNotOlder(vcf, tbi, "tabix -f -p vcf " + vcf);
            source = new IndexedTextSource(vcf, tbi, TbiIndex.read(tbi), "tabix -f -p vcf " + vcf);
        } else if (Files.isRegularFile(csi)) {
            requireNotOlder(vcf, csi, "bcftools index -c -f " + vcf);
            source = csiSource(vcf, csi);
        } else {
            throw new InputFormatException(vcf, "", "no index found (looked for " + tbi.getFileName() + " and "
                    + csi.getFileName() + ").", "bgzip the VCF and index it: `bcftools index -t " + vcf + "`.");
        }
        try {
            return new TextVcfFile(vcf, VcfHeader.read(vcf), source);
        } catch (RuntimeException e) {
            source.close();
            throw e;
        }
    }

    private static VariantFile openBcf(Path bcf) {
        Path csi = bcf.resolveSibling(bcf.getFileName() + ".csi");
        if (!Files.isRegularFile(csi)) {
            throw new InputFormatException(bcf, "", "no index found (looked for " + csi.getFileName() + ").",
                    "index it: `bcftools index " + bcf + "`.");
        }
        requireNotOlder(bcf, csi, "bcftools index -f " + bcf);
        return BcfFile.open(bcf, csi);
    }

    private static RecordSource csiSource(Path vcf, Path csi) {
        CsiIndex index = CsiIndex.read(csi);
        TabixMeta meta = index.meta();
        if (meta == null || meta.format() != TabixMeta.VCF) {
            throw new InputFormatException(csi, "", "the CSI index does not describe a VCF text file"
                    + (meta == null ? " (it has no tabix settings, as a BCF index)" : " (format " + meta.format() + ")")
                    + ".", "re-index: `bcftools index -c -f " + vcf + "`.");
        }
        return new IndexedTextSource(vcf, csi, index, "bcftools index -c -f " + vcf);
    }

    /** Whether the (decompressed) file starts with {@code BCF}. */
    private static boolean startsWithBcfMagic(Path file, boolean gzip) {
        try (InputStream raw = Files.newInputStream(file);
                InputStream in = gzip ? new GZIPInputStream(raw) : raw) {
            byte[] magic = in.readNBytes(3);
            return magic.length == 3 && magic[0] == 'B' && magic[1] == 'C' && magic[2] == 'F';
        } catch (IOException e) {
            return false; // a damaged gzip stream is reported with the file's own reader
        }
    }

    private static void requireNotOlder(Path data, Path index, String reindex) {
        try {
            long d = Files.getLastModifiedTime(data).toMillis() / 1000;
            long i = Files.getLastModifiedTime(index).toMillis() / 1000;
            if (i < d) {
                throw new InputFormatException(index, "", "the index is older than " + data.getFileName()
                        + ", so it may not describe the current file.", "re-index: `" + reindex + "`.");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stat " + index, e);
        }
    }
}
