package io.gvl.dataset.internal;

import io.gvl.core.kernel.track.input.Intervals;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Checks, lazily and at most once, that each group's offsets are a range of a track's intervals and its intervals
 * are sorted by start, which the track kernels' binary search relies on (format 2.0 promises it, and gvl and GVL
 * write it so). Groups are checked
 * in blocks of {@value #BLOCK} consecutive groups the first time a query touches one of them, so opening a dataset
 * reads nothing and a query pays one bit test per instance once its blocks are checked; the bits take one bit per
 * block. Concurrent queries may check the same block twice, which is harmless.
 */
final class SortedGroups {
    static final int BLOCK = 64;

    private final Path file;
    private final Intervals intervals;
    private final int samples;
    private final AtomicLongArray checked;

    /**
     * @param file      the track's starts file, named in the error
     * @param intervals the track's intervals
     * @param samples   groups per region of a per-sample track, or 0 for an annotation track (a group per region)
     */
    SortedGroups(Path file, Intervals intervals, int samples) {
        this.file = file;
        this.intervals = intervals;
        this.samples = samples;
        long blocks = (intervals.groups() + BLOCK - 1) / BLOCK;
        this.checked = new AtomicLongArray(Math.toIntExact((blocks + 63) / 64));
    }

    /**
     * Checks the block of every group in {@code groups} that is not checked yet.
     *
     * @throws DatasetFormatException naming the file, the group and the fix if a group's offsets are not a range
     *     of the intervals or its intervals are not sorted by start
     */
    void check(long[] groups) {
        for (long g : groups) {
            check(g);
        }
    }

    /** Checks the block of {@code group} if it is not checked yet (as {@link #check(long[])}). */
    void check(long group) {
        long block = group / BLOCK;
        int word = (int) (block >>> 6);
        long bit = 1L << (block & 63);
        if ((checked.get(word) & bit) == 0) {
            checkBlock(block);
            checked.getAndUpdate(word, w -> w | bit);
        }
    }

    private void checkBlock(long block) {
        long first = block * BLOCK;
        long last = Math.min(first + BLOCK, intervals.groups());
        long n = intervals.starts().byteSize() / 4;
        for (long g = first; g < last; g++) {
            long from = intervals.groupStart(g);
            long to = intervals.groupEnd(g);
            if (from < 0 || to < from || to > n) {
                throw new DatasetFormatException(file.resolveSibling(DatasetLayout.OFFSETS) + ": interval group " + g
                        + " has offsets [" + from + ", " + to + "), not a range of the track's " + n + " intervals;"
                        + " the file is corrupt: rewrite the dataset");
            }
            for (long i = from + 1; i < to; i++) {
                if (intervals.start(i) < intervals.start(i - 1)) {
                    throw unsorted(g, i);
                }
            }
        }
    }

    private DatasetFormatException unsorted(long group, long i) {
        String where = samples == 0 ? "region " + group
                : "region " + group / samples + ", sample " + group % samples;
        return new DatasetFormatException(file + ": interval group " + group + " (" + where + ") is not sorted by"
                + " start: interval " + i + " starts at " + intervals.start(i) + ", before interval " + (i - 1)
                + " at " + intervals.start(i - 1) + ". Track intervals must be sorted by start within each group"
                + " (dataset format 2.0); rewrite the dataset (gvl write, or GenVarLoader's write) from its sources.");
    }
}
