package io.gvl.write.internal;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.VariantTable;
import io.gvl.format.io.VariantTableFile;
import io.gvl.write.spec.WriteException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * GenVarLoader's own variant index beside a VCF ({@code VCF.gvi}, else {@code VCF.gvi.zst}, an Arrow IPC file its
 * write creates and then links into every dataset as {@code variants.arrow}). GVL's {@code concat} fingerprints
 * those bytes, so a gvl dataset only joins GVL-written ones when it stores the very same file; this finds the
 * index, checks it as GVL does (newer than the VCF) and checks that it lists exactly the variants gvl read.
 */
final class GvlVariantIndex {
    private GvlVariantIndex() {
    }

    /** The index to store for {@code vcf}, whose records are {@code table}; a typed error says why there is none. */
    static Path verified(Path vcf, VariantTable table) {
        Path plain = vcf.resolveSibling(vcf.getFileName() + ".gvi");
        Path index = Files.exists(plain) ? plain : vcf.resolveSibling(vcf.getFileName() + ".gvi.zst");
        String fix = "run GenVarLoader's write on " + vcf + " once (it writes the index), or drop reuseGvlIndex"
                + " (--reuse-gvl-index).";
        if (!Files.isRegularFile(index)) {
            throw new WriteException("No GenVarLoader variant index beside " + vcf + " (looked for " + plain
                    + " and " + index + ").", fix);
        }
        try {
            if (Files.getLastModifiedTime(index).compareTo(Files.getLastModifiedTime(vcf)) <= 0) {
                throw new WriteException("GenVarLoader's variant index " + index + " is not newer than " + vcf
                        + ", so GenVarLoader itself would rebuild it.", fix);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the modification times of " + vcf + " and " + index, e);
        }
        VariantTable theirs;
        try {
            theirs = VariantTableFile.read(index);
        } catch (DatasetFormatException e) {
            throw new WriteException(index + " is not a readable GenVarLoader variant index: " + e.getMessage(), fix);
        }
        String mismatch = firstMismatch(table, theirs);
        if (mismatch != null) {
            throw new WriteException("GenVarLoader's variant index " + index + " does not list the variants of "
                    + vcf + " (" + mismatch + ").", fix);
        }
        return index;
    }

    private static String firstMismatch(VariantTable ours, VariantTable theirs) {
        if (ours.size() != theirs.size()) {
            return ours.size() + " records in the VCF, " + theirs.size() + " in the index";
        }
        String[][] texts = {ours.chrom(), theirs.chrom(), ours.ref(), theirs.ref(), ours.alt(), theirs.alt()};
        String[] names = {"CHROM", "REF", "ALT"};
        for (int k = 0; k < names.length; k++) {
            int i = Arrays.mismatch(texts[2 * k], texts[2 * k + 1]);
            if (i >= 0) {
                return names[k] + " of record " + i + ": " + texts[2 * k][i] + " vs " + texts[2 * k + 1][i];
            }
        }
        int i = Arrays.mismatch(ours.pos(), theirs.pos());
        if (i >= 0) {
            return "POS of record " + i + ": " + ours.pos()[i] + " vs " + theirs.pos()[i];
        }
        i = Arrays.mismatch(ours.ilen(), theirs.ilen());
        if (i >= 0) {
            return "ILEN of record " + i + ": " + ours.ilen()[i] + " vs " + theirs.ilen()[i];
        }
        return null;
    }
}
