package io.gvl.io.svar;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes small hand-made {@code .svar2} stores (one sample, one contig {@code c}) byte by byte, for edge cases. */
final class TinyStore {
    private TinyStore() {
    }

    static void meta(Path store, int samples, int ploidy) throws IOException {
        Files.createDirectories(store);
        StringBuilder names = new StringBuilder();
        for (int s = 0; s < samples; s++) {
            names.append(s == 0 ? "" : ", ").append("\"s").append(s).append('"');
        }
        Files.writeString(store.resolve("meta.json"), "{\"contigs\": [\"c\"], \"fields\": [], \"format_version\": 1,"
                + " \"ploidy\": " + ploidy + ", \"samples\": [" + names + "]}");
    }

    static void raw(Path file, byte[] bytes) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
    }

    static byte[] u32(int... values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return b.array();
    }

    /** An NPY 1.0 file as genoray's Rust writer makes it (no trailing comma, header padded to 64 bytes). */
    static void npy(Path file, String descr, String shape, byte[] data) throws IOException {
        String dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + "}";
        int len = dict.length() + 1;
        int pad = (64 - (10 + len) % 64) % 64;
        String header = dict + " ".repeat(pad) + "\n";
        ByteBuffer b = ByteBuffer.allocate(10 + header.length() + data.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[]{(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0}).putShort((short) header.length());
        b.put(header.getBytes(StandardCharsets.US_ASCII)).put(data);
        raw(file, b.array());
    }

    static byte[] u64(long... values) {
        ByteBuffer b = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return b.array();
    }

    /** A stream directory; {@code offsets} for var_key, {@code genotypes} for dense. */
    static void stream(Path contig, Svar2StreamKind kind, int[] positions, byte[] alleles, long[] offsets,
                       byte[] genotypes) throws IOException {
        Path dir = contig.resolve(kind.directory());
        raw(dir.resolve("positions.bin"), u32(positions));
        raw(dir.resolve("alleles.bin"), alleles);
        if (kind.dense()) {
            raw(dir.resolve("genotypes.bin"), genotypes);
        } else {
            npy(dir.resolve("offsets.npy"), "<u8", "(" + offsets.length + ",)", u64(offsets));
        }
    }

    static void longAlleles(Path contig, String... rows) throws IOException {
        StringBuilder all = new StringBuilder();
        long[] off = new long[rows.length + 1];
        for (int i = 0; i < rows.length; i++) {
            all.append(rows[i]);
            off[i + 1] = all.length();
        }
        raw(contig.resolve("indel/long_alleles.bin"), all.toString().getBytes(StandardCharsets.US_ASCII));
        npy(contig.resolve("indel/long_allele_offsets.npy"), "<u8", "(" + off.length + ",)", u64(off));
    }

    static void maxDel(Path contig, int dense, int ploidy, int... perHaplotype) throws IOException {
        npy(contig.resolve("max_del.npy"), "<u4", "(" + perHaplotype.length / ploidy + ", " + ploidy + ")",
                u32(perHaplotype));
        npy(contig.resolve("dense/max_del.npy"), "<u4", "(1,)", u32(dense));
    }
}
