package io.gvl.io.svar;

import java.util.Arrays;

/**
 * A reusable, growable list of gathered calls, filled by {@link Svar2Gather}: per call a 0-based position, an ilen,
 * the ALT bytes and the {@link Svar2Origin}. Arrays grow by doubling and are kept across {@link #clear()}, so a
 * buffer reused for many haplotypes stops allocating once it has seen the largest. A pure deletion has an empty ALT
 * ({@link #isPureDeletion}); for reconstruction the caller substitutes the reference base at its position, and
 * variants output reports the empty ALT as GVL 0.43.1 does.
 *
 * <p>Not thread-safe: use one buffer per thread.
 */
public final class Svar2Calls {
    private int size;
    private long[] positions;
    private int[] ilens;
    private long[] origins;
    private int[] altOffsets;
    private byte[] alts;

    /** Creates an empty buffer with room for 64 calls. */
    public Svar2Calls() {
        positions = new long[64];
        ilens = new int[64];
        origins = new long[64];
        altOffsets = new int[65];
        alts = new byte[256];
    }

    /** Forgets every call and keeps the arrays. */
    public void clear() {
        size = 0;
    }

    /**
     * Number of calls.
     *
     * @return the count
     */
    public int size() {
        return size;
    }

    /**
     * The 0-based position of call {@code i}.
     *
     * @param i call index, {@code 0 <= i < size()}
     * @return the position
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public long position(int i) {
        return positions[check(i)];
    }

    /**
     * The ilen of call {@code i}: 0 for an SNP, positive for an insertion, minus the deleted length for a deletion.
     *
     * @param i call index, {@code 0 <= i < size()}
     * @return the ilen
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public int ilen(int i) {
        return ilens[check(i)];
    }

    /**
     * Whether call {@code i} is a pure deletion stored without ALT bases (the ALT is empty; the anchor is the
     * reference base at {@link #position}).
     *
     * @param i call index, {@code 0 <= i < size()}
     * @return true for a pure deletion
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public boolean isPureDeletion(int i) {
        return altLength(i) == 0;
    }

    /**
     * Where call {@code i}'s ALT starts in {@link #altBytes()}.
     *
     * @param i call index, {@code 0 <= i < size()}
     * @return the offset of the first ALT byte
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public int altStart(int i) {
        return altOffsets[check(i)];
    }

    /**
     * The number of ALT bytes of call {@code i} (0 for a pure deletion; {@code ilen + 1} otherwise).
     *
     * @param i call index, {@code 0 <= i < size()}
     * @return the ALT length
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public int altLength(int i) {
        check(i);
        return altOffsets[i + 1] - altOffsets[i];
    }

    /**
     * The ALT bytes of all calls, upper-case ASCII, call {@code i} at
     * {@code [altStart(i), altStart(i) + altLength(i))}. The array is this buffer's own: it stays valid until the
     * next append or {@link #clear()}, and the caller must not write to it.
     *
     * @return the backing array (longer than the used part)
     */
    public byte[] altBytes() {
        return alts;
    }

    /**
     * A copy of call {@code i}'s ALT (allocates; for tests and slow paths).
     *
     * @param i call index, {@code 0 <= i < size()}
     * @return a new array, empty for a pure deletion
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public byte[] alt(int i) {
        return Arrays.copyOfRange(alts, altOffsets[check(i)], altOffsets[i + 1]);
    }

    /**
     * Where call {@code i} came from ({@link Svar2Origin}: stream and index inside it).
     *
     * @param i call index, {@code 0 <= i < size()}
     * @return the packed origin
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public long origin(int i) {
        return origins[check(i)];
    }

    /** Starts a call; its ALT bytes follow through {@link #appendAlt}. */
    void begin(long position, int ilen, long origin) {
        if (size == positions.length) {
            int n = positions.length * 2;
            positions = Arrays.copyOf(positions, n);
            ilens = Arrays.copyOf(ilens, n);
            origins = Arrays.copyOf(origins, n);
            altOffsets = Arrays.copyOf(altOffsets, n + 1);
        }
        positions[size] = position;
        ilens[size] = ilen;
        origins[size] = origin;
        size++;
        altOffsets[size] = altOffsets[size - 1];
    }

    /** Appends one ALT byte to the call started last. */
    void appendAlt(byte b) {
        int at = altOffsets[size];
        if (at == alts.length) {
            alts = Arrays.copyOf(alts, alts.length * 2);
        }
        alts[at] = b;
        altOffsets[size] = at + 1;
    }

    private int check(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("call " + i + " of " + size);
        }
        return i;
    }
}
