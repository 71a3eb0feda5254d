package io.gvl.io.internal.bgzf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.zip.DataFormatException;

/**
 * A DEFLATE prefix code as a two-level lookup table, indexed by the next bits of the stream (least significant
 * first, so each codeword is stored bit-reversed). The first level has {@code 2^indexBits} entries, where
 * {@code indexBits} is the code's longest codeword length or {@code primaryBits}, whichever is less (a genotype
 * block's codes are 5–8 bits long: a table of 2,048 entries would be mostly copies, built for every block); a
 * codeword longer than {@code primaryBits} points to a second-level table of {@code 2^(15 - primaryBits)} entries for
 * its prefix. Look up the next bits masked by {@link #mask()}.
 *
 * <p>An entry is an int: bits 0–3 the bits to consume, bits 4–7 the extra bits that follow the codeword, bits 8–9
 * its {@linkplain #kind(int) kind}, bits 16–31 its value (a literal byte, a length or distance base, or the start of
 * the second-level table, whose entry bits 4–7 then give that table's index width). Slots no codeword reaches
 * (an empty code, or the unused half of a one-bit code) hold {@link #INVALID}, which decoding rejects.
 */
final class HuffmanTable {
    static final int MAX_CODE_BITS = 15;
    private static final VarHandle LENGTHS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);

    static final int LITERAL = 0;
    static final int MATCH = 1;
    static final int END = 2;
    static final int SUBTABLE = 3;

    /** An entry no codeword reaches, or a symbol DEFLATE does not define: kind {@link #END} with value 1. */
    static final int INVALID = END << 8 | 1 << 16;

    final int[] entries;
    final int primaryBits;
    /** The first level's index width for the code last built (see the class comment). */
    private int indexBits;

    private final int[] count = new int[MAX_CODE_BITS + 1];
    private final int[] next = new int[MAX_CODE_BITS + 2];
    private final int[] sorted;

    /** A table for up to {@code symbols} symbols. */
    HuffmanTable(int primaryBits, int symbols) {
        this.primaryBits = primaryBits;
        this.entries = new int[(1 << primaryBits) + symbols * (1 << (MAX_CODE_BITS - primaryBits))];
        this.sorted = new int[symbols];
    }

    /** The mask of the stream bits that index the first level of the code last built. */
    int mask() {
        return (1 << indexBits) - 1;
    }

    static int bits(int entry) {
        return entry & 0xF;
    }

    static int extra(int entry) {
        return (entry >>> 4) & 0xF;
    }

    static int kind(int entry) {
        return (entry >>> 8) & 3;
    }

    static int value(int entry) {
        return entry >>> 16;
    }

    static int entry(int bits, int extra, int kind, int value) {
        return bits | extra << 4 | kind << 8 | value << 16;
    }

    /**
     * Builds the table for the code of {@code lengths[0, n)} (0 = symbol unused); symbol {@code s} decodes to
     * {@code symbolEntries[s]} with its codeword length filled in.
     *
     * <p>As zlib does, a code must fill its code space, with two exceptions: no codeword at all (any use of it then
     * fails), and, when {@code singleAllowed}, one codeword of one bit (a block with a single distance).
     *
     * @throws DataFormatException when the lengths over-subscribe the code space or leave it incomplete
     */
    void build(byte[] lengths, int n, int[] symbolEntries, boolean singleAllowed, String what)
            throws DataFormatException {
        java.util.Arrays.fill(count, 0);
        int sym = 0;
        for (; sym + Long.BYTES <= n; sym += Long.BYTES) { // most symbols of a block are unused: skip eight at a time
            if ((long) LENGTHS.get(lengths, sym) != 0) {
                for (int k = sym; k < sym + Long.BYTES; k++) {
                    count[lengths[k]]++;
                }
            }
        }
        for (; sym < n; sym++) {
            count[lengths[sym]]++;
        }
        count[0] = 0;
        int left = 1;
        int longest = 0;
        for (int len = 1; len <= MAX_CODE_BITS; len++) {
            left = (left << 1) - count[len];
            if (left < 0) {
                throw new DataFormatException("invalid DEFLATE data (over-subscribed " + what + " code)");
            }
            if (count[len] != 0) {
                longest = len;
            }
        }
        if (left > 0 && longest != 0 && !(singleAllowed && longest == 1)) {
            throw new DataFormatException("invalid DEFLATE data (incomplete " + what + " code)");
        }
        next[1] = 0;
        for (int len = 1; len <= MAX_CODE_BITS; len++) {
            next[len + 1] = next[len] + count[len];
        }
        for (int t = 0; t < n; t++) {
            if (lengths[t] != 0) {
                sorted[next[lengths[t]]++] = t;
            }
        }
        indexBits = Math.min(longest, primaryBits);
        int primarySize = 1 << primaryBits;
        int firstLevel = 1 << indexBits;
        if (left > 0) { // an empty code or a single one-bit codeword: slots no codeword reaches
            java.util.Arrays.fill(entries, 0, firstLevel, INVALID);
        }
        int subBits = MAX_CODE_BITS - primaryBits;
        int subSize = 1 << subBits;
        int used = primarySize;
        int code = 0;
        int len = 0;
        int filled = 1; // the first `filled` slots hold every codeword of length `len` or less, each once
        int lastPrefix = -1; // long codewords sharing their first primaryBits bits come one after another
        int base = 0;
        int total = next[MAX_CODE_BITS + 1];
        for (int i = 0; i < total; i++) {
            int s = sorted[i];
            int l = lengths[s];
            if (l != len) { // canonical codes: advance the code to the next length
                code <<= l - len;
                len = l;
                // a codeword of length l is the same in every slot whose low l bits are its reversed bits: copy
                // the table so far to twice its size until it covers l bits (or all the first level)
                int want = 1 << Math.min(l, primaryBits);
                while (filled < want) {
                    System.arraycopy(entries, 0, entries, filled, filled);
                    filled <<= 1;
                }
            }
            int reversed = Integer.reverse(code) >>> (32 - l);
            if (l <= primaryBits) {
                entries[reversed] = symbolEntries[s] | l;
            } else {
                int prefix = reversed & (primarySize - 1);
                if (prefix != lastPrefix) {
                    lastPrefix = prefix;
                    base = used;
                    used += subSize;
                    java.util.Arrays.fill(entries, base, base + subSize, INVALID);
                    entries[prefix] = entry(primaryBits, subBits, SUBTABLE, base);
                }
                int rest = reversed >>> primaryBits;
                int restBits = l - primaryBits;
                int sub = (symbolEntries[s] & ~0xF) | restBits;
                for (int at = rest; at < subSize; at += 1 << restBits) {
                    entries[base + at] = sub;
                }
            }
            code++;
        }
        while (filled < firstLevel) {
            System.arraycopy(entries, 0, entries, filled, filled);
            filled <<= 1;
        }
    }
}
