package io.gvl.write.internal;

import io.gvl.format.DatasetLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.IntUnaryOperator;

/**
 * The plan's staged copy of what the selection reads per variant row, {@code parts/variant-rows.bin}
 * ({@link DatasetLayout#PART_VARIANT_ROWS}): for every row of the variant table, its 0-based start, its ILEN and the
 * index of its record in the variant file as three little-endian int32s. The record index lets a PGEN part decode
 * its rows without reading the {@code .pvar} (rows skip the records without an ALT). Fixed-width rows let a part read
 * exactly its row range with one positional read, where {@code variants.arrow} (one zstd-compressed record batch,
 * as GVL writes it) would have to be decompressed whole. The merge removes it with the rest of {@code parts/}.
 */
final class VariantRowFile {
    static final int ROW_BYTES = DatasetLayout.PART_VARIANT_ROW_BYTES;
    private static final int ROWS_PER_WRITE = 1 << 16;

    private VariantRowFile() {
    }

    /** Writes every row of {@code rows} (a whole table) to {@code file}, with the source record of each row. */
    static void write(VariantRows rows, IntUnaryOperator record, Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer buf = ByteBuffer.allocate(ROWS_PER_WRITE * ROW_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            for (int row = 0; row < rows.size(); row++) {
                buf.putInt(rows.start0(row)).putInt(rows.ilen(row)).putInt(record.applyAsInt(row));
                if (!buf.hasRemaining()) {
                    drain(ch, buf);
                }
            }
            drain(ch, buf);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write the staged variant rows", e);
        }
    }

    private static void drain(FileChannel ch, ByteBuffer buf) throws IOException {
        buf.flip();
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
        buf.clear();
    }

    /** Rows {@code [from, to)} of {@code file}: their starts, their ILENs and their source records. */
    static int[][] read(Path file, int from, int to) {
        int n = to - from;
        ByteBuffer buf = ByteBuffer.allocate(Math.multiplyExact(n, ROW_BYTES)).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long at = (long) from * ROW_BYTES;
            while (buf.hasRemaining()) {
                int got = ch.read(buf, at + buf.position());
                if (got < 0) {
                    throw new IllegalStateException(file + " ends before row " + to + " (" + ch.size() + " bytes);"
                            + " the plan's staging directory was changed");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read variant rows [" + from + ", " + to + ")", e);
        }
        buf.flip();
        int[] start0 = new int[n];
        int[] ilen = new int[n];
        int[] record = new int[n];
        for (int i = 0; i < n; i++) {
            start0[i] = buf.getInt();
            ilen[i] = buf.getInt();
            record[i] = buf.getInt();
        }
        return new int[][] {start0, ilen, record};
    }
}
