package io.gvl.io.svar;

/**
 * The 32-bit indel keys of a {@code .svar2} store ({@code var_key/indel/alleles.bin}, {@code dense/indel/alleles.bin}).
 * A key is in one of three lanes, told apart by bit 0 and then bit 31:
 * <ul>
 *   <li>{@link Lane#LOOKUP} (bit 0 set): the ALT is row {@code key >>> 1} of the contig's long-allele table
 *       (raw ASCII including the anchor base; ilen = row length − 1);</li>
 *   <li>{@link Lane#DELETION} (bit 0 clear, bit 31 set): a pure deletion, {@code ilen = key >> 1} (arithmetic,
 *       negative); no ALT base is stored, the anchor is the reference base at the position;</li>
 *   <li>{@link Lane#INLINE} (bits 0 and 31 clear): an insertion (or an SNP re-expanded with ilen 0) with
 *       {@code ilen = key >>> 27} (0 to 12) and {@code ilen + 1} ALT bases including the anchor, base {@code i} the
 *       2-bit {@link Svar2SnpCodes} code at bits {@code 26−2i} (high) and {@code 25−2i} (low).</li>
 * </ul>
 * Stateless and thread-safe.
 */
public final class Svar2IndelKeys {
    /** The three kinds of key. */
    public enum Lane {
        /** A row of the long-allele table. */
        LOOKUP,
        /** A pure deletion without ALT bases. */
        DELETION,
        /** An insertion whose bases are packed in the key. */
        INLINE
    }

    private Svar2IndelKeys() {
    }

    /**
     * The lane of a key.
     *
     * @param key the key as stored (an unsigned 32-bit pattern)
     * @return its lane
     */
    public static Lane lane(int key) {
        if ((key & 1) != 0) {
            return Lane.LOOKUP;
        }
        return key < 0 ? Lane.DELETION : Lane.INLINE;
    }

    /**
     * The ilen of a {@link Lane#DELETION} or {@link Lane#INLINE} key (a {@link Lane#LOOKUP} key's ilen is its row's
     * length − 1, which needs the table).
     *
     * @param key a deletion or inline key
     * @return negative for a deletion (minus the number of deleted bases), 0 to 12 for an inline key
     * @throws IllegalArgumentException for a lookup key
     */
    public static int ilen(int key) {
        return switch (lane(key)) {
            case DELETION -> key >> 1;
            case INLINE -> key >>> 27;
            case LOOKUP -> throw new IllegalArgumentException("key 0x" + Integer.toHexString(key)
                    + " is a long-allele lookup; its ilen is the row length - 1");
        };
    }

    /**
     * Base {@code i} of an {@link Lane#INLINE} key's ALT (base 0 is the anchor).
     *
     * @param key an inline key
     * @param i base index, {@code 0 <= i <= ilen(key)}
     * @return the upper-case ASCII base
     */
    public static byte inlineBase(int key, int i) {
        return Svar2SnpCodes.base(key >>> (25 - 2 * i));
    }

    /** The longest insertion (in inserted bases) an {@link Lane#INLINE} key holds; longer ALTs go to the table. */
    public static final int MAX_INLINE_ILEN = 12;

    /**
     * The {@link Lane#INLINE} key of an insertion whose ALT (anchor included) is {@code length} bytes of
     * {@code alt} from {@code from}, as genoray packs it: {@code ilen << 27} plus base {@code i}'s
     * {@link Svar2SnpCodes#encode code} at bits {@code 26-2i, 25-2i}.
     *
     * @param alt the ALT bytes, ASCII
     * @param from index of the anchor base
     * @param length ALT length including the anchor, 1 to {@link #MAX_INLINE_ILEN} + 1
     * @return the key (bits 0 and 31 clear)
     * @throws IllegalArgumentException if {@code length} is outside 1 to 13
     */
    public static int inline(byte[] alt, int from, int length) {
        if (length < 1 || length > MAX_INLINE_ILEN + 1) {
            throw new IllegalArgumentException("an inline key holds 1 to 13 ALT bases, not " + length);
        }
        int key = (length - 1) << 27;
        for (int i = 0; i < length; i++) {
            key |= Svar2SnpCodes.encode(alt[from + i]) << (25 - 2 * i);
        }
        return key;
    }

    /**
     * The {@link Lane#DELETION} key of a pure deletion of {@code deleted} bases: {@code -deleted << 1}.
     *
     * @param deleted number of deleted bases (REF length − 1), 1 to {@code 2^30 - 1}
     * @return the key (bit 0 clear, bit 31 set)
     * @throws IllegalArgumentException if {@code deleted} is out of range
     */
    public static int deletion(int deleted) {
        if (deleted < 1 || deleted >= 1 << 30) {
            throw new IllegalArgumentException("a deletion key holds 1 to 2^30 - 1 deleted bases, not " + deleted);
        }
        return -deleted << 1;
    }

    /**
     * The {@link Lane#LOOKUP} key of long-allele table row {@code row}: {@code row << 1 | 1}.
     *
     * @param row the table row, {@code 0 <= row < 2^31}
     * @return the key (bit 0 set)
     * @throws IllegalArgumentException if {@code row} is negative
     */
    public static int lookup(int row) {
        if (row < 0) {
            throw new IllegalArgumentException("negative long-allele row " + row);
        }
        return row << 1 | 1;
    }

    /**
     * The long-allele table row of a {@link Lane#LOOKUP} key.
     *
     * @param key a lookup key
     * @return the row, {@code 0 <= row < 2^31}
     */
    public static int lookupRow(int key) {
        return key >>> 1;
    }
}
