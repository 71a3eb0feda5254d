package io.gvl.write;

import io.gvl.write.internal.VariantSourceFiles;
import io.gvl.write.spec.VariantFileKind;
import io.gvl.write.spec.VariantSource;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import java.nio.file.Path;
import java.util.List;

/**
 * Opens a variant file as a {@link VariantSource}, the reader chosen by its name ({@link VariantFileKind}): a VCF
 * or BCF ({@code .vcf}, {@code .vcf.gz}, {@code .vcf.bgz}, {@code .bcf}) or a PLINK 2 fileset ({@code .pgen}, or
 * the prefix of {@code PREFIX.pgen}). Callers with another format pass their own {@link VariantSource} to
 * {@link WriteOptions.Builder#variants(VariantSource)} instead. A PLINK 1 {@code .bed} fileset is not recognized
 * here; convert it with {@code plink2 --bfile PREFIX --make-pgen --out NEW}.
 *
 * <p>The methods are stateless and thread-safe. The sources they open are not shared: each one holds its file open
 * (a PGEN fileset mapped) until its {@link VariantSource#close()}.
 */
public final class VariantSources {
    private VariantSources() {
    }

    /**
     * Opens {@code path} as a {@link VariantSource}, choosing the reader by its name. The source's variant table
     * keeps the records that have an ALT allele, in file order, with 1-based positions; {@code AF} is stored as a
     * variant field whenever the header declares it numeric, and dosages whenever the file has them
     * ({@code FORMAT/DS} in a VCF, a dosage track in a PGEN).
     *
     * @param path a VCF or BCF ({@code .vcf}, {@code .vcf.gz}, {@code .vcf.bgz}, {@code .bcf}; bgzipped ones with
     *             a {@code .tbi} or {@code .csi} index beside them), a {@code PREFIX.pgen}, or a {@code PREFIX} with
     *             {@code PREFIX.pgen} beside it
     * @param infoFields names of further INFO fields to store as variant fields besides {@code AF} (each must be
     *                   declared {@code Integer} or {@code Float} in the header; repeats are stored once); not null,
     *                   may be empty
     * @return an open source; the caller owns it and must close it
     * @throws WriteException if the name is none of the recognized kinds (see {@link #recognized(Path)}); the message
     *                        lists the kinds; or if it names a genoray {@code .svar2}/{@code .svar} store, which a
     *                        dataset links to ({@link WriteOptions.Builder#variants(Path)}) rather than reads as a
     *                        source
     * @throws io.gvl.io.InputFormatException naming the file, the line or record and the fix, if the file (or its
     *                                        index, or a companion file of a PGEN fileset) is missing, unreadable or
     *                                        malformed, holds records GVL cannot store (such as multiallelic ones), or a
     *                                        requested INFO field is not declared numeric
     */
    public static VariantSource open(Path path, List<String> infoFields) {
        return VariantSourceFiles.open(path, infoFields);
    }

    /**
     * As {@link #open(Path, List)} with no INFO fields besides {@code AF}.
     *
     * @param path a VCF/BCF, a {@code PREFIX.pgen} or its {@code PREFIX}, as for {@link #open(Path, List)}
     * @return an open source; the caller owns it and must close it
     * @throws WriteException if the name is none of the recognized kinds
     * @throws io.gvl.io.InputFormatException if the file or a companion is missing, unreadable or malformed
     */
    public static VariantSource open(Path path) {
        return open(path, List.of());
    }

    /**
     * Whether {@link #open} knows {@code path}'s format from its name (or, for a prefix, a {@code .pgen} beside it).
     * Only the name is looked at, except for a prefix, where the file system is asked whether {@code PREFIX.pgen}
     * exists; the file itself is not opened, so a recognized path can still fail to open.
     *
     * @param path the variant file or PGEN prefix
     * @return {@code true} for a {@code .vcf}, {@code .vcf.gz}, {@code .vcf.bgz}, {@code .bcf} or {@code .pgen}
     *         name, a prefix with a {@code .pgen} file beside it, or a {@code .svar2}/{@code .svar} store name (which
     *         {@link WriteOptions.Builder#variants(Path)} takes, but {@link #open} refuses)
     */
    public static boolean recognized(Path path) {
        return VariantFileKind.of(path).isPresent();
    }

}
