package io.gvl.bench.harness;

import htsjdk.samtools.reference.IndexedFastaSequenceFile;
import io.gvl.dataset.Region;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/** Peer of the reference suite: htsjdk's indexed FASTA reads of the same windows, one per instance. */
final class HtsjdkFastaPeer implements Workload {
    private final IndexedFastaSequenceFile fasta;
    private final List<Region> regions;
    private final Map<String, Integer> contigs;
    private final InstanceDraws instances;
    private final int length;
    private final int batch;

    HtsjdkFastaPeer(BenchFixture fixture, int length, int batch) {
        try {
            this.fasta = new IndexedFastaSequenceFile(fixture.data().fasta());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + fixture.data().fasta(), e);
        }
        this.regions = fixture.dataset().regions();
        this.contigs = fixture.data().contigs();
        this.instances = new InstanceDraws(regions.size(), fixture.dataset().sampleCount());
        this.length = length;
        this.batch = batch;
    }

    @Override
    public long run() {
        int[][] pairs = instances.next(batch);
        long bytes = 0;
        for (int r : pairs[0]) {
            Region region = regions.get(r);
            long[] w = Windows.centred(region, length, contigs.get(region.chrom()));
            bytes += fasta.getSubsequenceAt(region.chrom(), w[0] + 1, w[1]).getBases().length;
        }
        return bytes;
    }

    @Override
    public void close() {
        try {
            fasta.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the FASTA", e);
        }
    }
}
