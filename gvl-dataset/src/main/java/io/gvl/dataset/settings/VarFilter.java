package io.gvl.dataset.settings;

/** Which stored variants haplotype outputs apply (GVL's {@code var_filter}, {@code _dataset/_haps.py}). */
public enum VarFilter {
    /** Every stored variant of the instance. */
    NONE,
    /**
     * Only variants whose whole REF span lies inside the instance's (jittered) region, so an exon never carries an
     * indel that reaches into its intron. Applies to haplotypes, annotated haplotypes and realigned tracks; like
     * GVL's SVAR1 reader, {@link SeqKind#VARIANTS} output ignores it.
     */
    EXONIC
}
