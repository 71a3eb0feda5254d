package io.gvl.dataset.internal;

import io.gvl.core.kernel.track.input.Intervals;
import io.gvl.format.TrackScope;
import io.gvl.format.array.IntervalTrack;
import io.gvl.format.io.ShardedArrays;
import java.lang.foreign.MemorySegment;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What an opened sharded root keeps for its batches ({@link ShardBatch}) beside the shards' mapped arrays: each
 * shard's tracks as the kernels read them, with the {@link SortedGroups} that checks their groups once per open
 * dataset, built the first time a batch reads that shard's track (so opening a root builds nothing per shard), and
 * the memory the batches' copies reuse ({@link BatchMemory}).
 */
final class ShardReads {
    private static final Intervals NONE = new Intervals(MemorySegment.NULL, MemorySegment.NULL, MemorySegment.NULL,
            MemorySegment.ofArray(new long[1]));

    private final ShardedArrays arrays;
    private final BatchMemory memory = new BatchMemory();
    /** Per track name, its tracks per shard (annotation tracks at the shards of sample block 0), built lazily. */
    private final Map<String, AtomicReferenceArray<OpenedDataset.Track>> perShard = new LinkedHashMap<>();
    private final Map<String, OpenedDataset.Track> rootTracks;

    ShardReads(ShardedArrays arrays) {
        this.arrays = arrays;
        Map<String, OpenedDataset.Track> root = new LinkedHashMap<>();
        for (TrackScope kind : new TrackScope[] {TrackScope.SAMPLE, TrackScope.ANNOTATION}) {
            for (String name : arrays.trackNames(kind)) {
                root.put(name, new OpenedDataset.Track(name, kind == TrackScope.SAMPLE, NONE, null));
                perShard.put(name, new AtomicReferenceArray<>(arrays.size()));
            }
        }
        this.rootTracks = Collections.unmodifiableMap(root);
    }

    ShardedArrays arrays() {
        return arrays;
    }

    /** The reusable memory of the batches' copies, freed by {@link #close()}. */
    BatchMemory memory() {
        return memory;
    }

    /** Frees the batches' idle memory (the shards close with the dataset's files). */
    void close() {
        memory.close();
    }

    /**
     * The root's tracks by name, per-sample ones then annotations, with no intervals: a batch reads each shard's
     * ({@link #track}).
     */
    Map<String, OpenedDataset.Track> rootTracks() {
        return rootTracks;
    }

    /** Track {@code name} of shard {@code shard}, with the check of its groups' order. */
    OpenedDataset.Track track(String name, int shard) {
        AtomicReferenceArray<OpenedDataset.Track> built = perShard.get(name);
        OpenedDataset.Track t = built.get(shard);
        if (t == null) {
            boolean perSample = rootTracks.get(name).perSample();
            IntervalTrack stored = arrays.track(shard, perSample ? TrackScope.SAMPLE : TrackScope.ANNOTATION, name);
            Intervals itv = new Intervals(stored.starts().segment(), stored.ends().segment(),
                    stored.values().segment(), stored.offsets().segment());
            t = new OpenedDataset.Track(name, perSample, itv,
                    new SortedGroups(stored.starts().file(), itv, perSample ? stored.nSamples() : 0));
            built.compareAndSet(shard, null, t);
            t = built.get(shard);
        }
        return t;
    }
}
