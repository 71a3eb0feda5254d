package io.gvl.dataset.internal;

import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.kernel.track.input.Intervals;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.Parallel;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.array.GenotypeArrays;
import io.gvl.format.array.RawArray;
import io.gvl.format.io.ShardedArrays;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The stores one query reads, and how its instances address them: the one choke point between a sharded root (or a
 * {@code .svar2}-linked dataset) and the engine. A single dataset directory reads its own mapped arrays, so its batch
 * is the dataset and the instances as they are (nothing is copied). A {@code .svar2}-linked dataset gathers the
 * slots of the batch's cells from its store, with a variant table of the batch's own, and copies the per-sample
 * track groups of those cells beside them ({@link Svar2Genotypes}). A sharded root keeps its calls and intervals in
 * its shards, so its batch copies
 * the slots the query touches, each distinct cell and region once, into memory of its own, in the layout the
 * kernels read (cumulative offsets by batch cell, calls, dosages, intervals), and addresses the instances by the
 * copy's rows ({@link Instances#cells()}, {@link Instances#trackRegions()}); every kernel then reads it as it reads
 * a dataset. Each slot's offsets and variant indices are checked as they are copied, and each shard track's
 * groups once per open dataset ({@link SortedGroups}), so damage is reported naming the shard's file. Closing the
 * batch hands its memory to the next batch ({@link BatchMemory}); nothing in a query's outputs points into it.
 */
public final class ShardBatch implements AutoCloseable {
    private final OpenedDataset dataset;
    private final Instances instances;
    private final BatchMemory.Lease memory;

    private ShardBatch(OpenedDataset dataset, Instances instances, BatchMemory.Lease memory) {
        this.dataset = dataset;
        this.instances = instances;
        this.memory = memory;
    }

    /**
     * The stores of {@code inst} in {@code view}: the dataset itself, or a sharded root's copy of the slots, calls,
     * dosages (when the view asks for them) and active tracks the instances read.
     *
     * @throws DatasetFormatException if a copied slot's offsets or variant indices, or a track group, are corrupt
     */
    public static ShardBatch of(OpenedDataset ds, ViewState view, Instances inst) {
        ShardReads shards = ds.shards();
        Svar2Genotypes svar2 = ds.svar2();
        if (shards == null && svar2 == null) {
            return new ShardBatch(ds, inst, null);
        }
        BatchMemory.Lease memory = (shards != null ? shards.memory() : svar2.memory()).lease();
        try {
            return shards != null ? new Copy(ds, shards, inst, memory).run(view)
                    : gathered(ds, svar2, view, inst, memory);
        } catch (RuntimeException | Error e) {
            memory.close();
            throw e;
        }
    }

    /**
     * A {@code .svar2}-linked dataset's batch: the slots of the batch's distinct cells gathered from the store with
     * a variant table of their own, and the per-sample tracks' groups of those cells copied in the same order, so
     * the instances address both by the batch's cells; annotation tracks are read where they are.
     */
    private static ShardBatch gathered(OpenedDataset ds, Svar2Genotypes svar2, ViewState view, Instances inst,
                                       BatchMemory.Lease memory) {
        long[] cells = distinct(inst.dsIdx());
        long[] local = new long[inst.size()];
        for (int i = 0; i < local.length; i++) {
            local[i] = Arrays.binarySearch(cells, inst.dsIdx()[i]);
        }
        Svar2Genotypes.Gathered g = svar2.gather(cells, memory, view.parallel() != Parallel.FALSE);
        VariantStore variants = ds.variants().svar2Batch(g.calls(), g.table(), g.fields(), memory);
        Map<String, OpenedDataset.Track> tracks = new LinkedHashMap<>();
        for (String name : view.activeTracks()) {
            OpenedDataset.Track t = ds.tracks().get(name);
            tracks.put(name, t.perSample() ? copy(name, true, k -> t.intervals(), cells, memory) : t);
        }
        return new ShardBatch(ds.batch(variants, Collections.unmodifiableMap(tracks)),
                inst.addressed(local, inst.trackRegions()), memory);
    }

