package io.gvl.dataset.export;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.Region;
import java.util.List;

/**
 * Which (region, sample) each exported instance is, in the export's region-major order
 * ({@code instance = region * samples + sample} over the view's regions and samples): the input BED row, its
 * coordinates and strand, and the sample name. h5py consumers join on these instead of on positions.
 */
record InstanceIndex(int[] region, String[] chrom, long[] start, long[] end, byte[] strand, String[] sample) {

    static InstanceIndex of(Dataset view) {
        List<Region> regions = view.regions();
        List<String> samples = view.samples();
        int s = samples.size();
        int n = Math.toIntExact((long) regions.size() * s);
        InstanceIndex x = new InstanceIndex(new int[n], new String[n], new long[n], new long[n], new byte[n],
                new String[n]);
        for (int i = 0; i < n; i++) {
            Region g = regions.get(i / s);
            x.region[i] = g.inputRow();
            x.chrom[i] = g.chrom();
            x.start[i] = g.start();
            x.end[i] = g.end();
            x.strand[i] = (byte) g.strand();
            x.sample[i] = samples.get(i % s);
        }
        return x;
    }

    /** View-relative region of instance {@code i}, for queries. */
    static int viewRegion(long i, int samples) {
        return (int) (i / samples);
    }

    /** View-relative sample of instance {@code i}, for queries. */
    static int viewSample(long i, int samples) {
        return (int) (i % samples);
    }
}
