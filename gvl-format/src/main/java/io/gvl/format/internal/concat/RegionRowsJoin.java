package io.gvl.format.internal.concat;

import io.gvl.format.ConcatException;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.array.Npy;
import io.gvl.format.internal.runs.JoinOrder;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Joins {@code regions.npy} by copying stored rows rather than recomputing them from the BED: a stored row already
 * carries its dataset's jitter padding and extend-to-length end. Along regions the rows are gathered in the joined
 * order; along samples every input has the same rows and the joined end is the largest of the inputs' ends (each
 * input extended its regions for its own haplotypes only). Rows are copied as bytes, so the {@code <f8} array GVL
 * writes for '.' strands stays {@code <f8} with its NaN strands. Inputs may be in Fortran order (as GVL
 * writes them); the output is in C order, as GVL's concat writes it.
 */
public final class RegionRowsJoin {
    private static final int COLS = 4;
    private static final int END = 2;

    private RegionRowsJoin() {
    }

    /**
     * Writes the joined {@code regions.npy}.
     *
     * @param inputs the inputs
     * @param alongRegions whether the join is along regions
     * @param order the joined region order (used along regions)
     * @param out the file to create
     * @throws IOException if a file cannot be read or written
     * @throws ConcatException if the inputs' arrays differ in dtype, or their rows differ along samples
     */
    public static void join(List<ConcatInput> inputs, boolean alongRegions, JoinOrder order, Path out)
            throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            List<byte[]> rows = new ArrayList<>();
            String descr = null;
            for (ConcatInput in : inputs) {
                Path file = in.dir().resolve(DatasetLayout.REGIONS);
                Npy.Header h;
                MemorySegment seg;
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                    seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
                    h = Npy.parseHeader(file.toString(), seg);
                }
                if (!h.descr().equals("<i4") && !h.descr().equals("<f8")
                        || !Arrays.equals(h.shape(), new long[] {in.meta().nRegions(), COLS})) {
                    throw new DatasetFormatException(file + ": an <i4 or <f8 array of shape ("
                            + in.meta().nRegions() + ", 4) was expected, found " + h.descr() + " "
                            + Arrays.toString(h.shape()));
                }
                if (descr != null && !descr.equals(h.descr())) {
                    throw new ConcatException(in.label() + " stores regions.npy as " + h.descr() + " but input #0"
                            + " as " + descr + " (GenVarLoader writes <f8 when a BED strand is '.').",
                            "write every input from BED files that give strands the same way.");
                }
                descr = h.descr();
                rows.add(cOrder(seg.asSlice(h.dataOffset()), in.meta().nRegions(), Npy.itemSize(descr,
                        file.toString()), h.fortranOrder()));
            }
            int item = Npy.itemSize(descr, out.toString());
            int rowBytes = COLS * item;
            int n = alongRegions ? order.size() : inputs.getFirst().meta().nRegions();
            byte[] header = Npy.header(descr, new long[] {n, COLS});
            ByteBuffer buf = ByteBuffer.allocate(header.length + n * rowBytes).order(ByteOrder.LITTLE_ENDIAN);
            buf.put(header);
            for (int r = 0; r < n; r++) {
                if (alongRegions) {
                    buf.put(rows.get(order.source()[r]), order.within()[r] * rowBytes, rowBytes);
                } else {
                    buf.put(sharedRow(inputs, rows, r, rowBytes, item));
                }
            }
            buf.flip();
            try (FileChannel ch = FileChannel.open(out, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
        }
    }

    /** The rows as C-order bytes; GenVarLoader stores regions.npy in Fortran order, its concat in C order. */
    private static byte[] cOrder(MemorySegment data, int n, int item, boolean fortran) {
        byte[] out = new byte[n * COLS * item];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < COLS; c++) {
                long from = (fortran ? (long) c * n + r : (long) r * COLS + c) * item;
                MemorySegment.copy(data, ValueLayout.JAVA_BYTE, from, out, (r * COLS + c) * item, item);
            }
        }
        return out;
    }

    /** Input #0's row with the largest end of all inputs; the other columns must agree byte for byte. */
    private static byte[] sharedRow(List<ConcatInput> inputs, List<byte[]> rows, int r, int rowBytes, int item) {
        byte[] first = Arrays.copyOfRange(rows.getFirst(), r * rowBytes, (r + 1) * rowBytes);
        ByteBuffer best = ByteBuffer.wrap(first.clone()).order(ByteOrder.LITTLE_ENDIAN);
        for (int d = 1; d < rows.size(); d++) {
            byte[] row = Arrays.copyOfRange(rows.get(d), r * rowBytes, (r + 1) * rowBytes);
            for (int c = 0; c < COLS; c++) {
                if (c != END && !Arrays.equals(row, c * item, (c + 1) * item, first, c * item, (c + 1) * item)) {
                    throw new ConcatException(inputs.get(d).label() + ": regions.npy row " + r + " differs from input"
                            + " #0's in column " + c + " though both have the same BED rows; the dataset is"
                            + " inconsistent.", "write that input again.");
                }
            }
            ByteBuffer b = ByteBuffer.wrap(row).order(ByteOrder.LITTLE_ENDIAN);
            if (item == 4) {
                best.putInt(END * 4, Math.max(best.getInt(END * 4), b.getInt(END * 4)));
            } else {
                best.putDouble(END * 8, Math.max(best.getDouble(END * 8), b.getDouble(END * 8)));
            }
        }
        return best.array();
    }
}