    /**
     * Copies group {@code groupIn[k]} of {@code source.apply(k)} to group {@code k} of new intervals in
     * {@code memory}, for every {@code k}.
     */
    private static OpenedDataset.Track copy(String name, boolean perSample, IntFunction<Intervals> source,
                                            long[] groupIn, BatchMemory.Lease memory) {
        int m = groupIn.length;
        long total = 0;
        for (int k = 0; k < m; k++) {
            Intervals src = source.apply(k);
            total += src.groupEnd(groupIn[k]) - src.groupStart(groupIn[k]);
        }
        MemorySegment offsets = memory.allocate(8L * (m + 1));
        MemorySegment starts = memory.allocate(4 * total);
        MemorySegment ends = memory.allocate(4 * total);
        MemorySegment values = memory.allocate(4 * total);
        long at = 0;
        for (int k = 0; k < m; k++) {
            Intervals src = source.apply(k);
            long a = src.groupStart(groupIn[k]);
            long len = src.groupEnd(groupIn[k]) - a;
            Mem.setI64(offsets, k, at);
            MemorySegment.copy(src.starts(), 4 * a, starts, 4 * at, 4 * len);
            MemorySegment.copy(src.ends(), 4 * a, ends, 4 * at, 4 * len);
            MemorySegment.copy(src.values(), 4 * a, values, 4 * at, 4 * len);
            at += len;
        }
        Mem.setI64(offsets, m, at);
        return new OpenedDataset.Track(name, perSample, new Intervals(starts, ends, values, offsets), null);
    }

