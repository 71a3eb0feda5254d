package io.gvl.format.array;

import io.gvl.format.DatasetFormatException;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The NPY file format (versions 1.0, 2.0 and 3.0): a magic string, a version, a Python-literal header dict with
 * {@code descr}, {@code fortran_order} and {@code shape}, then the raw elements. gvl writes version 1.0 with
 * the header padded so the data starts on a 64-byte boundary, as NumPy does.
 */
public final class Npy {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");
    private static final int ALIGN = 64;

    private Npy() {
    }

    /**
     * Reads a whole NPY file into heap memory.
     *
     * @param file an NPY file (format version 1.0, 2.0 or 3.0)
     * @return the array, backed by heap memory
     * @throws DatasetFormatException if the file is missing, unreadable, malformed or truncated
     */
    public static NpyArray read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new DatasetFormatException(file + ": file not found");
        } catch (IOException e) {
            throw new DatasetFormatException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
        return parse(file.toString(), MemorySegment.ofArray(bytes));
    }

    /**
     * Parses NPY bytes held in {@code file}; the returned array's data is a slice of it (no copy).
     *
     * @param source a name for the bytes (file and entry), used in errors
     * @param file the complete NPY bytes
     * @return the array, whose data is valid as long as {@code file}'s memory is
     * @throws DatasetFormatException if the header is malformed or the data shorter than the shape needs
     */
    public static NpyArray parse(String source, MemorySegment file) {
        Header h = parseHeader(source, file);
        long need = Math.multiplyExact(h.size(), itemSize(h.descr, source));
        long available = file.byteSize() - h.dataOffset;
        if (available < need) {
            throw new DatasetFormatException(source + ": truncated NPY data: shape needs " + need + " bytes, file has "
                    + available + " after the header");
        }
        if (available > need) {
            throw new DatasetFormatException(source + ": " + (available - need)
                    + " unexpected bytes after the NPY data (shape needs " + need + ")");
        }
        return new NpyArray(source, h.descr, h.shape, h.fortranOrder, file.asSlice(h.dataOffset, need));
    }

    /**
     * A parsed NPY header: where the data starts and how to read it.
     *
     * @param descr the NumPy dtype descriptor, e.g. {@code <i4}
     * @param fortranOrder whether elements are in column-major order
     * @param shape the dimensions (empty for a 0-d array)
     * @param dataOffset byte offset of the first element from the start of the file
     */
    public record Header(String descr, boolean fortranOrder, long[] shape, long dataOffset) {
        /**
         * Number of elements.
         *
         * @return the product of the shape, 1 for a 0-d array
         * @throws ArithmeticException if the product overflows {@code long}
         */
        public long size() {
            long n = 1;
            for (long d : shape) {
                n = Math.multiplyExact(n, d);
            }
            return n;
        }
    }

    /**
     * Parses and validates the header of an NPY file held in {@code file}.
     *
     * @param source a name for the bytes, used in errors
     * @param file the NPY bytes (at least the header)
     * @return the parsed header
     * @throws DatasetFormatException if the magic, version or header dictionary is malformed
     */
    public static Header parseHeader(String source, MemorySegment file) {
        if (file.byteSize() < 10) {
            throw new DatasetFormatException(source + ": not an NPY file (only " + file.byteSize() + " bytes)");
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (file.get(ValueLayout.JAVA_BYTE, i) != MAGIC[i]) {
                throw new DatasetFormatException(source + ": not an NPY file (bad magic string)");
            }
        }
        int major = file.get(ValueLayout.JAVA_BYTE, 6) & 0xFF;
        long headerLen;
        int prefix;
        if (major == 1) {
            headerLen = (file.get(ValueLayout.JAVA_BYTE, 8) & 0xFF)
                    | (file.get(ValueLayout.JAVA_BYTE, 9) & 0xFF) << 8;
            prefix = 10;
        } else if (major == 2 || major == 3) {
            if (file.byteSize() < 12) {
                throw new DatasetFormatException(source + ": truncated NPY header");
            }
            headerLen = file.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(
                    ByteOrder.LITTLE_ENDIAN), 8) & 0xFFFFFFFFL;
            prefix = 12;
        } else {
            throw new DatasetFormatException(source + ": unsupported NPY version " + major);
        }
        if (prefix + headerLen > file.byteSize()) {
            throw new DatasetFormatException(source + ": truncated NPY header (declares " + headerLen + " bytes)");
        }
        byte[] hb = file.asSlice(prefix, headerLen).toArray(ValueLayout.JAVA_BYTE);
        String header = new String(hb, major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        Matcher d = DESCR.matcher(header);
        Matcher f = FORTRAN.matcher(header);
        Matcher s = SHAPE.matcher(header);
        if (!d.find() || !f.find() || !s.find()) {
            throw new DatasetFormatException(source + ": malformed NPY header: " + header.strip());
        }
        String descr = d.group(1);
        itemSize(descr, source);
        return new Header(descr, f.group(1).equals("True"), parseShape(s.group(1), source, header),
                prefix + headerLen);
    }

    private static long[] parseShape(String body, String source, String header) {
        LongArrayList dims = new LongArrayList();
        for (String part : body.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            if (p.endsWith("L")) {
                p = p.substring(0, p.length() - 1);
            }
            try {
                long v = Long.parseLong(p);
                if (v < 0) {
                    throw new NumberFormatException();
                }
                dims.add(v);
            } catch (NumberFormatException e) {
                throw new DatasetFormatException(source + ": malformed NPY shape in header: " + header.strip());
            }
        }
        return dims.toLongArray();
    }

    /**
     * Element size of a supported descriptor; other descriptors are rejected with the file named.
     *
     * @param descr a NumPy dtype descriptor
     * @param source the file it came from, named in errors
     * @return the element size in bytes: 1, 2, 4 or 8
     * @throws DatasetFormatException if the descriptor is not supported
     */
    public static int itemSize(String descr, String source) {
        return switch (descr) {
            case "|u1", "|i1", "|b1", "|S1", "<u1", "<i1" -> 1;
            case "<i2", "<u2", "<f2" -> 2;
            case "<i4", "<u4", "<f4" -> 4;
            case "<i8", "<u8", "<f8" -> 8;
            default -> throw new DatasetFormatException(source + ": unsupported NPY dtype '" + descr
                    + "' (gvl reads little-endian integers, floats, bools and single bytes)");
        };
    }

    /**
     * The bytes of a version 1.0 header for a C-order array, padded with spaces and a newline so that the data
     * that follows starts at a multiple of 64 bytes.
     *
     * @param descr a supported NumPy dtype descriptor
     * @param shape the dimensions
     * @return the magic, version and padded header dictionary
     * @throws DatasetFormatException if the descriptor is not supported
     */
    public static byte[] header(String descr, long[] shape) {
        return header(descr, shape, false);
    }

    /**
     * As {@link #header(String, long[])}, for elements in column-major ({@code fortranOrder}) or C order.
     *
     * @param descr the NumPy dtype descriptor, e.g. {@code <i4}
     * @param shape the dimensions
     * @param fortranOrder whether the elements that follow are column-major
     * @return the header bytes, padded so the data starts 64-byte aligned
     * @throws IllegalArgumentException for an unsupported descriptor or a header too long for version 1.0
     */
    public static byte[] header(String descr, long[] shape, boolean fortranOrder) {
        itemSize(descr, "NPY header");
        StringBuilder dict = new StringBuilder("{'descr': '").append(descr)
                .append("', 'fortran_order': ").append(fortranOrder ? "True" : "False").append(", 'shape': (");
        for (int i = 0; i < shape.length; i++) {
            dict.append(shape[i]);
            if (shape.length == 1 || i < shape.length - 1) {
                dict.append(shape.length == 1 ? "," : ", ");
            }
        }
        dict.append("), }");
        int unpadded = 10 + dict.length() + 1;
        int total = (unpadded + ALIGN - 1) / ALIGN * ALIGN;
        dict.append(" ".repeat(total - unpadded)).append('\n');
        int len = dict.length();
        if (len > 0xFFFF) {
            throw new IllegalArgumentException("NPY header too long for version 1.0");
        }
        byte[] out = new byte[10 + len];
        System.arraycopy(MAGIC, 0, out, 0, MAGIC.length);
        out[6] = 1;
        out[7] = 0;
        out[8] = (byte) len;
        out[9] = (byte) (len >>> 8);
        byte[] text = dict.toString().getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(text, 0, out, 10, len);
        return out;
    }
}
