package io.gvl.write.spec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The variant file formats a write reads, told from a file's name: a VCF or BCF ({@code .vcf}, {@code .vcf.gz},
 * {@code .vcf.bgz}, {@code .bcf}), a PLINK 2 fileset ({@code .pgen}, or the prefix of {@code PREFIX.pgen}), or a
 * genoray store directory ({@code .svar2}, {@code .svar}) that the dataset links to instead of copying. A PLINK 1
 * {@code .bed} fileset is not one; convert it with {@code plink2 --bfile PREFIX --make-pgen --out NEW}.
 */
public enum VariantFileKind {
    /** A VCF or BCF; a bgzipped one needs a {@code .tbi} or {@code .csi} index beside it. */
    VCF,
    /** A PLINK 2 fileset: {@code PREFIX.pgen} with {@code PREFIX.pvar} and {@code PREFIX.psam}. */
    PGEN,
    /**
     * A genoray {@code .svar2} store (SVAR2) directory: the dataset keeps a range cache into it and links to it
     * ({@code svar2_link}); the store is read, never copied or modified.
     */
    SVAR2,
    /**
     * A genoray {@code .svar} store (SVAR1) directory: the dataset keeps start/end pairs into its call lists and
     * links to it ({@code svar_link}); the store is read, never copied or modified.
     */
    SVAR;

    private static final Pattern VCF_NAME = Pattern.compile("\\.[vb]cf(\\.(gz|bgz))?$");
    private static final String KINDS = "give a VCF/BCF (.vcf, .vcf.gz, .vcf.bgz or .bcf; bgzipped files need a .tbi or"
            + " .csi index), a PLINK 2 fileset (PREFIX.pgen with PREFIX.pvar and PREFIX.psam, as the .pgen path or"
            + " PREFIX) or a genoray store directory (.svar2 or .svar).";

    /**
     * The kind of {@code path} from its name. Only the name is looked at, except for a prefix, where the file system
     * is asked whether {@code PREFIX.pgen} exists; the file itself is not opened.
     *
     * @param path the variant file or PGEN prefix
     * @return the kind, or empty when the name is none of them
     */
    public static Optional<VariantFileKind> of(Path path) {
        String name = path.getFileName().toString();
        if (name.endsWith(".svar2")) {
            return Optional.of(SVAR2);
        }
        if (name.endsWith(".svar")) {
            return Optional.of(SVAR);
        }
        if (VCF_NAME.matcher(name).find()) {
            return Optional.of(VCF);
        }
        if (name.endsWith(".pgen") || Files.isRegularFile(path.resolveSibling(name + ".pgen"))) {
            return Optional.of(PGEN);
        }
        return Optional.empty();
    }

    /**
     * The kind of {@code path}, or the error a write gives for a name that is none of them.
     *
     * @param path the variant file or PGEN prefix
     * @return the kind
     * @throws WriteException if the name is none of the kinds; the message lists them
     */
    public static VariantFileKind require(Path path) {
        return of(path).orElseThrow(
                () -> new WriteException("File " + path + " has an unrecognized file extension.", KINDS));
    }

    /**
     * Whether this kind is a genoray store that a dataset links to rather than a file it copies genotypes from.
     *
     * @return {@code true} for {@link #SVAR2} and {@link #SVAR}
     */
    public boolean store() {
        return this == SVAR2 || this == SVAR;
    }
}
