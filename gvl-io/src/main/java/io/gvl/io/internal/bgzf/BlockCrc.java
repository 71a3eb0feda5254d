package io.gvl.io.internal.bgzf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The CRC-32 (gzip's) of a block's bytes, computed while {@link JavaBlockInflater} writes them, so that the blocks of
 * genotype columns are not read a second time for their check. Such a block is mostly 258-byte matches that repeat
 * a short pattern; the CRC register after one of them is a fixed linear map of the register before (applying 258
 * zero bytes: four table lookups) combined with the CRC of the 258 pattern bytes alone (kept for the few patterns a
 * file has). The bytes between them (literals, other matches) go through eight-byte table lookups. A block with more
 * than {@link #MAX_OTHER_BYTES} such bytes is given up on: its CRC is then computed by the stream as for any block.
 *
 * <p>The register is CRC-32's raw one (no inversion between steps): for data {@code D} of {@code n} bytes,
 * {@code U(r, D) = U(r, 0^n) xor U(0, D)}, both sides linear over GF(2). One per decoder; not thread-safe.
 */
final class BlockCrc {
    /** The bytes outside pattern matches a block may have before its CRC is left to the stream. */
    static final int MAX_OTHER_BYTES = 8 << 10;
    /** The length of the matches stepped over whole. */
    static final int RUN = 258;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** {@code SLICE[k][v]}: the register after {@code v} and then {@code k} zero bytes, from a zero register. */
    private static final int[][] SLICE = new int[8][256];
    /** {@code ZEROS[k][v]}: the register after {@link #RUN} zero bytes from register {@code v << 8k}. */
    private static final int[][] ZEROS = new int[4][256];

    static {
        for (int v = 0; v < 256; v++) {
            int c = v;
            for (int b = 0; b < 8; b++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ 0xEDB88320 : c >>> 1;
            }
            SLICE[0][v] = c;
        }
        for (int k = 1; k < 8; k++) {
            for (int v = 0; v < 256; v++) {
                int c = SLICE[k - 1][v];
                SLICE[k][v] = SLICE[0][c & 0xFF] ^ (c >>> 8);
            }
        }
        for (int k = 0; k < 4; k++) {
            for (int v = 0; v < 256; v++) {
                int r = v << (8 * k);
                for (int i = 0; i < RUN; i++) {
                    r = SLICE[0][r & 0xFF] ^ (r >>> 8);
                }
                ZEROS[k][v] = r;
            }
        }
    }

    /** Patterns met so far and the raw CRC of {@link #RUN} bytes of each (a few per file; direct-mapped). */
    private final long[] patterns = new long[16];
    private final int[] patternCrcs = new int[16];
    private final boolean[] known = new boolean[16];

    private int register;
    private int done;
    private int other;
    private boolean tracking;

    /** Starts a block (tracking), or marks that this block's CRC is left to the stream. */
    void start(boolean track) {
        register = 0xFFFFFFFF;
        done = 0;
        other = 0;
        tracking = track;
    }

    /** Whether this block's CRC is still being computed. */
    boolean tracking() {
        return tracking;
    }

    /**
     * Steps over the match of {@link #RUN} bytes just written at {@code out[at, at + RUN)}, whose byte {@code i} is
     * byte {@code i mod 8} of {@code pattern} (little-endian), after the bytes before it.
     */
    void run(byte[] out, int at, long pattern) {
        through(out, at);
        if (!tracking) {
            return;
        }
        int r = register;
        register = ZEROS[0][r & 0xFF] ^ ZEROS[1][(r >>> 8) & 0xFF] ^ ZEROS[2][(r >>> 16) & 0xFF]
                ^ ZEROS[3][r >>> 24] ^ patternCrc(pattern);
        done = at + RUN;
    }

    /** The block's CRC once its {@code size} bytes are written, or -1 when it was not tracked to the end. */
    long finish(byte[] out, int size) {
        through(out, size);
        return tracking ? ~register & 0xFFFFFFFFL : -1;
    }

    /** Brings the register up to {@code out[0, to)} through the bytes not yet covered. */
    private void through(byte[] out, int to) {
        if (!tracking || to <= done) {
            return;
        }
        other += to - done;
        if (other > MAX_OTHER_BYTES) {
            tracking = false;
            return;
        }
        register = update(register, out, done, to);
        done = to;
    }

    /** The raw register after {@code b[from, to)} from {@code r}: eight bytes per step through eight tables. */
    static int update(int r, byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONG.get(b, i);
            int lo = (int) w ^ r;
            int hi = (int) (w >>> 32);
            r = SLICE[7][lo & 0xFF] ^ SLICE[6][(lo >>> 8) & 0xFF] ^ SLICE[5][(lo >>> 16) & 0xFF] ^ SLICE[4][lo >>> 24]
                    ^ SLICE[3][hi & 0xFF] ^ SLICE[2][(hi >>> 8) & 0xFF] ^ SLICE[1][(hi >>> 16) & 0xFF]
                    ^ SLICE[0][hi >>> 24];
        }
        for (; i < to; i++) {
            r = SLICE[0][(r ^ b[i]) & 0xFF] ^ (r >>> 8);
        }
        return r;
    }

    private int patternCrc(long pattern) {
        int slot = (int) (pattern ^ (pattern >>> 29) ^ (pattern >>> 47)) & 15;
        if (known[slot] && patterns[slot] == pattern) {
            return patternCrcs[slot];
        }
        int r = 0;
        for (int i = 0; i < RUN; i++) {
            r = SLICE[0][(r ^ (int) (pattern >>> ((i & 7) << 3))) & 0xFF] ^ (r >>> 8);
        }
        patterns[slot] = pattern;
        patternCrcs[slot] = r;
        known[slot] = true;
        return r;
    }
}
