package io.gvl.format.array;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.IndexRange;

/**
 * Checks on the CSR offsets files that index ragged data ({@code genotypes/offsets.npy}, track
 * {@code offsets.npy}): cheap checks when a dataset opens, a per-range check on every access, and a full scan
 * on request, so corrupt offsets surface as a {@link DatasetFormatException} naming the file, never as an
 * out-of-bounds read.
 */
final class Offsets {
    private Offsets() {
    }

    /** Length must be {@code cells + 1}, the first offset 0 and the last equal to the data length. */
    public static void checkShape(RawArray offsets, long cells, String cellsMeaning, long dataLength,
                                  String dataFile) {
        if (offsets.length() != cells + 1) {
            throw new DatasetFormatException(offsets.file() + ": " + offsets.length() + " offsets, expected "
                    + (cells + 1) + " (" + cellsMeaning + " + 1); the file is truncated or belongs to another"
                    + " dataset");
        }
        long first = offsets.getLong(0);
        long last = offsets.getLong(cells);
        if (first != 0) {
            throw new DatasetFormatException(offsets.file() + ": first offset is " + first + ", expected 0");
        }
        if (last != dataLength) {
            throw new DatasetFormatException(offsets.file() + ": last offset is " + last + " but " + dataFile
                    + " holds " + dataLength + " elements; " + (last > dataLength ? "offsets run past the data end"
                    : "the data has trailing elements") + ", rewrite the dataset");
        }
    }

    /** The range of cell {@code k}, checked to be ordered and inside the data. */
    public static IndexRange range(RawArray offsets, long k, long dataLength) {
        long a = offsets.getLong(k);
        long b = offsets.getLong(k + 1);
        if (a < 0 || b < a || b > dataLength) {
            throw new DatasetFormatException(offsets.file() + ": cell " + k + " has offsets [" + a + ", " + b
                    + "), which " + (b < a ? "decrease" : "run outside the data (" + dataLength + " elements)")
                    + "; the file is corrupt: rewrite the dataset");
        }
        return new IndexRange(a, b);
    }

    /** Full scan: offsets must be non-decreasing. */
    public static void checkMonotone(RawArray offsets) {
        long prev = 0;
        for (long k = 0; k < offsets.length(); k++) {
            long v = offsets.getLong(k);
            if (v < prev) {
                throw new DatasetFormatException(offsets.file() + ": offsets decrease at index " + k + " (" + prev
                        + " then " + v + "); the file is corrupt");
            }
            prev = v;
        }
    }
}
