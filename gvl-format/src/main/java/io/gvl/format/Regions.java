package io.gvl.format;

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
 * The rows of {@code regions.npy} in sorted on-disk order: contig code, start, end and strand of every stored
 * window (jittered and extended). Held column-wise because that is how readers use it; the file is a real NPY
 * {@code <i4} array of shape {@code (R, 4)} that Python may have written in either memory order.
 *
 * @param contig contig code, an index into {@link DatasetMetadata#contigs()}
 * @param start  0-based window start (may be negative after jitter)
 * @param end    exclusive window end
 * @param strand +1 or -1
 */
public record Regions(int[] contig, int[] start, int[] end, int[] strand) {
    private static final Logger LOG = LoggerFactory.getLogger(Regions.class);

    /** Checks that the four columns have the same length and copies them. */
    public Regions {
        int n = contig.length;
        if (start.length != n || end.length != n || strand.length != n) {
            throw new IllegalArgumentException("region columns differ in length");
        }
        contig = contig.clone();
        start = start.clone();
        end = end.clone();
        strand = strand.clone();
    }

    /**
     * Contig codes of every row, as a copy.
     *
     * @return a new array of indices into {@link DatasetMetadata#contigs()}
     */
    @Override
    public int[] contig() {
        return contig.clone();
    }

    /**
     * Window starts of every row, as a copy.
     *
     * @return a new array of 0-based starts
     */
    @Override
    public int[] start() {
        return start.clone();
    }

    /**
     * Window ends of every row, as a copy.
     *
     * @return a new array of exclusive ends
     */
    @Override
    public int[] end() {
        return end.clone();
    }

    /**
     * Strands of every row, as a copy.
     *
     * @return a new array of +1 or -1
     */
    @Override
    public int[] strand() {
        return strand.clone();
    }

    /**
     * The number of regions {@code R}.
     *
     * @return the row count
     */
    public int size() {
        return contig.length;
    }

    /**
     * Contig code of one row, without copying.
     *
     * @param r on-disk row
     * @return an index into {@link DatasetMetadata#contigs()}
     */
    public int contig(int r) {
        return contig[r];
    }

    /**
     * Window start of one row, without copying.
     *
     * @param r on-disk row
     * @return the 0-based start (negative when jitter reaches before the contig)
     */
    public int start(int r) {
        return start[r];
    }

    /**
     * Window end of one row, without copying.
     *
     * @param r on-disk row
     * @return the exclusive end
     */
    public int end(int r) {
        return end[r];
    }

    /**
     * Strand of one row, without copying.
     *
     * @param r on-disk row
     * @return +1 or -1
     */
    public int strand(int r) {
        return strand[r];
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
     * Checks the rows against the metadata axes: row count, contig codes, strands.
     *
     * @param file the {@code regions.npy} file, named in errors
     * @param meta the dataset metadata
     * @throws DatasetFormatException if the row count, a contig code or a strand disagrees with the metadata
     */
    public void validate(Path file, DatasetMetadata meta) {
        if (size() != meta.nRegions()) {
            throw new DatasetFormatException(file + ": " + size() + " rows but metadata.json says n_regions = "
                    + meta.nRegions() + "; the dataset is inconsistent, rewrite it");
        }
        for (int r = 0; r < size(); r++) {
            if (contig[r] < 0 || contig[r] >= meta.contigs().size()) {
                throw new DatasetFormatException(file + ": row " + r + " has contig code " + contig[r]
                        + " but metadata.json lists " + meta.contigs().size() + " contigs");
            }
            if (strand[r] != 1 && strand[r] != -1) {
                throw new DatasetFormatException(file + ": row " + r + " has strand " + strand[r]
                        + "; expected 1 or -1");
            }
            if (end[r] < start[r]) {
                throw new DatasetFormatException(file + ": row " + r + " ends (" + end[r] + ") before it starts ("
                        + start[r] + ")");
            }
        }
    }

    /**
     * Writes an NPY v1.0 {@code <i4 (R, 4)} file in column-major order (contigs, then starts, ends, strands), as
     * GenVarLoader 0.43.1 writes it, byte-identical to NumPy's {@code np.save} of that Fortran-ordered array.
     *
     * @param file the destination, replaced if it exists
     * @throws java.io.UncheckedIOException if the file cannot be written
     */
    public void write(Path file) {
        byte[] header = Npy.header("<i4", new long[] {size(), 4}, true);
        ByteBuffer buf = ByteBuffer.allocate(header.length + size() * 16).order(ByteOrder.LITTLE_ENDIAN);
        buf.put(header);
        for (int[] column : new int[][] {contig, start, end, strand}) {
            for (int r = 0; r < size(); r++) {
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
