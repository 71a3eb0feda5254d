package io.gvl.io.internal.pgen;

import io.gvl.io.InputFormatException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Where each record of a {@code .pgen} lies and how it is encoded, from the header (plink-ng's {@code pgen_spec}:
 * magic, mode, counts, index, extensions): PLINK 1 variant-major {@code .bed} (mode 0x01), fixed-width hardcalls
 * (0x02) and the variable-width layouts (0x10, and 0x11 whose extension bytes are skipped because the block offsets
 * say where records start).
 *
 * <p>A variable-width index is kept per block of 65,536 records: the record types and the summed record offsets of
 * a block are parsed the first time a record of it is asked for ({@link #lazy}), or all at once ({@link #parse}). A
 * reader of a few record ranges of a whole-genome fileset (a write's part) so holds the blocks it reads, not nine
 * bytes per record of the file. Blocks are immutable once built and published through a plain array; a racing
 * first use parses a block twice and keeps either copy.
 */
public final class PgenIndex {
    static final int BLOCK = 65_536;
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final String REMAKE = "re-make the fileset with plink2 --pfile PREFIX --make-pgen --out NEW"
            + " (or from the source VCF with plink2 --vcf FILE --make-pgen).";

    private final Path pgen;
    private final MemorySegment data;
    private final int variants;
    private final int samples;
    private final boolean plink1;
    private final long fixedStart;
    private final int fixedWidth;
    /** Variable width only: how the per-block index sections are laid out; {@code null} for fixed-width records. */
    private final Layout layout;
    /** Variable width only: where each block's records start, and where its index section lies in the header. */
    private final long[] blockOffset;
    private final long[] sectionAt;
    private final Block[] blocks;

    private PgenIndex(Path pgen, int variants, int samples, boolean plink1, long fixedStart, int fixedWidth) {
        this.pgen = pgen;
        this.data = null;
        this.variants = variants;
        this.samples = samples;
        this.plink1 = plink1;
        this.fixedStart = fixedStart;
        this.fixedWidth = fixedWidth;
        this.layout = null;
        this.blockOffset = null;
        this.sectionAt = null;
        this.blocks = null;
    }

    private PgenIndex(Path pgen, MemorySegment data, int variants, int samples, Layout layout) {
        this.pgen = pgen;
        this.data = data;
        this.variants = variants;
        this.samples = samples;
        this.plink1 = false;
        this.fixedStart = 0;
        this.fixedWidth = 0;
        this.layout = layout;
        int nBlocks = (int) ((variants + (long) BLOCK - 1) / BLOCK);
        long size = data.byteSize();
        long p = 12 + 8L * nBlocks;
        requireBytes(pgen, size, p, "block offsets");
        this.blockOffset = new long[nBlocks];
        this.sectionAt = new long[nBlocks + 1];
        for (int b = 0; b < nBlocks; b++) {
            blockOffset[b] = data.get(U64, 12 + 8L * b);
            sectionAt[b] = p;
            p += layout.sectionBytes(blockSize(b));
            requireBytes(pgen, size, p, "index of variant block " + b);
        }
        sectionAt[nBlocks] = p;
        this.blocks = new Block[nBlocks];
    }

    /**
     * Parses the header of {@code pgen} (mapped as {@code data}) and, for variable-width records, the index of every
     * block, so that every structural error of the index is reported now; {@code psamRows} is the sample count for
     * a PLINK 1 {@code .bed}, which does not store it.
     */
    public static PgenIndex parse(Path pgen, MemorySegment data, int psamRows) {
        PgenIndex index = lazy(pgen, data, psamRows);
        if (index.blocks != null) {
            for (int b = 0; b < index.blocks.length; b++) {
                index.block(b);
            }
        }
        return index;
    }

    /**
     * As {@link #parse}, but a variable-width block's index is parsed when one of its records is first asked for
     * (and its errors reported then, naming the block or record); the header, the counts and the block offsets are
     * checked now. {@code data} must stay mapped while the index is used.
     */
    public static PgenIndex lazy(Path pgen, MemorySegment data, int psamRows) {
        long size = data.byteSize();
        if (size < 3) {
            throw truncated(pgen, "header", "the file has " + size + " bytes, fewer than the 3-byte magic and mode");
        }
        if (data.get(ValueLayout.JAVA_BYTE, 0) != 0x6c || data.get(ValueLayout.JAVA_BYTE, 1) != 0x1b) {
            throw new InputFormatException(pgen, "bytes 0-1", "is not a PGEN file (the magic bytes are not 6c 1b).",
                    "give a .pgen written by plink2 (plink2 --vcf FILE --make-pgen --out PREFIX).");
        }
        int mode = data.get(ValueLayout.JAVA_BYTE, 2) & 0xFF;
        return switch (mode) {
            case 0x01 -> plink1(pgen, size, psamRows);
            case 0x02 -> fixedWidth(pgen, data, size);
            case 0x10, 0x11 -> variableWidth(pgen, data, size);
            case 0x03, 0x04 -> throw new InputFormatException(pgen, "byte 2", String.format(
                    "uses fixed-width dosage storage (header mode 0x%02x), which is not supported.", mode), REMAKE);
            case 0x20, 0x21 -> throw new InputFormatException(pgen, "byte 2", String.format(
                    "keeps its index in a separate .pgi file (header mode 0x%02x), which is not supported.", mode),
                    REMAKE);
            default -> throw new InputFormatException(pgen, "byte 2", String.format(
                    "has unknown header mode 0x%02x (supported: 0x01 .bed, 0x02, 0x10, 0x11).", mode),
                    "give a .pgen written by plink2 --make-pgen; a newer plink2 format may need a newer gvl.");
        };
    }

    private static PgenIndex plink1(Path pgen, long size, int n) {
        if (n == 0) {
            throw new InputFormatException(pgen, "", "is a PLINK 1 .bed but its .fam lists no samples.",
                    "use the .fam written with this .bed.");
        }
        int width = (n + 3) / 4;
        long body = size - 3;
        if (body % width != 0) {
            throw truncated(pgen, "records", "a PLINK 1 .bed of " + n + " samples has records of " + width
                    + " bytes, but " + body + " bytes follow the header");
        }
        return new PgenIndex(pgen, checkedCount(pgen, body / width), n, true, 3, width);
    }

    private static PgenIndex fixedWidth(Path pgen, MemorySegment data, long size) {
        requireBytes(pgen, size, 12, "header");
        int m = data.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 3);
        int n = data.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 7);
        int ctrl = data.get(ValueLayout.JAVA_BYTE, 11) & 0xFF;
        checkCounts(pgen, m, n);
        if ((ctrl & 0x3F) != 0) {
            throw new InputFormatException(pgen, "byte 11", String.format(
                    "has control byte 0x%02x, whose low 6 bits must be 0 in fixed-width mode 0x02.", ctrl), REMAKE);
        }
        long start = 12 + ((ctrl >> 6) == 3 ? (m + 7L) / 8 : 0);
        int width = (n + 3) / 4;
        long expected = start + (long) m * width;
        if (size < expected) {
            throw truncated(pgen, "records", m + " records of " + width + " bytes end at byte " + expected
                    + " but the file has " + size + " bytes");
        }
        if (size > expected) {
            throw new InputFormatException(pgen, "records", m + " fixed-width records of " + width
                    + " bytes end at byte " + expected + " but the file has " + size + " bytes.", REMAKE);
        }
        return new PgenIndex(pgen, m, n, false, start, width);
    }

    private static PgenIndex variableWidth(Path pgen, MemorySegment data, long size) {
        requireBytes(pgen, size, 12, "header");
        int m = data.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 3);
        int n = data.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 7);
        int ctrl = data.get(ValueLayout.JAVA_BYTE, 11) & 0xFF;
        checkCounts(pgen, m, n);
        if ((ctrl & 15) >= 8) {
            throw new InputFormatException(pgen, "byte 11", String.format("has control byte 0x%02x: fused record"
                    + " type/length codes (low nibble %d) are not supported.", ctrl, ctrl & 15), REMAKE);
        }
        int alleleCountBytes = (ctrl >> 4) & 3;
        if (alleleCountBytes > 1) {
            throw new InputFormatException(pgen, "byte 11", String.format("has control byte 0x%02x: %d-byte allele"
                    + " counts are not supported.", ctrl, alleleCountBytes), REMAKE);
        }
        return new PgenIndex(pgen, data, m, n,
                new Layout((ctrl & 4) != 0, 1 + (ctrl & 3), alleleCountBytes, (ctrl >> 6) == 3));
    }

    private int blockSize(int b) {
        return Math.min(BLOCK, variants - b * BLOCK);
    }

    /** Block {@code b}'s types and offsets, parsed now if no thread has parsed them yet. */
    private Block block(int b) {
        Block k = blocks[b];
        return k != null ? k : (blocks[b] = readBlock(b));
    }

    private Block readBlock(int b) {
        int c = blockSize(b);
        long p = sectionAt[b];
        Layout l = layout;
        byte[] types = new byte[c];
        for (int j = 0; j < c; j++) {
            int t = l.byteTypes() ? data.get(ValueLayout.JAVA_BYTE, p + j) & 0xFF
                    : (data.get(ValueLayout.JAVA_BYTE, p + j / 2) >> (4 * (j & 1))) & 0x0F;
            types[j] = (byte) t;
        }
        p += l.byteTypes() ? c : (c + 1) / 2;
        long at = blockOffset[b];
        if (at < sectionAt[blocks.length]) {
            throw new InputFormatException(pgen, "variant block " + b, "starts at byte " + at + ", inside the header"
                    + " (whose index ends at byte " + sectionAt[blocks.length] + ") (corrupt index).", REMAKE);
        }
        long[] offsets = new long[c + 1];
        offsets[0] = at;
        int width = l.lengthBytes();
        for (int j = 0; j < c; j++) {
            long len = 0;
            for (int k = 0; k < width; k++) {
                len |= (long) (data.get(ValueLayout.JAVA_BYTE, p + (long) j * width + k) & 0xFF) << (8 * k);
            }
            offsets[j + 1] = offsets[j] + len;
        }
        if (b + 1 < blocks.length && blockOffset[b + 1] != offsets[c]) {
            throw new InputFormatException(pgen, "variant block " + (b + 1), "starts at byte " + blockOffset[b + 1]
                    + " but the lengths of the records before it end at byte " + offsets[c] + " (corrupt index).",
                    REMAKE);
        }
        long size = data.byteSize();
        if (offsets[c] > size) {
            throw truncated(pgen, "record " + (b * BLOCK + recordAtOrAfter(offsets, size)), "the index says the"
                    + " records end at byte " + offsets[c] + " but the file has " + size + " bytes");
        }
        return new Block(types, offsets);
    }

    /** The first record that does not fit in a file of {@code size} bytes. */
    private static int recordAtOrAfter(long[] offsets, long size) {
        int i = 0;
        while (i + 1 < offsets.length && offsets[i + 1] <= size) {
            i++;
        }
        return i;
    }

    private static void checkCounts(Path pgen, int m, int n) {
        if (m <= 0 || n <= 0) {
            throw new InputFormatException(pgen, "bytes 3-10", "declares " + Integer.toUnsignedString(m)
                    + " variants and " + Integer.toUnsignedString(n) + " samples; both must be between 1 and 2^31-3.",
                    REMAKE);
        }
    }

    private static int checkedCount(Path pgen, long m) {
        if (m <= 0 || m > Integer.MAX_VALUE - 2) {
            throw new InputFormatException(pgen, "records", "holds " + m + " records; 1 to 2^31-3 are supported.",
                    REMAKE);
        }
        return (int) m;
    }

    private static void requireBytes(Path pgen, long size, long needed, String what) {
        if (size < needed) {
            throw truncated(pgen, what, "it needs the file to have at least " + needed + " bytes but it has " + size);
        }
    }

    private static InputFormatException truncated(Path pgen, String where, String detail) {
        return new InputFormatException(pgen, where, "is truncated: " + detail + ".",
                "copy the .pgen again (it is shorter than its header says), or re-make it with plink2.");
    }

    public int variantCount() {
        return variants;
    }

    public int sampleCount() {
        return samples;
    }

    /** Whether records use PLINK 1 {@code .bed} codes (mode 0x01). */
    boolean plink1() {
        return plink1;
    }

    /** The record-type byte of variant {@code i} (0 for fixed-width records). */
    public int type(int i) {
        return blocks == null ? 0 : block(i / BLOCK).types[i % BLOCK] & 0xFF;
    }

    long offset(int i) {
        return blocks == null ? fixedStart + (long) i * fixedWidth : block(i / BLOCK).offsets[i % BLOCK];
    }

    int length(int i) {
        if (blocks == null) {
            return fixedWidth;
        }
        long[] o = block(i / BLOCK).offsets;
        int j = i % BLOCK;
        return (int) (o[j + 1] - o[j]);
    }

    /** How many blocks of a variable-width index have been parsed (all of them after {@link #parse}). */
    int parsedBlocks() {
        int n = 0;
        if (blocks != null) {
            for (Block k : blocks) {
                n += k == null ? 0 : 1;
            }
        }
        return n;
    }

    /** How each block's index section is encoded (the control byte of a variable-width header). */
    private record Layout(boolean byteTypes, int lengthBytes, int alleleCountBytes, boolean nonrefBits) {
        long sectionBytes(int c) {
            return (byteTypes ? c : (c + 1) / 2) + (long) c * lengthBytes + (long) c * alleleCountBytes
                    + (nonrefBits ? (c + 7) / 8 : 0);
        }
    }

    /** One block's record types and the byte offsets of its records ({@code c + 1}: the last is the block's end). */
    private record Block(byte[] types, long[] offsets) {
    }
}
