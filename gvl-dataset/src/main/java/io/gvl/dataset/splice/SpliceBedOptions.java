package io.gvl.dataset.splice;

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

    /** Rejects a {@code null} feature. */
    public SpliceBedOptions {
        java.util.Objects.requireNonNull(feature, "feature");
        contigs = contigs == null ? null : Set.copyOf(contigs);
    }

    /**
     * CDS rows, any contig, transcript support level "1", coding length a multiple of 3.
     *
     * @return the defaults
     */
    public static SpliceBedOptions gvlDefaults() {
        return new SpliceBedOptions("CDS", null, "1", true);
    }

    /**
     * A copy keeping another feature type.
     *
     * @param f the feature type, e.g. {@code exon}
     * @return new options
     */
    public SpliceBedOptions withFeature(String f) {
        return new SpliceBedOptions(f, contigs, transcriptSupportLevel, requireMultipleOf3);
    }

    /**
     * A copy keeping only some contigs.
     *
     * @param c the contigs, or {@code null} for all
     * @return new options
     */
    public SpliceBedOptions withContigs(Set<String> c) {
        return new SpliceBedOptions(feature, c, transcriptSupportLevel, requireMultipleOf3);
    }

    /**
     * A copy requiring another transcript support level.
     *
     * @param level the level, or {@code null} for any
     * @return new options
     */
    public SpliceBedOptions withTranscriptSupportLevel(String level) {
        return new SpliceBedOptions(feature, contigs, level, requireMultipleOf3);
    }

    /**
     * A copy with another multiple-of-3 rule.
     *
     * @param b {@code true} to keep only lengths divisible by 3
     * @return new options
     */
    public SpliceBedOptions withRequireMultipleOf3(boolean b) {
        return new SpliceBedOptions(feature, contigs, transcriptSupportLevel, b);
    }
}
