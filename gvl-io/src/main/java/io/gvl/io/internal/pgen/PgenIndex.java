package io.gvl.io.internal.pgen;

import io.gvl.io.InputFormatException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Where each record of a {@code .pgen} lies and how it is encoded, parsed once from the header (plink-ng's {@code pgen_spec}: magic, mode, counts, index, extensions):
 * PLINK 1 variant-major {@code .bed} (mode 0x01), fixed-width hardcalls (0x02) and the variable-width layouts
 * (0x10, and 0x11 whose extension bytes are skipped because the block offsets say where records start). The
 * record offsets are summed once into one array so that any record is found in constant time by any thread.
 */
public final class PgenIndex {
    static final int BLOCK = 65_536;
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final String REMAKE = "re-make the fileset with plink2 --pfile PREFIX --make-pgen --out NEW"
            + " (or from the source VCF with plink2 --vcf FILE --make-pgen).";

    private final int variants;
    private final int samples;
    private final boolean plink1;
    private final byte[] types;
    private final long[] offsets;
    private final long fixedStart;
    private final int fixedWidth;

    private PgenIndex(int variants, int samples, boolean plink1, byte[] types, long[] offsets, long fixedStart,
                      int fixedWidth) {
        this.variants = variants;
        this.samples = samples;
        this.plink1 = plink1;
        this.types = types;
        this.offsets = offsets;
        this.fixedStart = fixedStart;
        this.fixedWidth = fixedWidth;
    }

    /**
     * Parses the header of {@code pgen} (mapped as {@code data}); {@code psamRows} is the sample count for a PLINK 1
     * {@code .bed}, which does not store it.
     */
    public static PgenIndex parse(Path pgen, MemorySegment data, int psamRows) {
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
        return new PgenIndex(checkedCount(pgen, body / width), n, true, new byte[(int) (body / width)], null, 3, width);
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
        return new PgenIndex(m, n, false, new byte[m], null, start, width);
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
        boolean byteTypes = (ctrl & 4) != 0;
        int lengthBytes = 1 + (ctrl & 3);
        boolean nonrefBits = (ctrl >> 6) == 3;
        int blocks = (int) ((m + (long) BLOCK - 1) / BLOCK);
        long p = 12 + 8L * blocks;
        requireBytes(pgen, size, p, "block offsets");
        long[] blockOffset = new long[blocks];
        for (int b = 0; b < blocks; b++) {
            blockOffset[b] = data.get(U64, 12 + 8L * b);
        }
        byte[] types = new byte[m];
        long[] offsets = new long[m + 1];
        for (int b = 0; b < blocks; b++) {
            int first = b * BLOCK;
            int c = Math.min(BLOCK, m - first);
            long typeBytes = byteTypes ? c : (c + 1) / 2;
            long need = typeBytes + (long) c * lengthBytes + (long) c * alleleCountBytes + (nonrefBits ? (c + 7) / 8 : 0);
            requireBytes(pgen, size, p + need, "index of variant block " + b);
            for (int j = 0; j < c; j++) {
                int t = byteTypes ? data.get(ValueLayout.JAVA_BYTE, p + j) & 0xFF
                        : (data.get(ValueLayout.JAVA_BYTE, p + j / 2) >> (4 * (j & 1))) & 0x0F;
                types[first + j] = (byte) t;
            }
            p += typeBytes;
            long at = blockOffset[b];
            if (b == 0 ? at < p : at != offsets[first]) {
                throw new InputFormatException(pgen, "variant block " + b, "starts at byte " + at
                        + (b == 0 ? ", inside the header" : " but the lengths of the records before it end at byte "
                        + offsets[first]) + " (corrupt index).", REMAKE);
            }
            offsets[first] = at;
            for (int j = 0; j < c; j++) {
                long len = 0;
                for (int k = 0; k < lengthBytes; k++) {
                    len |= (long) (data.get(ValueLayout.JAVA_BYTE, p + (long) j * lengthBytes + k) & 0xFF) << (8 * k);
                }
                offsets[first + j + 1] = offsets[first + j] + len;
            }
            p += need - typeBytes;
        }
        if (offsets[m] > size) {
            throw truncated(pgen, "record " + recordAtOrAfter(offsets, size), "the index says the records end at byte "
                    + offsets[m] + " but the file has " + size + " bytes");
        }
        return new PgenIndex(m, n, false, types, offsets, 0, 0);
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
        return types[i] & 0xFF;
    }

    long offset(int i) {
        return offsets == null ? fixedStart + (long) i * fixedWidth : offsets[i];
    }

    int length(int i) {
        return offsets == null ? fixedWidth : (int) (offsets[i + 1] - offsets[i]);
    }
}
