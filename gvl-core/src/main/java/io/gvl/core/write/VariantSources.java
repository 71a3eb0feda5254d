package io.gvl.core.write;

import io.gvl.core.internal.write.PgenVariantSource;
import io.gvl.core.internal.write.VcfVariantSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The one place a variant file becomes a {@link VariantSource}, chosen by its name: a VCF or BCF ({@code .vcf},
 * {@code .vcf.gz}, {@code .vcf.bgz}, {@code .bcf}) or a PLINK 2 fileset ({@code .pgen}, or the prefix of
 * {@code PREFIX.pgen}). Callers with another format pass their own {@link VariantSource} to
 * {@link WriteOptions.Builder#variants(VariantSource)} instead.
 */
public final class VariantSources {
    private static final Pattern VCF_NAME = Pattern.compile("\\.[vb]cf(\\.(gz|bgz))?$");
    private static final String KINDS = "give a VCF/BCF (.vcf, .vcf.gz, .vcf.bgz or .bcf; bgzipped files need a .tbi or"
            + " .csi index) or a PLINK 2 fileset (PREFIX.pgen with PREFIX.pvar and PREFIX.psam, as the .pgen path or"
            + " PREFIX).";

    private VariantSources() {
    }

    /** Opens {@code path}; {@code infoFields} are numeric INFO fields to store besides {@code AF}. */
    public static VariantSource open(Path path, List<String> infoFields) {
        return switch (kind(path)) {
            case VCF -> VcfVariantSource.open(path, infoFields);
            case PGEN -> PgenVariantSource.open(path, infoFields);
            case UNKNOWN -> throw unrecognized(path);
        };
    }

    /** As {@link #open(Path, List)} with no INFO fields besides {@code AF}. */
    public static VariantSource open(Path path) {
        return open(path, List.of());
    }

    /** Whether {@link #open} knows {@code path}'s format from its name (or, for a prefix, a {@code .pgen} beside it). */
    public static boolean recognized(Path path) {
        return kind(path) != Kind.UNKNOWN;
    }

    static WriteException unrecognized(Path path) {
        return new WriteException("File " + path + " has an unrecognized file extension.", KINDS);
    }

    private enum Kind { VCF, PGEN, UNKNOWN }

    private static Kind kind(Path path) {
        String name = path.getFileName().toString();
        if (VCF_NAME.matcher(name).find()) {
            return Kind.VCF;
        }
        if (name.endsWith(".pgen") || Files.isRegularFile(path.resolveSibling(name + ".pgen"))) {
            return Kind.PGEN;
        }
        return Kind.UNKNOWN;
    }
}
