package io.gvl.bench.harness;

import io.gvl.dataset.Region;
import io.gvl.io.bigwig.BigWigIntervals;
import io.gvl.io.bigwig.BigWigReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Peer of the tracks suite: what a user without a dataset would do, namely query each sample's bigWig with our
 * reader and expand the intervals to a dense float row of the window.
 */
final class BigWigDensePeer implements Workload {
    private final List<BigWigReader> readers = new ArrayList<>();
    private final List<Region> regions;
    private final InstanceDraws instances;
    private final int length;
    private final int batch;
    private final float[] row;

    BigWigDensePeer(BenchFixture fixture, int length, int batch) {
        for (String s : fixture.dataset().samples()) {
            readers.add(BigWigReader.open(fixture.coverage().get(s)));
        }
        this.regions = fixture.dataset().regions();
        this.instances = new InstanceDraws(regions.size(), readers.size());
        this.length = length;
        this.batch = batch;
        this.row = new float[length];
    }

    @Override
    public long run() {
        int[][] pairs = instances.next(batch);
        long bytes = 0;
        for (int i = 0; i < batch; i++) {
            Region region = regions.get(pairs[0][i]);
            BigWigReader reader = readers.get(pairs[1][i]);
            long[] w = Windows.centred(region, length, reader.length(region.chrom()));
            BigWigIntervals iv = reader.clippedIntervals(region.chrom(), w[0], w[1]);
            Arrays.fill(row, 0f);
            for (int k = 0; k < iv.size(); k++) {
                Arrays.fill(row, (int) (iv.starts()[k] - w[0]), (int) (iv.ends()[k] - w[0]), iv.values()[k]);
            }
            bytes += 4L * row.length;
        }
        return bytes;
    }

    @Override
    public void close() {
        readers.forEach(BigWigReader::close);
    }
}
