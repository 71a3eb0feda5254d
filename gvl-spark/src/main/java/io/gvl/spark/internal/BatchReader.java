package io.gvl.spark.internal;

import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.IndexRange;
import io.gvl.format.RegionOrder;
import io.gvl.format.array.GenotypeArrays;
import io.gvl.format.io.DatasetFiles;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ValueVector;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads one {@link RegionBlock} as columnar batches of {@code regionsPerBatch} regions. It runs only the gvl work
 * the requested columns need: sequences and tracks come from one dataset query per batch (skipped when neither is
 * requested), variant columns straight from the genotype arrays. A batch stays valid until the next
 * {@link #next()} or {@link #close()}, which release its Arrow vectors and with them gvl's memory.
 */
final class BatchReader implements PartitionReader<ColumnarBatch> {
    private final DatasetInfo info;
    private final String[] columns;
    private final RegionBlock block;
    private final BufferAllocator allocator = new RootAllocator();
    private final Dataset view;
    private final List<String> wantTracks = new ArrayList<>();
    private final SeqKind viewSeqs;
    private DatasetFiles files;
    private RegionOrder order;
    private int nextRegion;
    private List<ValueVector> current = List.of();
    private ColumnarBatch batch;

    BatchReader(DatasetInfo info, StructType readSchema, RegionBlock block) {
        this.info = info;
        this.columns = readSchema.fieldNames();
        this.block = block;
        boolean seq = false;
        boolean variants = false;
        for (String c : columns) {
            seq |= c.equals(Columns.SEQUENCE);
            variants |= c.equals(Columns.N_VARIANTS) || c.equals(Columns.VARIANT_IDXS);
            if (Columns.trackOf(c) != null) {
                wantTracks.add(Columns.trackOf(c));
            }
        }
        // Haplotype tracks are realigned to each haplotype, so a tracks-only read still builds haplotypes (a track
        // column's values must not depend on which other columns are selected); reference tracks need no sequence.
        this.viewSeqs = seq || info.seqs() == SeqKind.HAPLOTYPES ? info.seqs() : SeqKind.NONE;
        this.view = seq || !wantTracks.isEmpty() ? openView() : null;
        if (variants && info.hasGenotypes()) {
            Path dir = info.location().local();
            files = DatasetFiles.open(dir);
            order = files.inputRegions().order(dir);
        }
    }

    private Dataset openView() {
        Path dir = info.location().local();
        Dataset ds = viewSeqs != SeqKind.NONE
                ? Dataset.open(dir, Path.of(info.options().reference())) : Dataset.open(dir);
        try {
            return ds.withSeqs(viewSeqs).withTracks(wantTracks);
        } catch (RuntimeException e) {
            ds.close();
            throw e;
        }
    }

    @Override
    public boolean next() {
        release();
        if (nextRegion >= block.regions().length) {
            return false;
        }
        int to = Math.min(block.regions().length, nextRegion + info.options().regionsPerBatch());
        int[] regions = Arrays.copyOfRange(block.regions(), nextRegion, to);
        nextRegion = to;
        batch = build(regions);
        return true;
    }

    @Override
    public ColumnarBatch get() {
        return batch;
    }

    private ColumnarBatch build(int[] regions) {
        int[] samples = block.samples();
        int[] haps = block.haplotypes();
        int pairs = regions.length * samples.length;
        int n = pairs * haps.length;
        int[] pairRegion = new int[pairs];
        int[] pairSample = new int[pairs];
        for (int i = 0; i < pairs; i++) {
            pairRegion[i] = regions[i / samples.length];
            pairSample[i] = samples[i % samples.length];
        }
        ArenaRelease memory = new ArenaRelease(Arena.ofShared());
        List<ValueVector> vectors = new ArrayList<>();
        try (DatasetOutput out = view == null ? null : query(pairRegion, pairSample, memory.arena())) {
            for (String c : columns) {
                vectors.add(column(c, n, pairRegion, pairSample, haps, out, memory));
            }
        } catch (RuntimeException e) {
            vectors.forEach(ValueVector::close);
            throw e;
        } finally {
            memory.done();
        }
        current = vectors;
        ColumnVector[] cols = vectors.stream().map(ArrowColumnVector::new).toArray(ColumnVector[]::new);
        return new ColumnarBatch(cols, n);
    }

    private DatasetOutput query(int[] regions, int[] samples, Arena arena) {
        if (viewSeqs != SeqKind.NONE) {
            ReadCounters.SEQUENCE_QUERIES.incrementAndGet();
        }
        if (!wantTracks.isEmpty()) {
            ReadCounters.TRACK_QUERIES.incrementAndGet();
        }
        return view.get(regions, samples, arena);
    }

    private ValueVector column(String c, int n, int[] pairRegion, int[] pairSample, int[] haps, DatasetOutput out,
                               ArenaRelease memory) {
        int h = haps.length;
        return switch (c) {
            case Columns.REGION -> ArrowColumns.ints(c, allocator, perRow(n, h, i -> pairRegion[i]));
            case Columns.START -> ArrowColumns.ints(c, allocator, perRow(n, h, i -> info.start()[pairRegion[i]]));
            case Columns.END -> ArrowColumns.ints(c, allocator, perRow(n, h, i -> info.end()[pairRegion[i]]));
            case Columns.CHROM -> ArrowColumns.strings(c, allocator, perRowText(n, h,
                    i -> info.chrom()[pairRegion[i]]));
            case Columns.SAMPLE -> ArrowColumns.strings(c, allocator, perRowText(n, h,
                    i -> info.samples().get(pairSample[i])));
            case Columns.HAPLOTYPE -> {
                int[] v = new int[n];
                for (int k = 0; k < n; k++) {
                    v[k] = haps[k % h];
                }
                yield ArrowColumns.ints(c, allocator, v);
            }
            case Columns.N_VARIANTS, Columns.VARIANT_IDXS -> variants(c, n, pairRegion, pairSample, haps);
            case Columns.SEQUENCE -> {
                Ragged seqs = ragged(out.sequences());
                int p = info.seqs() == SeqKind.HAPLOTYPES ? info.ploidy() : 1;
                yield ArrowColumns.binary(c, allocator, memory, seqs, sourceRows(n, haps, p, 1, 0, p > 1));
            }
            default -> {
                String track = Columns.trackOf(c);
                if (track == null) {
                    throw new IllegalStateException("gvl read: no column called " + c);
                }
                Ragged tracks = ragged(out.tracks());
                int t = wantTracks.size();
                // (pairs, tracks, ploidy) when realigned to haplotypes, else (pairs, tracks)
                boolean realigned = tracks.shape().length == 3;
                int p = realigned ? info.ploidy() : 1;
                yield ArrowColumns.floatLists(c, allocator, memory, tracks,
                        sourceRows(n, haps, p, t, wantTracks.indexOf(track), realigned));
            }
        };
    }

    /** Rows of a gvl array laid out {@code (pair, tracks, ploidy)} for each output row (pair, haplotype). */
    private static long[] sourceRows(int n, int[] haps, int ploidy, int tracks, int track, boolean perHaplotype) {
        long[] rows = new long[n];
        for (int k = 0; k < n; k++) {
            long pair = k / haps.length;
            long hap = perHaplotype ? haps[k % haps.length] : 0;
            rows[k] = (pair * tracks + track) * ploidy + hap;
        }
        return rows;
    }

    private ValueVector variants(String c, int n, int[] pairRegion, int[] pairSample, int[] haps) {
        ReadCounters.VARIANT_READS.incrementAndGet();
        int[] counts = new int[n];
        int[] offsets = new int[n + 1];
        List<IndexRange> ranges = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int pair = k / haps.length;
            if (files == null) {
                ranges.add(new IndexRange(0, 0));
            } else {
                GenotypeArrays g = files.genotypes().orElseThrow();
                ranges.add(g.variantRange(order.sortedRow(pairRegion[pair]), pairSample[pair], haps[k % haps.length]));
            }
            counts[k] = Math.toIntExact(ranges.get(k).length());
            offsets[k + 1] = Math.addExact(offsets[k], counts[k]);
        }
        if (c.equals(Columns.N_VARIANTS)) {
            return ArrowColumns.ints(c, allocator, counts);
        }
        int[] values = new int[offsets[n]];
        for (int k = 0; k < n; k++) {
            IndexRange r = ranges.get(k);
            for (long i = r.start(); i < r.end(); i++) {
                values[offsets[k] + (int) (i - r.start())] = files.genotypes().orElseThrow().variantIdxs().getInt(i);
            }
        }
        return ArrowColumns.intLists(c, allocator, offsets, values);
    }

    private static Ragged ragged(FlatArray a) {
        if (a instanceof Ragged r) {
            return r;
        }
        throw new IllegalStateException("gvl read expected ragged rows but the view returned " + a);
    }

    private static int[] perRow(int n, int haps, java.util.function.IntUnaryOperator ofPair) {
        int[] v = new int[n];
        for (int k = 0; k < n; k++) {
            v[k] = ofPair.applyAsInt(k / haps);
        }
        return v;
    }

    private static String[] perRowText(int n, int haps, java.util.function.IntFunction<String> ofPair) {
        String[] v = new String[n];
        for (int k = 0; k < n; k++) {
            v[k] = ofPair.apply(k / haps);
        }
        return v;
    }

    private void release() {
        current.forEach(ValueVector::close);
        current = List.of();
        batch = null;
    }

    @Override
    public void close() {
        release();
        if (view != null) {
            view.close();
        }
        if (files != null) {
            files.close();
        }
        allocator.close();
    }
}
