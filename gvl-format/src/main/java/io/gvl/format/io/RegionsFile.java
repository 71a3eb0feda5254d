package io.gvl.format.io;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.Regions;
import io.gvl.format.array.Npy;
import io.gvl.format.array.NpyArray;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads and writes {@code regions.npy}, the sorted windows of a dataset ({@link Regions}): GVL's {@code <i4 (R, 4)}
 * array in either memory order, and the {@code <f8} array GVL writes for a BED whose strand column holds {@code .}.
 */
public final class RegionsFile {
    private static final Logger LOG = LoggerFactory.getLogger(RegionsFile.class);

    private RegionsFile() {
    }

    /**
     * Reads {@code regions.npy}, honouring {@code fortran_order}. Besides GVL's {@code <i4} layout this accepts the
     * {@code <f8} array GVL writes when a BED strand column holds {@code .} (its strands are then NaN): every
     * coordinate must be a whole number, a NaN strand is read as {@code +} (as GVL's reader treats it) and one
     * warning says how many rows had one.
     *
     * @param file the {@code regions.npy} file
     * @return the rows in on-disk order
     * @throws DatasetFormatException if the dtype, shape or a value is invalid
     */
    public static Regions read(Path file) {
        NpyArray a = Npy.read(file);
        boolean floating = a.descr().equals("<f8");
        if (!a.descr().equals("<i4") && !floating) {
            throw new DatasetFormatException(file + ": dtype " + a.descr() + ", expected <i4 (int32)");
        }
        long[] shape = a.shape();
        if (shape.length != 2 || shape[1] != 4) {
            throw new DatasetFormatException(file + ": shape " + java.util.Arrays.toString(shape)
                    + ", expected (n_regions, 4)");
        }
        int n = Math.toIntExact(shape[0]);
        int[] flat = floating ? fromFloat(file, a.toDoubleArray(), n, a.fortranOrder()) : a.toIntArray();
        int[][] cols = new int[4][n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < 4; c++) {
                cols[c][r] = a.fortranOrder() ? flat[c * n + r] : flat[r * 4 + c];
            }
        }
        return new Regions(cols[0], cols[1], cols[2], cols[3]);
    }

    /** Whole-number doubles to ints in the same memory order; NaN strands (column 3) become +1. */
    private static int[] fromFloat(Path file, double[] values, int n, boolean fortran) {
        int[] out = new int[values.length];
        int nanStrands = 0;
        for (int i = 0; i < values.length; i++) {
            int row = fortran ? i % Math.max(n, 1) : i / 4;
            int col = fortran ? i / Math.max(n, 1) : i % 4;
            double v = values[i];
            if (col == 3 && Double.isNaN(v)) {
                out[i] = 1;
                nanStrands++;
            } else if (v == Math.rint(v) && v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
                out[i] = (int) v;
            } else {
                throw new DatasetFormatException(file + ": row " + row + " column " + col + " is " + v
                        + "; a float64 regions.npy must hold whole int32 values (NaN only as a strand)");
            }
        }
        if (nanStrands > 0) {
            LOG.warn("{}: float64 regions with {} NaN strand(s) (a BED strand of '.'); reading them as '+'", file,
                    nanStrands);
        }
        return out;
    }

    /**
     * Writes an NPY v1.0 {@code <i4 (R, 4)} file in column-major order (contigs, then starts, ends, strands), as
     * GenVarLoader 0.43.1 writes it, byte-identical to NumPy's {@code np.save} of that Fortran-ordered array.
     *
     * @param regions the rows
     * @param file the destination, replaced if it exists
     * @throws java.io.UncheckedIOException if the file cannot be written
     */
    public static void write(Regions regions, Path file) {
        byte[] header = Npy.header("<i4", new long[] {regions.size(), 4}, true);
        ByteBuffer buf = ByteBuffer.allocate(header.length + regions.size() * 16).order(ByteOrder.LITTLE_ENDIAN);
        buf.put(header);
        for (int[] column : new int[][] {regions.contig(), regions.start(), regions.end(), regions.strand()}) {
            for (int r = 0; r < regions.size(); r++) {
                buf.putInt(column[r]);
            }
        }
        buf.flip();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write", e);
        }
    }
}
