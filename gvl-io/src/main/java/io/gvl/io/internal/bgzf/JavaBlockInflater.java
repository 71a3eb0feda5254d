package io.gvl.io.internal.bgzf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.DataFormatException;

/**
 * gvl's own DEFLATE decoder (RFC 1951) for one BGZF block, in plain Java. Genotype columns compress into long
 * matches at a short distance (a VCF's {@code 0|0\t} repeats every 4 bytes, a BCF's {@code 02 03} every 2): this
 * decoder fills those matches eight bytes at a time from a pattern held in a register, where a general decoder
 * copies them in short overlapping steps (3× libdeflate's speed on a 20,000-sample BCF). Other data decodes
 * correctly at about half libdeflate's speed, so by default it gets only the blocks that expand most
 * ({@link RatioSplitInflater}).
 *
 * <p>It rejects what zlib rejects, as a {@link DataFormatException}: block type 3, over-subscribed or incomplete
 * codes (zlib's rule: a code may be empty, and a literal/length or distance code may be a single one-bit codeword),
 * more than 286 literal/length or 30 distance codes, a symbol the code does not define, a distance before the
 * block's start, more or fewer bytes than ISIZE, and data that ends before its final block. Bits are loaded eight
 * bytes at a time, so the reader may look past the block's end; a block that would consume those bytes fails the
 * end check instead.
 */
final class JavaBlockInflater implements BlockInflater {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private static final int LITLEN_BITS = 11;
    private static final int DIST_BITS = 9;
    private static final int LITLEN_SYMBOLS = 288;
    private static final int DIST_SYMBOLS = 32;
    private static final int PRECODE_SYMBOLS = 19;
    private static final int REAL_END = HuffmanTable.entry(0, 0, HuffmanTable.END, 0);
    private static final int NOT_A_SYMBOL = HuffmanTable.INVALID;

