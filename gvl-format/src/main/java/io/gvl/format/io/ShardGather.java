package io.gvl.format.io;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.TrackScope;
import io.gvl.format.array.GenotypeArrays;
import io.gvl.format.array.IntervalTrack;
import io.gvl.format.array.RawArray;
import io.gvl.format.array.RawDtype;
import io.gvl.format.internal.runs.GridRuns;
import io.gvl.format.internal.runs.RunSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Joins the ragged arrays of opened shards into one contiguous copy in an arena, in the slot order of the single
 * dataset (region-major over all samples): the genotype offsets (rebased) with {@code variant_idxs.npy} and
 * {@code dosages.npy}, and every track's offsets with its starts, ends and values. The result is exactly the
 * arrays a single-directory write of the same inputs stores, so the kernels read a sharded dataset as they read
 * that one. The copy holds every stored call and interval in memory.
 */
final class ShardGather {
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED;

    private ShardGather() {
    }

    /** One ragged store of each input, joined: the offsets and the parallel payloads (4-byte items). */
    private record Joined(MemorySegment offsets, List<MemorySegment> payloads) {
    }

    /**
     * The genotype arrays of the whole dataset.
     *
     * @param root the sharded root, named in errors
     * @param set the opened shards
     * @param meta the root metadata
     * @param arena owns the copies
     * @return the arrays
     */
    static GenotypeArrays genotypes(Path root, ShardSet set, DatasetMetadata meta, Arena arena) {
        ShardManifest m = set.manifest();
        List<RawArray> offsets = new ArrayList<>();
        List<List<RawArray>> payloads = new ArrayList<>();
        for (DatasetFiles s : set.shards()) {
            GenotypeArrays g = s.genotypes().orElseThrow(() -> new DatasetFormatException(s.path()
                    + ": shard has no genotypes/ but " + DatasetLayout.metadata(root) + " has a ploidy; write the"
                    + " dataset again"));
            offsets.add(g.offsets());
            payloads.add(List.of(g.variantIdxs()));
        }
        Joined j = join(offsets, payloads, new GridRuns(m.regionBlockSizes(), m.sampleBlockSizes(), meta.ploidy()),
                (long) meta.nRegions() * meta.samples().size() * meta.ploidy(), arena);
        Path g = DatasetLayout.genotypes(root);
        return new GenotypeArrays(RawArray.wrap(g.resolve(DatasetLayout.OFFSETS), RawDtype.INT64, j.offsets()),
                RawArray.wrap(g.resolve(DatasetLayout.VARIANT_IDXS), RawDtype.INT32, j.payloads().getFirst()),
                meta.nRegions(), meta.samples().size(), meta.ploidy());
    }

    /**
     * The per-call dosages of the whole dataset in stored-call order, when every shard has them.
     *
     * @param root the sharded root, named in errors
     * @param set the opened shards
     * @param meta the root metadata
     * @param arena owns the copy
     * @return the dosages, or {@code null} when no shard has {@code genotypes/dosages.npy}
     * @throws DatasetFormatException if only some shards have them
     */
    static RawArray dosages(Path root, ShardSet set, DatasetMetadata meta, Arena arena) {
        ShardManifest m = set.manifest();
        List<Path> dirs = set.dirs();
        List<Path> files = dirs.stream().map(d -> DatasetLayout.genotypes(d).resolve(DatasetLayout.DOSAGES)).toList();
        long present = files.stream().filter(Files::isRegularFile).count();
        if (present == 0) {
            return null;
        }
        if (present != files.size()) {
            Path lacking = files.stream().filter(f -> !Files.isRegularFile(f)).findFirst().orElseThrow();
            throw new DatasetFormatException(lacking + ": missing, while other shards of " + root + " store dosages;"
                    + " write the dataset again");
        }
        try (Arena maps = Arena.ofConfined()) {
            List<RawArray> offsets = new ArrayList<>();
            List<List<RawArray>> payloads = new ArrayList<>();
            for (int k = 0; k < files.size(); k++) {
                GenotypeArrays g = set.shards().get(k).genotypes().orElseThrow();
                RawArray d = RawArray.map(files.get(k), RawDtype.FLOAT32, maps);
                if (d.length() != g.variantIdxs().length()) {
                    throw new DatasetFormatException(files.get(k) + ": " + d.length() + " dosages for "
                            + g.variantIdxs().length() + " stored calls; write the dataset again");
                }
                offsets.add(g.offsets());
                payloads.add(List.of(d));
            }
            Joined j = join(offsets, payloads, new GridRuns(m.regionBlockSizes(), m.sampleBlockSizes(),
                    meta.ploidy()), (long) meta.nRegions() * meta.samples().size() * meta.ploidy(), arena);
            return RawArray.wrap(DatasetLayout.genotypes(root).resolve(DatasetLayout.DOSAGES), RawDtype.FLOAT32,
                    j.payloads().getFirst());
        }
    }