    /** The distinct values of {@code v}, ascending. */
    private static long[] distinct(long[] v) {
        long[] sorted = v.clone();
        Arrays.sort(sorted);
        int k = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[k++] = sorted[i];
            }
        }
        return Arrays.copyOf(sorted, k);
    }

    /** The dataset the query reads: the opened one, or a sharded root over this batch's copy. */
    public OpenedDataset dataset() {
        return dataset;
    }

    /** The query's instances, addressed in {@link #dataset()}'s stores. */
    public Instances instances() {
        return instances;
    }

    /** Returns the memory of a sharded root's copy for the next batch (nothing for a dataset's own arrays). */
    @Override
    public void close() {
        if (memory != null) {
            memory.close();
        }
    }

    /** One copy: the batch's distinct cells and regions, located in their shards, then each store copied. */
    private static final class Copy {
        private final OpenedDataset ds;
        private final ShardReads shards;
        private final ShardedArrays arrays;
        private final Instances inst;
        private final BatchMemory.Lease memory;
        private final boolean[] checked;
        /** The genotype arrays of each shard the batch read, looked up once per batch. */
        private final GenotypeArrays[] genotypes;

        Copy(OpenedDataset ds, ShardReads shards, Instances inst, BatchMemory.Lease memory) {
            this.ds = ds;
            this.shards = shards;
            this.arrays = shards.arrays();
            this.inst = inst;
            this.memory = memory;
            this.checked = new boolean[arrays.size()];
            this.genotypes = new GenotypeArrays[arrays.size()];
        }

        ShardBatch run(ViewState view) {
            int n = inst.size();
            long[] cells = distinct(inst.dsIdx());
            int samples = ds.samples();
            int[] cellShard = new int[cells.length];
            long[] cellInShard = new long[cells.length];
            for (int k = 0; k < cells.length; k++) {
                int r = (int) (cells[k] / samples);
                int s = (int) (cells[k] % samples);
                cellShard[k] = touch(arrays.shardOf(r, s));
                cellInShard[k] = arrays.cellInShard(r, s);
            }
            long[] local = new long[n];
            for (int i = 0; i < n; i++) {
                local[i] = Arrays.binarySearch(cells, inst.dsIdx()[i]);
            }
            List<String> active = view.activeTracks();
            boolean annotations = active.stream().anyMatch(t -> !ds.tracks().get(t).perSample());
            int[] trackRegions = inst.diskRegion();
            int[] regionShard = null;
            long[] regionInShard = null;
            if (annotations) {
                long[] regions = distinct(Arrays.stream(inst.diskRegion()).asLongStream().toArray());
                regionShard = new int[regions.length];
                regionInShard = new long[regions.length];
                for (int k = 0; k < regions.length; k++) {
                    regionShard[k] = touch(arrays.annotationShardOf((int) regions[k]));
                    regionInShard[k] = arrays.regionInShard((int) regions[k]);
                }
                trackRegions = new int[n];
                for (int i = 0; i < n; i++) {
                    trackRegions[i] = Arrays.binarySearch(regions, inst.diskRegion()[i]);
                }
            }
            VariantStore variants = null;
            if (ds.hasGenotypes()) {
                boolean dosages = ds.variants().shardedDosages() && view.variants().wants(DatasetOutput.DOSAGE);
                variants = calls(cellShard, cellInShard, dosages);
            }
            Map<String, OpenedDataset.Track> tracks = new LinkedHashMap<>();
            for (String name : active) {
                boolean perSample = ds.tracks().get(name).perSample();
                tracks.put(name, perSample ? track(name, true, cellShard, cellInShard)
                        : track(name, false, regionShard, regionInShard));
            }
            return new ShardBatch(ds.batch(variants, Collections.unmodifiableMap(tracks)),
                    inst.addressed(local, trackRegions), memory);
        }

        /**
         * Opens {@code shard} if no query has yet (checking it against the root), and checks once per batch that
         * none of its files shrank since it was mapped, before the batch reads it.
         */
        private int touch(int shard) {
            if (!checked[shard]) {
                arrays.shard(shard).mapped().check();
                checked[shard] = true;
            }
            return shard;
        }

        /** The calls of every batch cell, its ploids' slots in turn, with their dosages when {@code dosages}. */
        private VariantStore calls(int[] cellShard, long[] cellInShard, boolean dosages) {
            int p = ds.ploidy();
            int m = cellShard.length;
            long nVariants = ds.variants().table().size();
            long[] from = new long[m];
            long total = 0;
            for (int k = 0; k < m; k++) {
                GenotypeArrays g = genotypes(cellShard[k]);
                RawArray offsets = g.offsets();
                long calls = g.variantIdxs().length();
                long slot = cellInShard[k] * p;
                from[k] = offsets.getLong(slot);
                for (int h = 0; h < p; h++) {
                    long a = offsets.getLong(slot + h);
                    long b = offsets.getLong(slot + h + 1);
                    if (a < 0 || b < a || b > calls) {
                        throw new DatasetFormatException(offsets.file() + ": cell " + (slot + h) + " has offsets ["
                                + a + ", " + b + "), which " + (b < a ? "decrease" : "run outside the data (" + calls
                                + " elements)") + "; the file is corrupt: rewrite the dataset");
                    }
                }
                total += offsets.getLong(slot + p) - from[k];
            }
            MemorySegment starts = allocate(8L * (m * (long) p + 1));
            MemorySegment idx = allocate(4 * total);
            MemorySegment dosage = dosages ? allocate(4 * total) : null;
            long at = 0;
            for (int k = 0; k < m; k++) {
                GenotypeArrays g = genotypes[cellShard[k]];
                RawArray offsets = g.offsets();
                long slot = cellInShard[k] * p;
                for (int h = 0; h < p; h++) {
                    Mem.setI64(starts, (long) k * p + h, at + offsets.getLong(slot + h) - from[k]);
                }
                long len = offsets.getLong(slot + p) - from[k];
                MemorySegment.copy(g.variantIdxs().segment(), 4 * from[k], idx, 4 * at, 4 * len);
                for (long j = 0; j < len; j++) {
                    int v = Mem.i32(idx, at + j);
                    if (v < 0 || v >= nVariants) {
                        throw new DatasetFormatException(g.variantIdxs().file() + ": element " + (from[k] + j)
                                + " is variant " + v + ", outside the variant table of " + nVariants + " rows; the"
                                + " file is corrupt or belongs to another variant table: rewrite the dataset");
                    }
                }
                if (dosages) {
                    MemorySegment.copy(arrays.dosages(cellShard[k]).segment(), 4 * from[k], dosage, 4 * at, 4 * len);
                }
                at += len;
            }
            Mem.setI64(starts, (long) m * p, at);
            return ds.variants().withCalls(SparseGenotypes.fromCumulative(idx, starts), dosage);
        }

        private GenotypeArrays genotypes(int shard) {
            GenotypeArrays g = genotypes[shard];
            if (g == null) {
                g = arrays.genotypes(shard);
                genotypes[shard] = g;
            }
            return g;
        }

        /** The intervals of track {@code name} of every group (a batch cell, or a batch region), checked in order. */
        private OpenedDataset.Track track(String name, boolean perSample, int[] groupShard, long[] groupInShard) {
            for (int k = 0; k < groupShard.length; k++) {
                shards.track(name, groupShard[k]).sorted().check(groupInShard[k]);
            }
            return copy(name, perSample, k -> shards.track(name, groupShard[k]).intervals(), groupInShard, memory);
        }

        private MemorySegment allocate(long bytes) {
            return memory.allocate(bytes);
        }
    }
}
