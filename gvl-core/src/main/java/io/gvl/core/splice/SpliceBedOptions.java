package io.gvl.core.splice;

import java.util.Set;

/**
 * What {@link SpliceBeds#fromGeneModel} keeps; {@link #gvlDefaults()} are GVL's {@code get_splice_bed} defaults.
 *
 * @param feature                feature type to keep (GVL: {@code CDS}; {@code exon} for whole exons)
 * @param contigs                contigs to keep, or null for all
 * @param transcriptSupportLevel required {@code transcript_support_level} attribute (text compare), or null for any
 * @param requireMultipleOf3     keep only transcripts whose summed element length is divisible by 3
 */
public record SpliceBedOptions(String feature, Set<String> contigs, String transcriptSupportLevel,
                               boolean requireMultipleOf3) {

    public SpliceBedOptions {
        java.util.Objects.requireNonNull(feature, "feature");
        contigs = contigs == null ? null : Set.copyOf(contigs);
    }

    /** CDS rows, any contig, transcript support level "1", coding length a multiple of 3. */
    public static SpliceBedOptions gvlDefaults() {
        return new SpliceBedOptions("CDS", null, "1", true);
    }

    public SpliceBedOptions withFeature(String f) {
        return new SpliceBedOptions(f, contigs, transcriptSupportLevel, requireMultipleOf3);
    }

    public SpliceBedOptions withContigs(Set<String> c) {
        return new SpliceBedOptions(feature, c, transcriptSupportLevel, requireMultipleOf3);
    }

    public SpliceBedOptions withTranscriptSupportLevel(String level) {
        return new SpliceBedOptions(feature, contigs, level, requireMultipleOf3);
    }

    public SpliceBedOptions withRequireMultipleOf3(boolean b) {
        return new SpliceBedOptions(feature, contigs, transcriptSupportLevel, b);
    }
}
