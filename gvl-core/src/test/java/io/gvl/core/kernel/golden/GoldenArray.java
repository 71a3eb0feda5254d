package io.gvl.core.kernel.golden;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * One array of a kernel golden {@code .npz}: its NumPy dtype, its shape and its little-endian C-order bytes.
 * The kernel module reads its goldens itself (a few lines of zip and NPY header) so that it depends on no other
 * gvl module, not even gvl-format, at test time; the goldens are plain NPY 1.0 arrays written by NumPy.
 *
 * @param descr the dtype descriptor, e.g. {@code <i4} or {@code |u1}
 * @param shape the dimensions
 * @param data the elements, on the heap
 */
record GoldenArray(String descr, long[] shape, MemorySegment data) {
    private static final Pattern HEADER = Pattern.compile(
            "'descr':\\s*'([^']*)',\\s*'fortran_order':\\s*False,\\s*'shape':\\s*\\(([^)]*)\\)");
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfDouble F64 =
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Every {@code name.npy} entry of an {@code .npz}, by name without the suffix, in file order. */
    static Map<String, GoldenArray> readNpz(Path file) {
        Map<String, GoldenArray> out = new LinkedHashMap<>();
        try (InputStream in = Files.newInputStream(file); ZipInputStream zip = new ZipInputStream(in)) {
            for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                String name = e.getName();
                if (name.endsWith(".npy")) {
                    out.put(name.substring(0, name.length() - 4), parse(file + ":" + name, zip.readAllBytes()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read the golden", e);
        }
        return out;
    }

    private static GoldenArray parse(String source, byte[] npy) {
        int major = npy[6];
        int headerLen = major == 1 ? (npy[8] & 0xff) | (npy[9] & 0xff) << 8
                : MemorySegment.ofArray(npy).get(I32, 8);
        int start = major == 1 ? 10 : 12;
        String header = new String(npy, start, headerLen, StandardCharsets.ISO_8859_1);
        Matcher m = HEADER.matcher(header);
        if (!m.find()) {
            throw new IllegalArgumentException(source + ": not a C-order NPY header: " + header.strip());
        }
        long[] shape = Arrays.stream(m.group(2).split(",")).map(String::strip).filter(s -> !s.isEmpty())
                .mapToLong(Long::parseLong).toArray();
        byte[] body = Arrays.copyOfRange(npy, start + headerLen, npy.length);
        return new GoldenArray(m.group(1), shape, MemorySegment.ofArray(body));
    }

    /** A copy of the dimensions. */
    @Override
    public long[] shape() {
        return shape.clone();
    }

    byte[] toByteArray() {
        require("|u1", "|i1", "|b1", "|S1");
        return data.toArray(ValueLayout.JAVA_BYTE);
    }

    int[] toIntArray() {
        require("<i4");
        return data.toArray(I32);
    }

    long[] toLongArray() {
        require("<i8", "<u8");
        return data.toArray(I64);
    }

    float[] toFloatArray() {
        require("<f4");
        return data.toArray(F32);
    }

    double[] toDoubleArray() {
        require("<f8");
        return data.toArray(F64);
    }

    boolean[] toBooleanArray() {
        require("|b1");
        byte[] b = toByteArray();
        boolean[] out = new boolean[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = b[i] != 0;
        }
        return out;
    }

    /** Refuses to read the elements as a type the golden does not hold. */
    private void require(String... accepted) {
        if (!Arrays.asList(accepted).contains(descr)) {
            throw new IllegalArgumentException("golden array of dtype " + descr + " read as " + String.join(" or ",
                    accepted));
        }
    }
}