    /**
     * The tracks of one kind of the whole dataset, by name: sample tracks from every shard, annotation tracks from
     * the shards of sample block 0.
     *
     * @param root the sharded root
     * @param set the opened shards
     * @param meta the root metadata
     * @param kind the kind of track
     * @param arena owns the copies
     * @return the joined tracks, sorted by name
     */
    static Map<String, IntervalTrack> tracks(Path root, ShardSet set, DatasetMetadata meta, TrackScope kind,
                                             Arena arena) {
        ShardManifest m = set.manifest();
        int nj = m.sampleBlockSizes().length;
        boolean perSample = kind == TrackScope.SAMPLE;
        List<DatasetFiles> inputs = new ArrayList<>();
        for (int k = 0; k < set.shards().size(); k++) {
            if (perSample || k % nj == 0) {
                inputs.add(set.shards().get(k));
            }
        }
        Map<String, IntervalTrack> out = new TreeMap<>();
        Map<String, IntervalTrack> first = perSample ? inputs.getFirst().tracks()
                : inputs.getFirst().annotationTracks();
        for (String name : first.keySet()) {
            List<RawArray> offsets = new ArrayList<>();
            List<List<RawArray>> payloads = new ArrayList<>();
            for (DatasetFiles s : inputs) {
                IntervalTrack t = (perSample ? s.tracks() : s.annotationTracks()).get(name);
                offsets.add(t.offsets());
                payloads.add(List.of(t.starts(), t.ends(), t.values()));
            }
            int nSamples = perSample ? meta.samples().size() : 1;
            RunSource runs = new GridRuns(m.regionBlockSizes(), perSample ? m.sampleBlockSizes() : new int[] {1}, 1);
            Joined j = join(offsets, payloads, runs, (long) meta.nRegions() * nSamples, arena);
            Path dir = DatasetLayout.track(root, kind, name);
            IntervalTrack t = new IntervalTrack(name, kind,
                    RawArray.wrap(dir.resolve(DatasetLayout.STARTS), RawDtype.INT32, j.payloads().get(0)),
                    RawArray.wrap(dir.resolve(DatasetLayout.ENDS), RawDtype.INT32, j.payloads().get(1)),
                    RawArray.wrap(dir.resolve(DatasetLayout.VALUES), RawDtype.FLOAT32, j.payloads().get(2)),
                    RawArray.wrap(dir.resolve(DatasetLayout.OFFSETS), RawDtype.INT64, j.offsets()), nSamples);
            t.checkShape(meta.nRegions());
            out.put(name, t);
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * Joins one ragged store over the inputs along {@code runs}; every payload item is 4 bytes. The inputs' offsets
     * were checked when their shards were opened (count, first and last value).
     */
    private static Joined join(List<RawArray> offsets, List<List<RawArray>> payloads, RunSource runs, long slots,
                               Arena arena) {
        long items = 0;
        for (RawArray o : offsets) {
            items += o.getLong(o.length() - 1);
        }
        int np = payloads.getFirst().size();
        MemorySegment outOffsets = arena.allocate((slots + 1) * 8, 8);
        List<MemorySegment> outPayloads = new ArrayList<>();
        for (int p = 0; p < np; p++) {
            outPayloads.add(arena.allocate(Math.max(1, items * 4), 8).asSlice(0, items * 4));
        }
        long[] at = {0, 0}; // next slot, next item
        try {
            runs.forEach((d, start, stop) -> {
                RawArray off = offsets.get(d);
                long base = off.getLong(start);
                long end = off.getLong(stop);
                for (RawArray payload : payloads.get(d)) {
                    if (base < 0 || end < base || end > payload.length()) {
                        throw new DatasetFormatException(off.file() + ": slots " + start + ".." + stop + " have offsets"
                                + " [" + base + ", " + end + "), outside the " + payload.length() + " items of "
                                + payload.file() + "; the shard is corrupt, write the dataset again");
                    }
                }
                for (long slot = start; slot < stop; slot++) {
                    long next = off.getLong(slot + 1);
                    if (next < off.getLong(slot)) {
                        throw new DatasetFormatException(off.file() + ": offsets decrease at slot " + slot
                                + "; the shard is corrupt, write the dataset again");
                    }
                    outOffsets.setAtIndex(I64, ++at[0], at[1] + next - base);
                }
                for (int p = 0; p < np; p++) {
                    MemorySegment.copy(payloads.get(d).get(p).segment(), base * 4, outPayloads.get(p), at[1] * 4,
                            (end - base) * 4);
                }
                at[1] += end - base;
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (at[0] != slots || at[1] != items) {
            throw new IllegalStateException("the shard grid covered " + at[0] + " of " + slots + " slots");
        }
        return new Joined(outOffsets, outPayloads);
    }
}
