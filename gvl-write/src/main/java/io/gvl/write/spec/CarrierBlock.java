package io.gvl.write.spec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The ALT carriers of a run of variant rows for one pass of samples, row by row: for each row, the haplotype slots
 * {@code k · ploidy + p} (sample {@code k} of the pass, haplotype {@code p}) that carry the ALT, ascending. Stored as
 * two flat {@code int} arrays (compressed sparse rows), so its memory is 4 bytes per row and 4 per carrier, not one
 * byte per row, sample and haplotype as a dense block holds. Rows are only appended ({@link #addRow},
 * {@link #addDense}); row {@code i} is the {@code i}-th row appended since construction or {@link #clear()}.
 *
 * <p>Not thread-safe: one block belongs to one thread at a time. The arrays returned by {@link #slots()} belong to
 * the block and are replaced as it grows.
 */
public final class CarrierBlock {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private int width;
    /** End offset in {@link #slots} of each row; row {@code i} starts at {@code ends[i - 1]} (0 for row 0). */
    private int[] ends = new int[16];
    private int rows;
    private int[] slots = new int[64];
    private int size;

    /**
     * An empty block.
     *
     * @param width haplotype slots per row (samples of the pass × ploidy), at least 0
     * @throws IllegalArgumentException if {@code width} is negative
     */
    public CarrierBlock(int width) {
        if (width < 0) {
            throw new IllegalArgumentException("width " + width + " is negative");
        }
        this.width = width;
    }

    /**
     * Haplotype slots per row.
     *
     * @return the width given at construction or by the last {@link #reset}
     */
    public int width() {
        return width;
    }

    /**
     * Appends a row whose carriers are {@code src[from, from + count)}.
     *
     * @param src   the carrier slots, strictly ascending, each in {@code [0, width())}; copied, not kept
     * @param from  index of the first slot in {@code src}
     * @param count number of carriers, at least 0
     * @throws IllegalArgumentException if a slot is out of range or the slots are not strictly ascending
     */
    public void addRow(int[] src, int from, int count) {
        int prev = -1;
        for (int i = from; i < from + count; i++) {
            int s = src[i];
            if (s <= prev || s >= width) {
                throw new IllegalArgumentException("carrier slot " + s + " of row " + rows + " is out of [0, "
                        + width + ") or not above the previous slot " + prev);
            }
            prev = s;
        }
        reserve(count);
        System.arraycopy(src, from, slots, size, count);
        size += count;
        endRow();
    }

    /**
     * Appends {@code n} rows given densely: byte {@code calls[offset + i · width() + slot]} is 1 when {@code slot}
     * carries the ALT of the {@code i}-th row (any other value: it does not), the layout of
     * {@link VariantSource#genotypes}. The bytes are scanned 32 at a time (four words, skipped together when all are
     * zero), so rows with few carriers cost little more than a read of their bytes.
     *
     * @param calls  the dense rows; read, not kept
     * @param offset index in {@code calls} of the first row's first slot
     * @param n      number of rows, at least 0
     */
    public void addDense(byte[] calls, int offset, int n) {
        for (int r = 0; r < n; r++) {
            int at = offset + r * width;
            int k = 0;
            for (; k + 4 * Long.BYTES <= width; k += 4 * Long.BYTES) {
                long w0 = (long) LONGS.get(calls, at + k);
                long w1 = (long) LONGS.get(calls, at + k + 8);
                long w2 = (long) LONGS.get(calls, at + k + 16);
                long w3 = (long) LONGS.get(calls, at + k + 24);
                if ((w0 | w1 | w2 | w3) == 0) {
                    continue; // 32 slots without a carrier, the common case of rare variants
                }
                // one 32-bit mask of the lanes equal to 1, then one step per carrier: few branches to mispredict
                int mask = lanesOfOne(w0) | lanesOfOne(w1) << 8 | lanesOfOne(w2) << 16 | lanesOfOne(w3) << 24;
                reserve(Integer.bitCount(mask));
                while (mask != 0) {
                    slots[size++] = k + Integer.numberOfTrailingZeros(mask);
                    mask &= mask - 1;
                }
            }
            for (; k + Long.BYTES <= width; k += Long.BYTES) {
                ones((long) LONGS.get(calls, at + k), k);
            }
            for (; k < width; k++) {
                if (calls[at + k] == 1) {
                    add(k);
                }
            }
            endRow();
        }
    }

    /** Bit {@code i} set when byte lane {@code i} of {@code word} equals 1. */
    private static int lanesOfOne(long word) {
        long x = word ^ 0x0101010101010101L; // a lane equal to 1 is now 0
        // the exact zero-lane test: high bit set in a lane exactly when the lane is 0
        long zero = ~(((x & 0x7f7f7f7f7f7f7f7fL) + 0x7f7f7f7f7f7f7f7fL) | x | 0x7f7f7f7f7f7f7f7fL);
        // lane i's bit (now at 8i) moves to bit 56 + i; the other products fall outside the top byte, without carries
        return (int) (((zero >>> 7) * 0x0102040810204080L) >>> 56);
    }

    /** Appends {@code base + lane} for each byte lane of {@code word} equal to 1, lowest lane first. */
    private void ones(long word, int base) {
        if (word == 0) {
            return;
        }
        long x = word ^ 0x0101010101010101L; // a lane equal to 1 is now 0
        // the exact zero-lane test: high bit set in a lane exactly when the lane is 0
        long zero = ~(((x & 0x7f7f7f7f7f7f7f7fL) + 0x7f7f7f7f7f7f7f7fL) | x | 0x7f7f7f7f7f7f7f7fL);
        if (zero == 0) {
            return;
        }
        reserve(Long.BYTES);
        while (zero != 0) {
            slots[size++] = base + (Long.numberOfTrailingZeros(zero) >>> 3);
            zero &= zero - 1;
        }
    }

    private void add(int slot) {
        if (size == slots.length) {
            slots = Arrays.copyOf(slots, Math.max(64, slots.length * 2));
        }
        slots[size++] = slot;
    }

    private void reserve(int count) {
        if (size + count > slots.length) {
            slots = Arrays.copyOf(slots, Math.max(size + count, slots.length * 2));
        }
    }

    private void endRow() {
        if (rows == ends.length) {
            ends = Arrays.copyOf(ends, ends.length * 2);
        }
        ends[rows++] = size;
    }

    /**
     * Rows appended so far.
     *
     * @return the row count
     */
    public int rows() {
        return rows;
    }

    /**
     * Carriers of all rows appended so far.
     *
     * @return the number of valid elements of {@link #slots()}
     */
    public int carriers() {
        return size;
    }

    /**
     * Index in {@link #slots()} of row {@code row}'s first carrier.
     *
     * @param row a row in {@code [0, rows())}
     * @return the start offset
     */
    public int start(int row) {
        return row == 0 ? 0 : ends[row - 1];
    }

    /**
     * One past the index in {@link #slots()} of row {@code row}'s last carrier.
     *
     * @param row a row in {@code [0, rows())}
     * @return the end offset
     */
    public int end(int row) {
        return ends[row];
    }

    /**
     * The carrier slots of every row, concatenated in row order; elements {@code [0, carriers())} are valid until
     * the next append.
     *
     * @return the backing array (not a copy)
     */
    public int[] slots() {
        return slots;
    }

    /**
     * Bytes of heap the block holds now (its two arrays).
     *
     * @return the bytes
     */
    public long heapBytes() {
        return 4L * ends.length + 4L * slots.length;
    }

    /** Removes every row; keeps the arrays for reuse. */
    public void clear() {
        rows = 0;
        size = 0;
    }

    /**
     * Removes every row and sets a new width; keeps the arrays for reuse (a block grown for one pass of samples
     * serves the next without growing again).
     *
     * @param width haplotype slots per row from now on, at least 0
     * @throws IllegalArgumentException if {@code width} is negative
     */
    public void reset(int width) {
        if (width < 0) {
            throw new IllegalArgumentException("width " + width + " is negative");
        }
        this.width = width;
        clear();
    }
}
