package io.gvl.io.internal.vcf;

import io.gvl.io.InputFormatException;
import java.nio.file.Path;

/** The record-level errors VCF and BCF decoding share, so both encodings fail with the same words. */
public final class RecordErrors {
    /** Remedy quoted by every unsupported-record error. */
    public static final String NORMALIZE = "normalize first: `bcftools norm -f ref.fa -a --atom-overlaps . -m -any "
            + "in.vcf.gz -Oz -o out.vcf.gz && bcftools index -t out.vcf.gz`.";

    private RecordErrors() {}

    /** A record GVL cannot use; {@code pos} is the 1-based POS. */
    public static InputFormatException unsupported(Path file, String contig, String pos, String ref, String alt,
            AlleleKind kind) {
        String what = switch (kind) {
            case MULTIALLELIC -> "multiallelic record";
            case SYMBOLIC -> "symbolic allele";
            default -> "breakend allele";
        };
        return new InputFormatException(file, "record " + contig + ":" + pos + " " + ref + ">" + alt, what
                + " (GVL needs biallelic, atomized, left-aligned, explicit-sequence variants).", NORMALIZE
                + (kind == AlleleKind.MULTIALLELIC ? "" : " Symbolic and breakend records must be removed, e.g. "
                + "`bcftools view -e 'ALT~\"<\" || ALT~\"\\[\" || ALT~\"\\]\"'`."));
    }

    /** A GT value that is not alleles 0, 1 or missing; {@code gt} is the call as VCF text. */
    public static InputFormatException badGenotype(Path file, String contig, int pos, String sample, String gt,
            String why) {
        return new InputFormatException(file, "record " + contig + ":" + pos + " sample " + sample, "bad GT in '"
                + gt + "': " + why + ".", "write GT as alleles 0, 1 or . separated by | or / (e.g. 0|1, 1/1, ./.).");
    }
}
