package io.gvl.dataset.settings;

import java.util.Objects;

/**
 * Options of {@link SeqKind#VARIANT_WINDOWS} (GVL's {@code VarWindowOpt}), explicit rather than inherited from the
 * settings' flank options. Each side is either a {@link Part#WINDOW} (reference {@code [start - L, end + L)}; for
 * ALT, {@code L} reference bases, the ALT allele, {@code L} reference bases) or the bare {@link Part#ALLELE}.
 *
 * @param flankLength {@code L >= 0}
 * @param tokens      how bases become tokens
 * @param ref         what the reference side holds
 * @param alt         what the alternative side holds
 */
public record VarWindowOpt(int flankLength, TokenAlphabet tokens, Part ref, Part alt) {

    /** A window with flanks or the bare allele. */
    public enum Part {
        /** The allele with {@code L} reference bases on each side (the reference side: {@code [start - L, end + L)}).
         */
        WINDOW,
        /** The allele alone. */
        ALLELE
    }

    /** Rejects a negative flank length and null parts or tokens. */
    public VarWindowOpt {
        if (flankLength < 0) {
            throw new IllegalArgumentException("flank length must be >= 0, got " + flankLength);
        }
        Objects.requireNonNull(tokens, "tokens");
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(alt, "alt");
    }

    /**
     * Reference and ALT windows, GVL's default.
     *
     * @param flankLength {@code L >= 0}
     * @param tokens how bases become tokens
     * @return window options with windows on both sides
     */
    public static VarWindowOpt windows(int flankLength, TokenAlphabet tokens) {
        return new VarWindowOpt(flankLength, tokens, Part.WINDOW, Part.WINDOW);
    }
}
