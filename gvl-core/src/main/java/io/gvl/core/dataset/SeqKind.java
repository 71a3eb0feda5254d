package io.gvl.core.dataset;

/** Which sequence output a dataset view produces. */
public enum SeqKind {
    /** No sequence output (tracks only). */
    NONE,
    /** The reference over each (jittered) region: rows {@code (B, ~L)}. */
    REFERENCE,
    /** Personal haplotypes: rows {@code (B, P, ~L)}. */
    HAPLOTYPES,
    /** Haplotypes plus, per base, the variant index ({@code var_idxs}) and reference coordinate ({@code ref_coords}). */
    ANNOTATED
}
