package io.gvl.io.svar;

/**
 * Where a gathered call came from, packed in one {@code long} so that {@link Svar2Calls} allocates nothing per call:
 * bits 62–63 hold the {@link Svar2StreamKind} ordinal ({@code VAR_KEY_SNP}=0, {@code VAR_KEY_INDEL}=1,
 * {@code DENSE_SNP}=2, {@code DENSE_INDEL}=3) and bits 0–61 the entry's index inside that stream of its contig
 * (a call index for the {@code var_key} streams, absolute, not relative to the haplotype's CSR start; a variant
 * index for the dense streams). That index is also the row of the stream's INFO/FORMAT values
 * ({@link Svar2Contig#fieldValue}). Stateless and thread-safe.
 */
public final class Svar2Origin {
    private static final int SHIFT = 62;
    private static final long INDEX_MASK = (1L << SHIFT) - 1;
    private static final Svar2StreamKind[] KINDS = Svar2StreamKind.values();

    private Svar2Origin() {
    }

    /**
     * Packs an origin.
     *
     * @param kind the stream
     * @param index the entry index inside the stream, {@code 0 <= index < 2^62}
     * @return the packed origin
     * @throws IllegalArgumentException if {@code index} is out of range
     */
    public static long of(Svar2StreamKind kind, long index) {
        if ((index & ~INDEX_MASK) != 0) {
            throw new IllegalArgumentException("stream index " + index + " is outside [0, 2^62)");
        }
        return (long) kind.ordinal() << SHIFT | index;
    }

    /**
     * The stream of a packed origin.
     *
     * @param origin a value made by {@link #of}
     * @return the stream
     */
    public static Svar2StreamKind kind(long origin) {
        return KINDS[(int) (origin >>> SHIFT)];
    }

    /**
     * The entry index of a packed origin.
     *
     * @param origin a value made by {@link #of}
     * @return the index inside the stream
     */
    public static long index(long origin) {
        return origin & INDEX_MASK;
    }
}
