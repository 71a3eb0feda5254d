package io.gvl.format.io;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.IndexRange;
import io.gvl.format.TrackScope;
import io.gvl.format.array.GenotypeArrays;
import io.gvl.format.array.IntervalTrack;
import io.gvl.format.array.RawArray;
import io.gvl.format.array.RawDtype;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The arrays of an opened sharded root, left in its mapped shards and addressed by the root's cells: a query looks
 * up the shard and the shard's own cell of each {@code (region, sample)} it reads and copies only those slots. So
 * opening a root costs its shard count (each shard is mapped and checked, see {@link ShardSet}), not its call
 * count, and memory grows with the queries' batches, not with the root. Offsets of the slots a query reads are
 * checked as it reads them ({@link GenotypeArrays#variantRange}); each shard's mapped files are in that shard's
 * {@link DatasetFiles#mapped()}. Owned by the {@link DatasetFiles} of the root, valid until it closes.
 */
public final class ShardedArrays {
    private final ShardSet set;
    private final int[] regionFrom;
    private final int[] sampleFrom;
    private final int[] sampleBlockSizes;
    private final Integer ploidy;
    private final List<RawArray> dosages;
    private final Set<String> tracks;
    private final Set<String> annotationTracks;

    private ShardedArrays(ShardSet set, Integer ploidy, List<RawArray> dosages) {
        this.set = set;
        ShardManifest m = set.manifest();
        this.regionFrom = starts(m.regionBlockSizes());
        this.sampleFrom = starts(m.sampleBlockSizes());
        this.sampleBlockSizes = m.sampleBlockSizes();
        this.ploidy = ploidy;
        this.dosages = dosages;
        this.tracks = set.shards().getFirst().tracks().keySet();
        this.annotationTracks = set.shards().getFirst().annotationTracks().keySet();
    }

    /**
     * Wraps opened shards: every shard must have genotypes when the root has a ploidy, and either every shard or
     * none stores per-call dosages of one per stored call (mapped here into the shard's arena).
     *
     * @param root the sharded root, named in errors
     * @param set the opened shards, owned by the result from now on
     * @param meta the root metadata
     * @return the arrays
     * @throws DatasetFormatException naming the shard whose genotypes or dosages are missing or do not fit
     */
    static ShardedArrays of(Path root, ShardSet set, DatasetMetadata meta) {
        List<RawArray> dosages = new ArrayList<>();
        if (meta.ploidy() != null) {
            for (DatasetFiles s : set.shards()) {
                s.genotypes().orElseThrow(() -> new DatasetFormatException(s.path() + ": shard has no genotypes/"
                        + " but " + DatasetLayout.metadata(root) + " has a ploidy; write the dataset again"));
            }
            List<Path> files = set.dirs().stream()
                    .map(d -> DatasetLayout.genotypes(d).resolve(DatasetLayout.DOSAGES)).toList();
            long present = files.stream().filter(Files::isRegularFile).count();
            if (present != 0 && present != files.size()) {
                Path lacking = files.stream().filter(f -> !Files.isRegularFile(f)).findFirst().orElseThrow();
                throw new DatasetFormatException(lacking + ": missing, while other shards of " + root
                        + " store dosages; write the dataset again");
            }
            for (int k = 0; present != 0 && k < files.size(); k++) {
                DatasetFiles s = set.shards().get(k);
                RawArray d = s.mapDosages(files.get(k));
                long calls = s.genotypes().orElseThrow().variantIdxs().length();
                if (d.length() != calls) {
                    throw new DatasetFormatException(files.get(k) + ": " + d.length() + " dosages for " + calls
                            + " stored calls; write the dataset again");
                }
                dosages.add(d);
            }
        }
        return new ShardedArrays(set, meta.ploidy(), List.copyOf(dosages));
    }

    private static int[] starts(int[] sizes) {
        int[] out = new int[sizes.length + 1];
        for (int i = 0; i < sizes.length; i++) {
            out[i + 1] = out[i] + sizes[i];
        }
        return out;
    }

    /** The block of {@code index} in the block starts {@code from} (the last start at or below it). */
    private static int block(int[] from, int index) {
        int b = Arrays.binarySearch(from, 0, from.length - 1, index);
        return b >= 0 ? b : -b - 2;
    }

    /**
     * The manifest of the root.
     *
     * @return the manifest
     */
    public ShardManifest manifest() {
        return set.manifest();
    }

    /**
     * The opened shards.
     *
     * @return the shards, block {@code (b, j)} at {@code b·J + j}; valid until the root closes
     */
    public List<DatasetFiles> shards() {
        return set.shards();
    }

    /**
     * The shard holding a per-sample cell.
     *
     * @param region sorted region of the root, {@code 0 <= region < R}
     * @param sample sample of the root, {@code 0 <= sample < S}
     * @return the shard's index in {@link #shards()}
     */
    public int shardOf(int region, int sample) {
        return block(regionFrom, region) * sampleBlockSizes.length + block(sampleFrom, sample);
    }

    /**
     * The cell {@code region·S_j + sample} of a root cell inside its shard ({@link #shardOf}).
     *
     * @param region sorted region of the root
     * @param sample sample of the root
     * @return the cell in the shard's own arrays
     */
    public long cellInShard(int region, int sample) {
        int b = block(regionFrom, region);
        int j = block(sampleFrom, sample);
        return (long) (region - regionFrom[b]) * sampleBlockSizes[j] + (sample - sampleFrom[j]);
    }

    /**
     * The shard holding a region's annotation intervals: its region block's shard of sample block 0, which alone
     * stores them.
     *
     * @param region sorted region of the root
     * @return the shard's index in {@link #shards()}
     */
    public int annotationShardOf(int region) {
        return block(regionFrom, region) * sampleBlockSizes.length;
    }

    /**
     * The row of a region in its annotation shard ({@link #annotationShardOf}).
     *
     * @param region sorted region of the root
     * @return the region's row in that shard
     */
    public int regionInShard(int region) {
        return region - regionFrom[block(regionFrom, region)];
    }

    /**
     * The genotype arrays of one shard.
     *
     * @param shard index in {@link #shards()}
     * @return its arrays (its offsets count its own cells)
     * @throws IllegalStateException if the root has no genotypes
     */
    public GenotypeArrays genotypes(int shard) {
        if (ploidy == null) {
            throw new IllegalStateException(set.manifest() + ": the sharded dataset has no genotypes");
        }
        return set.shards().get(shard).genotypes().orElseThrow();
    }

    /**
     * Whether the shards store per-call dosages.
     *
     * @return {@code true} when every shard has {@code genotypes/dosages.npy}
     */
    public boolean hasDosages() {
        return !dosages.isEmpty();
    }

    /**
     * The per-call dosages of one shard, parallel to its {@code variant_idxs.npy}.
     *
     * @param shard index in {@link #shards()}
     * @return the mapped float32 dosages
     * @throws IllegalStateException if the shards store none ({@link #hasDosages()})
     */
    public RawArray dosages(int shard) {
        if (dosages.isEmpty()) {
            throw new IllegalStateException("the sharded dataset stores no dosages");
        }
        return dosages.get(shard);
    }

    /**
     * The variant indices one haplotype of one root cell carries, read from its shard.
     *
     * @param region sorted region of the root
     * @param sample sample of the root
     * @param ploid haplotype, {@code 0 <= ploid < P}
     * @return a view of the shard's mapped indices
     * @throws DatasetFormatException if the shard's offsets of that slot are corrupt
     */
    public RawArray variants(int region, int sample, int ploid) {
        GenotypeArrays g = genotypes(shardOf(region, sample));
        IndexRange r = g.variantRange(region - regionFrom[block(regionFrom, region)],
                sample - sampleFrom[block(sampleFrom, sample)], ploid);
        return g.variantIdxs().slice(r.start(), r.end());
    }

    /**
     * The names of the tracks every shard has (per-sample) or the shards of sample block 0 have (annotation).
     *
     * @param kind per-sample or annotation
     * @return the sorted names
     */
    public Set<String> trackNames(TrackScope kind) {
        return kind == TrackScope.SAMPLE ? tracks : annotationTracks;
    }

    /**
     * One track of one shard.
     *
     * @param shard index in {@link #shards()} (of sample block 0 for an annotation track)
     * @param kind per-sample or annotation
     * @param name the track
     * @return the shard's track, whose cells are the shard's own
     */
    public IntervalTrack track(int shard, TrackScope kind, String name) {
        DatasetFiles s = set.shards().get(shard);
        return (kind == TrackScope.SAMPLE ? s.tracks() : s.annotationTracks()).get(name);
    }

    /**
     * Full scans of every shard: offsets monotone, variant indices inside the root's variant table of
     * {@code nVariants} rows, track offsets monotone.
     *
     * @param nVariants rows of the root's variant table
     * @throws DatasetFormatException naming the file of the first failed check
     */
    void verify(long nVariants) {
        for (DatasetFiles s : set.shards()) {
            s.genotypes().ifPresent(g -> g.verify(nVariants));
            s.tracks().values().forEach(IntervalTrack::verify);
            s.annotationTracks().values().forEach(IntervalTrack::verify);
        }
    }

    /**
     * The error for a fault in a read of mapped memory: the shard file that shrank, else a dataset error.
     *
     * @param fault the JVM's error for the faulting access
     * @param root the root, named when no shard file is found shrunk
     * @return the error to throw
     */
    public DatasetFormatException fault(InternalError fault, Path root) {
        for (DatasetFiles s : set.shards()) {
            if (s.mapped().shrunk()) {
                return s.mapped().fault(fault, root);
            }
        }
        return set.shards().getFirst().mapped().fault(fault, root);
    }

    /** Closes every shard. */
    void close() {
        set.close();
    }
}
