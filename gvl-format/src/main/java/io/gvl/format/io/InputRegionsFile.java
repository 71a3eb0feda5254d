package io.gvl.format.io;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.InputRegions;
import java.nio.file.Path;

/** Reads and writes {@code input_regions.arrow}, the user's BED rows and their region map ({@link InputRegions}). */
public final class InputRegionsFile {
    private InputRegionsFile() {
    }

    /**
     * Reads {@code input_regions.arrow} and checks the required columns and the region map.
     *
     * @param file the {@code input_regions.arrow} file
     * @return the table as stored (input order)
     * @throws DatasetFormatException if the file is unreadable, a required column is missing, or {@code r_idx_map}
     *     is not a permutation
     */
    public static InputRegions read(Path file) {
        InputRegions r = new InputRegions(ArrowTableFile.read(file));
        r.order(file);
        return r;
    }

    /**
     * Writes the table as one uncompressed Arrow IPC record batch.
     *
     * @param regions the table
     * @param file the destination, replaced if it exists
     */
    public static void write(InputRegions regions, Path file) {
        ArrowTableFile.write(regions.table(), file);
    }
}
