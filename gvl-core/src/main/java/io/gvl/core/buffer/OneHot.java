package io.gvl.core.buffer;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * One-hot encoding of DNA bytes into the channel-first float layout convolutional models take: a batch of
 * {@code B} rows of {@code L} uint8 bases becomes float32 {@code [B, 4, L]}, channel {@code c} of row {@code b}
 * holding 1.0 where base {@code l} is the channel's letter and 0.0 elsewhere. The channels are {@code A, C, G, T}
 * in that order; lower-case letters count as their upper-case base (soft-masked references), every other byte
 * ({@code N}, IUPAC codes, padding) gives an all-zero column.
 *
 * <p>Encoding here, next to the data, spares a model the {@code [B, L] -> [B, 4, L]} gather on its side and lets
 * the result be handed to an engine without another copy. Stateless and thread-safe.
 */
public final class OneHot {
    /** Number of channels, one per base {@code A, C, G, T}. */
    public static final int CHANNELS = 4;

    private static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED;
    private static final byte[] CHANNEL = new byte[256];

    static {
        Arrays.fill(CHANNEL, (byte) -1);
        String bases = "ACGT";
        for (int c = 0; c < CHANNELS; c++) {
            CHANNEL[bases.charAt(c)] = (byte) c;
            CHANNEL[Character.toLowerCase(bases.charAt(c))] = (byte) c;
        }
    }

    private OneHot() {
    }

    /**
     * The channel of one base.
     *
     * @param base an ASCII byte
     * @return 0 to 3 for {@code A, C, G, T} (either case), -1 for any other byte
     */
    public static int channel(byte base) {
        return CHANNEL[base & 0xFF];
    }

    /**
     * Encodes {@code rows x length} bases (C order) into {@code rows x 4 x length} float32 values (C order),
     * overwriting every value of the destination range.
     *
     * @param seqs the bases, at least {@code rows * length} bytes
     * @param out the destination, at least {@code rows * 4 * length * 4} bytes; native byte order
     * @param rows the number of rows, {@code >= 0}
     * @param length the bases per row, {@code >= 0}
     * @throws IllegalArgumentException if a segment is too small or a count is negative
     */
    public static void encode(MemorySegment seqs, MemorySegment out, long rows, long length) {
        if (rows < 0 || length < 0) {
            throw new IllegalArgumentException("one-hot of " + rows + " rows x " + length + " bases: counts must be"
                    + " >= 0");
        }
        long bases = Math.multiplyExact(rows, length);
        long floats = Math.multiplyExact(bases, CHANNELS);
        if (seqs.byteSize() < bases || out.byteSize() < floats * Float.BYTES) {
            throw new IllegalArgumentException("one-hot of " + rows + " rows x " + length + " bases needs "
                    + bases + " input bytes and " + floats * Float.BYTES + " output bytes; got "
                    + seqs.byteSize() + " and " + out.byteSize());
        }
        out.asSlice(0, floats * Float.BYTES).fill((byte) 0);
        for (long r = 0; r < rows; r++) {
            long in = r * length;
            long rowOut = r * CHANNELS * length;
            for (long l = 0; l < length; l++) {
                int c = CHANNEL[seqs.get(ValueLayout.JAVA_BYTE, in + l) & 0xFF];
                if (c >= 0) {
                    out.set(F32, (rowOut + c * length + l) * Float.BYTES, 1f);
                }
            }
        }
    }

    /**
     * Encodes a uint8 buffer of shape {@code [..., L]} (for example fixed-length haplotypes {@code [B, P, L]}) into
     * a new float32 buffer of shape {@code [..., 4, L]}.
     *
     * @param seqs a {@link DType#U8} buffer of rank {@code >= 1}
     * @param arena the arena the result is allocated in; the result borrows it
     * @return the one-hot buffer, valid while {@code arena} is open
     * @throws IllegalArgumentException if {@code seqs} is not uint8
     */
    public static Dense encode(Dense seqs, Arena arena) {
        long[] shape = seqs.shape();
        if (seqs.dtype() != DType.U8 || shape.length == 0) {
            throw new IllegalArgumentException("one-hot takes uint8 [..., L] sequences; got " + seqs.dtype() + " "
                    + Arrays.toString(shape));
        }
        long length = shape[shape.length - 1];
        long[] outShape = Arrays.copyOf(shape, shape.length + 1);
        outShape[shape.length - 1] = CHANNELS;
        outShape[shape.length] = length;
        Dense out = Dense.allocate(arena, DType.F32, outShape);
        long rows = length == 0 ? 0 : seqs.data().byteSize() / length;
        encode(seqs.data(), out.data(), rows, length);
        return out;
    }
}
