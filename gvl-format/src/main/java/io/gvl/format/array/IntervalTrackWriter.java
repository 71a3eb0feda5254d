package io.gvl.format.array;

import io.gvl.format.DatasetLayout;
import io.gvl.format.TrackScope;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Streams one struct-of-arrays track ({@code starts/ends/values/offsets.npy}) cell by cell, in cell order
 * ({@code r·S + s} for per-sample tracks, {@code r} for annotation tracks). A track with no interval gets 0-byte
 * data files, as GVL writes it.
 */
public final class IntervalTrackWriter implements AutoCloseable {
    private final RawArrayWriter starts;
    private final RawArrayWriter ends;
    private final RawArrayWriter values;
    private final RawArrayWriter offsets;
    private final long expectedCells;
    private long cells;
    private long total;
    private boolean closed;

    /**
     * Creates the track directory under {@code dataset}.
     *
     * @param cells number of cells: {@code nRegions·nSamples} (per-sample) or {@code nRegions} (annotation)
     * @param dataset the (temporary) dataset directory
     * @param kind per-sample or annotation track
     * @param name the track name, which becomes a directory name (no {@code /}, not {@code .} or {@code ..})
     * @throws IllegalArgumentException if the name cannot be a directory name
     */
    public IntervalTrackWriter(Path dataset, TrackScope kind, String name, long cells) {
        if (name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..")
                || !DatasetLayout.isTrackName(name)) {
            throw new IllegalArgumentException("'" + name + "' cannot be a track directory name");
        }
        Path dir = DatasetLayout.track(dataset, kind, name);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(dir + ": cannot create", e);
        }
        this.expectedCells = cells;
        this.starts = RawArrayWriter.create(dir.resolve(DatasetLayout.STARTS), RawDtype.INT32);
        this.ends = RawArrayWriter.create(dir.resolve(DatasetLayout.ENDS), RawDtype.INT32);
        this.values = RawArrayWriter.create(dir.resolve(DatasetLayout.VALUES), RawDtype.FLOAT32);
        this.offsets = RawArrayWriter.create(dir.resolve(DatasetLayout.OFFSETS), RawDtype.INT64);
    }

    /**
     * Appends the next cell's intervals, which must be sorted by start.
     *
     * @param s 0-based starts
     * @param e exclusive ends, parallel to {@code s}
     * @param v values, parallel to {@code s}
     * @param off the first interval of the cell in the three arrays
     * @param len the number of intervals in the cell, {@code >= 0}
     * @throws IllegalStateException if every cell is already written
     * @throws IllegalArgumentException if the starts are not sorted
     */
    public void appendCell(int[] s, int[] e, float[] v, int off, int len) {
        if (cells >= expectedCells) {
            throw new IllegalStateException("all " + expectedCells + " cells are already written");
        }
        for (int i = off + 1; i < off + len; i++) {
            if (s[i] < s[i - 1]) {
                throw new IllegalArgumentException("cell " + cells + ": intervals must be sorted by start");
            }
        }
        offsets.writeLong(total);
        starts.writeInts(s, off, len);
        ends.writeInts(e, off, len);
        values.writeFloats(v, off, len);
        total += len;
        cells++;
    }

    /** Writes the final offset; fails if fewer cells than announced were written. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try (starts; ends; values; offsets) {
            if (cells != expectedCells) {
                throw new IllegalStateException("wrote " + cells + " of " + expectedCells + " track cells");
            }
            offsets.writeLong(total);
        }
    }
}
