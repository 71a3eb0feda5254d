package io.gvl.dataset.settings;

/** Which sequence output a dataset view produces. */
public enum SeqKind {
    /** No sequence output (tracks only). */
    NONE,
    /** The reference over each (jittered) region: rows {@code (B, ~L)}. */
    REFERENCE,
    /** Personal haplotypes: rows {@code (B, P, ~L)}. */
    HAPLOTYPES,
    /** Haplotypes plus, per base, the variant index ({@code var_idxs}) and reference coordinate ({@code ref_coords}).
     */
    ANNOTATED,
    /**
     * The stored variants of each (instance, ploid), {@code (B, P, ~V)}: {@code alt} and {@code start} always, other
     * fields on request ({@link Settings#varFields()}). Read them through {@code io.gvl.dataset.variants.Variants}.
     */
    VARIANTS,
    /**
     * Tokenized reference/ALT windows (or alleles) around each stored variant, ragged at two levels
     * {@code (B, P, ~V, ~W)}, plus the scalar variant fields; needs a {@link VarWindowOpt}.
     */
    VARIANT_WINDOWS
}