    private static final int[] LENGTH_BASE = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51,
        59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
    private static final int[] LENGTH_EXTRA = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4,
        5, 5, 5, 5, 0};
    private static final int[] DIST_BASE = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513,
        769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
    private static final int[] DIST_EXTRA = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10,
        11, 11, 12, 12, 13, 13};
    private static final byte[] PRECODE_ORDER = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

    /** What each literal/length and distance symbol decodes to, before its codeword length is added. */
    private static final int[] LITLEN_SYMBOL = new int[LITLEN_SYMBOLS];
    private static final int[] DIST_SYMBOL = new int[DIST_SYMBOLS];
    private static final int[] PRECODE_SYMBOL = new int[PRECODE_SYMBOLS];

    static {
        for (int s = 0; s < 256; s++) {
            LITLEN_SYMBOL[s] = HuffmanTable.entry(0, 0, HuffmanTable.LITERAL, s);
        }
        LITLEN_SYMBOL[256] = REAL_END;
        for (int s = 257; s < 286; s++) {
            LITLEN_SYMBOL[s] = HuffmanTable.entry(0, LENGTH_EXTRA[s - 257], HuffmanTable.MATCH, LENGTH_BASE[s - 257]);
        }
        LITLEN_SYMBOL[286] = LITLEN_SYMBOL[287] = NOT_A_SYMBOL;
        for (int s = 0; s < 30; s++) {
            DIST_SYMBOL[s] = HuffmanTable.entry(0, DIST_EXTRA[s], HuffmanTable.MATCH, DIST_BASE[s]);
        }
        DIST_SYMBOL[30] = DIST_SYMBOL[31] = NOT_A_SYMBOL;
        for (int s = 0; s < PRECODE_SYMBOLS; s++) {
            PRECODE_SYMBOL[s] = HuffmanTable.entry(0, 0, HuffmanTable.LITERAL, s);
        }
    }

    private final ByteBuffer buffer = ByteBuffer.allocate(INPUT).order(ByteOrder.LITTLE_ENDIAN);
    private final byte[] in = buffer.array();
    private final HuffmanTable litlen = new HuffmanTable(LITLEN_BITS, LITLEN_SYMBOLS);
    private final HuffmanTable dist = new HuffmanTable(DIST_BITS, DIST_SYMBOLS);
    private final HuffmanTable fixedLitlen = new HuffmanTable(LITLEN_BITS, LITLEN_SYMBOLS);
    private final HuffmanTable fixedDist = new HuffmanTable(DIST_BITS, DIST_SYMBOLS);
    private final HuffmanTable precode = new HuffmanTable(7, PRECODE_SYMBOLS);
    private final byte[] lengths = new byte[LITLEN_SYMBOLS + DIST_SYMBOLS];
    private final byte[] distLengths = new byte[DIST_SYMBOLS];
    private final byte[] precodeLengths = new byte[PRECODE_SYMBOLS];
    /**
     * The code lengths {@link #litlen} and {@link #dist} were last built from ({@code builtCount} of them, -1 when
     * none): consecutive blocks of a genotype file often send the same codes, and are then decoded without a build.
     */
    private final byte[] builtLengths = new byte[LITLEN_SYMBOLS + DIST_SYMBOLS];
    private int builtHlit = -1;
    private int builtCount = -1;
    /**
     * The first {@code headerBits} bits of the last BGZF block that began with a dynamic block: its block header and
     * code lengths, from which the current tables were built (-1 when they were not). A block that begins with the
     * same bits is decoded with those tables without reading its code lengths again.
     */
    private final byte[] header = new byte[640];
    private int headerBits = -1;
    private boolean closed;

    // the bit reader: bits not yet consumed, least significant first; pos is the next byte of `in` to load
    private long bitbuf;
    private int bitcount;
    private int pos;
    private int end;

    JavaBlockInflater() {
        byte[] fixed = new byte[LITLEN_SYMBOLS];
        Arrays.fill(fixed, 0, 144, (byte) 8);
        Arrays.fill(fixed, 144, 256, (byte) 9);
        Arrays.fill(fixed, 256, 280, (byte) 7);
        Arrays.fill(fixed, 280, 288, (byte) 8);
        byte[] fixedD = new byte[DIST_SYMBOLS];
        Arrays.fill(fixedD, (byte) 5);
        try {
            fixedLitlen.build(fixed, LITLEN_SYMBOLS, LITLEN_SYMBOL, false, "fixed literal/length");
            fixedDist.build(fixedD, DIST_SYMBOLS, DIST_SYMBOL, false, "fixed distance");
        } catch (DataFormatException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public ByteBuffer buffer() {
        checkOpen();
        return buffer;
    }

    @Override
    public String name() {
        return "java";
    }

    @Override
    public void inflate(int from, int length, byte[] out, int isize) throws DataFormatException {
        checkOpen();
        BlockInflater.checkBlock(from, length, out, isize);
        bitbuf = 0;
        bitcount = 0;
        pos = from;
        end = from + length;
        int op = 0;
        boolean last;
        boolean first = true;
        do {
            if (first && sameHeader(from, length)) { // the tables of the last such block decode this one
                pos = from + (headerBits >>> 3);
                refill();
                consume(headerBits & 7);
                last = (header[0] & 1) != 0;
                op = codes(litlen, dist, out, op, isize);
                first = false;
                continue;
            }
            refill();
            last = (bitbuf & 1) != 0;
            int type = (int) (bitbuf >>> 1) & 3;
            consume(3);
            switch (type) {
                case 0 -> op = stored(out, op, isize);
                case 1 -> op = codes(fixedLitlen, fixedDist, out, op, isize);
                case 2 -> {
                    if (first) {
                        headerBits = -1; // until this block's header is read and its tables built
                    }
                    boolean rebuilt = readDynamicTables();
                    if (first) {
                        saveHeader(from);
                    } else if (rebuilt) {
                        headerBits = -1; // the tables are no longer the saved header's
                    }
                    op = codes(litlen, dist, out, op, isize);
                }
                default -> throw new DataFormatException("invalid DEFLATE data (block type 3)");
            }
            first = false;
        } while (!last);
        if ((long) (pos - from) * 8 - bitcount > (long) length * 8) {
            throw new DataFormatException("invalid DEFLATE data (ends before its final block)");
        }
        if (op != isize) {
            throw new DataFormatException("inflates to " + op + " bytes, not " + isize);
        }
    }

    /** Whether the block at {@code from} begins with the saved header's bits. */
    private boolean sameHeader(int from, int length) {
        int bits = headerBits;
        if (bits <= 0 || bits > length * 8) {
            return false;
        }
        int whole = bits >>> 3;
        if (!Arrays.equals(in, from, from + whole, header, 0, whole)) {
            return false;
        }
        int mask = (1 << (bits & 7)) - 1;
        return ((in[from + whole] ^ header[whole]) & mask) == 0;
    }

    /** Saves the bits read so far of the block at {@code from} (its header and code lengths), if they fit. */
    private void saveHeader(int from) {
        int bits = (pos - from) * 8 - bitcount;
        int bytes = (bits + 7) >>> 3;
        if (bytes <= header.length && from + bytes <= in.length) {
            System.arraycopy(in, from, header, 0, bytes);
            headerBits = bits;
        }
    }

    /** Loads bytes until at least 56 bits are buffered; past the block's end it loads zeros (checked at the end). */
    private void refill() {
        if (pos <= in.length - 8) {
            bitbuf |= (long) LONG.get(in, pos) << bitcount;
            pos += (63 - bitcount) >>> 3;
            bitcount |= 56;
        } else {
            while (bitcount <= 56) {
                long b = pos < end ? in[pos] & 0xFF : 0;
                bitbuf |= b << bitcount;
                pos++;
                bitcount += 8;
            }
        }
    }

    private void consume(int n) {
        bitbuf >>>= n;
        bitcount -= n;
    }

    private int stored(byte[] out, int op, int isize) throws DataFormatException {
        consume(bitcount & 7);
        pos -= bitcount >>> 3; // give back the whole bytes the bit buffer holds
        bitbuf = 0;
        bitcount = 0;
        if (pos + 4 > end) {
            throw new DataFormatException("invalid DEFLATE data (stored block header past the end)");
        }
        int len = (in[pos] & 0xFF) | (in[pos + 1] & 0xFF) << 8;
        int nlen = (in[pos + 2] & 0xFF) | (in[pos + 3] & 0xFF) << 8;
        pos += 4;
        if (len != (~nlen & 0xFFFF)) {
            throw new DataFormatException("invalid DEFLATE data (stored block length)");
        }
        if (pos + len > end) {
            throw new DataFormatException("invalid DEFLATE data (stored block past the end)");
        }
        if (op + len > isize) {
            throw new DataFormatException("inflates to more than " + isize + " bytes");
        }
        System.arraycopy(in, pos, out, op, len);
        pos += len;
        return op + len;
    }

    /** Reads a dynamic block's code lengths and builds its tables; false when the last tables serve (same lengths). */
    private boolean readDynamicTables() throws DataFormatException {
        refill();
        int hlit = (int) (bitbuf & 0x1F) + 257;
        int hdist = (int) (bitbuf >>> 5 & 0x1F) + 1;
        int hclen = (int) (bitbuf >>> 10 & 0xF) + 4;
        consume(14);
        if (hlit > 286 || hdist > 30) {
            throw new DataFormatException("invalid DEFLATE data (too many length or distance symbols)");
        }
        Arrays.fill(precodeLengths, (byte) 0);
        for (int i = 0; i < hclen; i++) {
            if (bitcount < 3) {
                refill();
            }
            precodeLengths[PRECODE_ORDER[i]] = (byte) (bitbuf & 7);
            consume(3);
        }
        precode.build(precodeLengths, PRECODE_SYMBOLS, PRECODE_SYMBOL, false, "code length");
        int n = hlit + hdist;
        int i = 0;
        while (i < n) {
            refill();
            int e = precode.entries[(int) bitbuf & precode.mask()];
            if (HuffmanTable.kind(e) != HuffmanTable.LITERAL) {
                throw new DataFormatException("invalid DEFLATE data (incomplete code length code)");
            }
            consume(HuffmanTable.bits(e));
            int sym = HuffmanTable.value(e);
            if (sym < 16) {
                lengths[i++] = (byte) sym;
                continue;
            }
            byte value = 0;
            int repeat;
            if (sym == 16) {
                if (i == 0) {
                    throw new DataFormatException("invalid DEFLATE data (code length repeat at the start)");
                }
                value = lengths[i - 1];
                repeat = 3 + (int) (bitbuf & 3);
                consume(2);
            } else if (sym == 17) {
                repeat = 3 + (int) (bitbuf & 7);
                consume(3);
            } else {
                repeat = 11 + (int) (bitbuf & 0x7F);
                consume(7);
            }
            if (i + repeat > n) {
                throw new DataFormatException("invalid DEFLATE data (code lengths overrun)");
            }
            Arrays.fill(lengths, i, i + repeat, value);
            i += repeat;
        }
        if (lengths[256] == 0) {
            throw new DataFormatException("invalid DEFLATE data (no end-of-block code)");
        }
        if (hlit == builtHlit && n == builtCount && Arrays.equals(lengths, 0, n, builtLengths, 0, n)) {
            return false; // the tables of the last dynamic block decode this one
        }
        builtCount = -1; // until both tables are built
        litlen.build(lengths, hlit, LITLEN_SYMBOL, true, "literal/length");
        System.arraycopy(lengths, hlit, distLengths, 0, hdist);
        dist.build(distLengths, hdist, DIST_SYMBOL, true, "distance");
        System.arraycopy(lengths, 0, builtLengths, 0, n);
        builtHlit = hlit;
        builtCount = n;
        return true;
    }

    /** Decodes one block's symbols into {@code out} from {@code op}; returns the new output position. */
    private int codes(HuffmanTable lit, HuffmanTable dst, byte[] out, int op, int isize) throws DataFormatException {
        int[] le = lit.entries;
        int[] de = dst.entries;
        int litMask = lit.mask();
        int distMask = dst.mask();
        long buf = bitbuf;
        int count = bitcount;
        int p = pos;
        byte[] src = in;
        int fast = in.length - 8;
        try {
            for (;;) {
                if (count < 48) { // a codeword, its extra bits, a distance codeword and its extra bits: 48 bits
                    if (p <= fast) {
                        buf |= (long) LONG.get(src, p) << count;
                        p += (63 - count) >>> 3;
                        count |= 56;
                    } else {
                        bitbuf = buf;
                        bitcount = count;
                        pos = p;
                        refill();
                        buf = bitbuf;
                        count = bitcount;
                        p = pos;
                    }
                }
                int e = le[(int) buf & litMask];
                if (HuffmanTable.kind(e) == HuffmanTable.SUBTABLE) {
                    buf >>>= LITLEN_BITS;
                    count -= LITLEN_BITS;
                    e = le[HuffmanTable.value(e) + ((int) buf & ((1 << HuffmanTable.extra(e)) - 1))];
                }
                int n = HuffmanTable.bits(e);
                buf >>>= n;
                count -= n;
                int kind = HuffmanTable.kind(e);
                if (kind == HuffmanTable.LITERAL) {
                    if (op >= isize) {
                        throw new DataFormatException("inflates to more than " + isize + " bytes");
                    }
                    out[op++] = (byte) HuffmanTable.value(e);
                    continue;
                }
                if (kind != HuffmanTable.MATCH) {
                    if (HuffmanTable.value(e) != 0) {
                        throw new DataFormatException("invalid DEFLATE data (no such literal/length code)");
                    }
                    return op;
                }
                int x = HuffmanTable.extra(e);
                int len = HuffmanTable.value(e) + ((int) buf & ((1 << x) - 1));
                buf >>>= x;
                count -= x;
                int d = de[(int) buf & distMask];
                if (HuffmanTable.kind(d) == HuffmanTable.SUBTABLE) {
                    buf >>>= DIST_BITS;
                    count -= DIST_BITS;
                    d = de[HuffmanTable.value(d) + ((int) buf & ((1 << HuffmanTable.extra(d)) - 1))];
                }
                if (HuffmanTable.kind(d) != HuffmanTable.MATCH) {
                    throw new DataFormatException("invalid DEFLATE data (no such distance code)");
                }
                n = HuffmanTable.bits(d);
                buf >>>= n;
                count -= n;
                x = HuffmanTable.extra(d);
                int distance = HuffmanTable.value(d) + ((int) buf & ((1 << x) - 1));
                buf >>>= x;
                count -= x;
                if (distance > op) {
                    throw new DataFormatException("invalid DEFLATE data (distance " + distance + " before the start)");
                }
                if (len > isize - op) {
                    throw new DataFormatException("inflates to more than " + isize + " bytes");
                }
                copyMatch(out, op, distance, len);
                op += len;
            }
        } finally {
            bitbuf = buf;
            bitcount = count;
            pos = p;
        }
    }

    /** {@code out[op + i] = out[op - distance + i]} for {@code i} in {@code [0, len)}, in order (so it may repeat). */
    static void copyMatch(byte[] out, int op, int distance, int len) {
        int from = op - distance;
        if (distance >= len) {
            System.arraycopy(out, from, out, op, len);
            return;
        }
        if (distance == 1) {
            Arrays.fill(out, op, op + len, out[from]);
            return;
        }
        if (distance == 2 || distance == 4 || distance == 8) {
            fill(out, op, len, pattern(out, from, distance));
            return;
        }
        // the copied stretch repeats every `distance` bytes: double it with non-overlapping copies
        int done = 0;
        while (done < len) {
            int k = Math.min(done + distance, len - done);
            System.arraycopy(out, from, out, op + done, k);
            done += k;
        }
    }

    /** The {@code distance} bytes at {@code out[from]} (1, 2, 4 or 8), repeated to fill a little-endian long. */
    static long pattern(byte[] out, int from, int distance) {
        long pattern;
        if (distance == 1) {
            pattern = (out[from] & 0xFFL) * 0x0101010101010101L;
        } else if (distance == 2) {
            pattern = (out[from] & 0xFFL) | (out[from + 1] & 0xFFL) << 8;
            pattern |= pattern << 16;
            pattern |= pattern << 32;
        } else if (distance == 4) {
            pattern = (int) INT.get(out, from) & 0xFFFFFFFFL;
            pattern |= pattern << 32;
        } else {
            pattern = (long) LONG.get(out, from);
        }
        return pattern;
    }

    /** Writes {@code len} bytes at {@code out[op]}, byte {@code i} being byte {@code i mod 8} of {@code pattern}. */
    static void fill(byte[] out, int op, int len, long pattern) {
        int i = 0;
        for (; i <= len - 8; i += 8) {
            LONG.set(out, op + i, pattern);
        }
        for (; i < len; i++) {
            out[op + i] = (byte) (pattern >>> ((i & 7) << 3));
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("this BGZF block inflater (java) is closed");
        }
    }

    @Override
    public void close() {
        closed = true;
    }
}
