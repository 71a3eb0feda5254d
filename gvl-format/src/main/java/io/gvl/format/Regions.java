package io.gvl.format;

import java.nio.file.Path;

/**
 * The rows of {@code regions.npy} in sorted on-disk order: contig code, start, end and strand of every stored
 * window (jittered and extended). Held column-wise because that is how readers use it; the file is a real NPY
 * {@code <i4} array of shape {@code (R, 4)} that Python may have written in either memory order;
 * {@link io.gvl.format.io.RegionsFile} reads and writes it.
 *
 * @param contig contig code, an index into {@link DatasetMetadata#contigs()}
 * @param start  0-based window start (may be negative after jitter)
 * @param end    exclusive window end
 * @param strand +1 or -1
 */
public record Regions(int[] contig, int[] start, int[] end, int[] strand) {

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

}
