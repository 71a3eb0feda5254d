package io.gvl.format.array;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.IndexRange;
import io.gvl.format.TrackScope;

/**
 * One interval track in struct-of-arrays form: parallel {@code starts} (int32), {@code ends} (int32),
 * {@code values} (float32) and CSR {@code offsets} (int64) over cells. A per-sample track under
 * {@code intervals/<name>/} has cells {@code r·S + s}; an annotation track under {@code annot_intervals/<name>/}
 * has one cell per region. Views over mappings owned by the {@link io.gvl.format.io.DatasetFiles} that opened them. A
 * track with no interval at all (0-byte data files) is valid.
 *
 * @param name     track name (its directory name)
 * @param kind     per-sample or annotation
 * @param starts   0-based absolute starts
 * @param ends     exclusive absolute ends
 * @param values   interval values
 * @param offsets  cell offsets
 * @param nSamples samples per region (1 for annotation tracks)
 */
public record IntervalTrack(String name, TrackScope kind, RawArray starts, RawArray ends, RawArray values,
                            RawArray offsets, int nSamples) {

    /** Checks that starts, ends and values have equal lengths and that the offsets fit them. */
    public IntervalTrack {
        long n = starts.length();
        if (ends.length() != n || values.length() != n) {
            throw new DatasetFormatException(starts.file().getParent() + ": starts/ends/values.npy hold " + n + ", "
                    + ends.length() + " and " + values.length() + " elements; they must be equal");
        }
    }

    /**
     * Validates the offsets against the dataset's region count.
     *
     * @param nRegions regions in the dataset
     * @throws DatasetFormatException if the offsets do not hold one cell per (region, sample) and fit the intervals
     */
    public void checkShape(int nRegions) {
        long cells = (long) nRegions * nSamples;
        Offsets.checkShape(offsets, cells, kind == TrackScope.SAMPLE ? "n_regions x samples" : "n_regions",
                starts.length(), starts.file().toString());
    }

    /**
     * Number of intervals.
     *
     * @return the total number of intervals over all cells
     */
    public long size() {
        return starts.length();
    }

    /**
     * Interval range of one (region, sample) cell of a per-sample track.
     *
     * @param region sorted region index
     * @param sample sample index, {@code 0 <= sample < nSamples}
     * @return the half-open range of interval indices of that cell
     * @throws IndexOutOfBoundsException if the region or sample is outside the track
     */
    public IndexRange intervalRange(int region, int sample) {
        if (sample < 0 || sample >= nSamples) {
            throw new IndexOutOfBoundsException("sample " + sample + " of " + nSamples + " in track " + name);
        }
        long cells = offsets.length() - 1;
        long cell = (long) region * nSamples + sample;
        if (region < 0 || cell >= cells) {
            throw new IndexOutOfBoundsException("region " + region + " outside track " + name);
        }
        return Offsets.range(offsets, cell, starts.length());
    }

    /**
     * Interval range of one region of an annotation track.
     *
     * @param region sorted region index
     * @return the half-open range of interval indices of that region
     * @throws IllegalStateException if the track is per-sample
     */
    public IndexRange intervalRange(int region) {
        if (kind != TrackScope.ANNOTATION) {
            throw new IllegalStateException("track " + name + " is per-sample; pass a sample");
        }
        return intervalRange(region, 0);
    }

    /** Full scan: offsets non-decreasing. */
    public void verify() {
        Offsets.checkMonotone(offsets);
    }
}
