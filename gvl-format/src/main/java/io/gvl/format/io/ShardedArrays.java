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
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The arrays of an opened sharded root, left in its shards and addressed by the root's cells: a query looks up the
 * shard and the shard's own cell of each {@code (region, sample)} it reads and copies only those slots. Opening a
 * root reads its manifest and stats its shards' files ({@link ShardSet}); a shard is opened (mapped and checked
 * against the root) the first time a query reads it, and its dosages mapped the first time a query asks for them.
 * So opening costs the shard count and no shard data, and memory grows with the shards and slots queries touch,
 * not with the root. The offsets and indices of the slots a query copies are checked as it copies them; each
 * shard's mapped files are in that shard's {@link DatasetFiles#mapped()}. Owned by the {@link DatasetFiles} of the
 * root, valid until it closes; safe for concurrent use.
 */
public final class ShardedArrays {
    private final Path root;
    private final ShardSet set;
    private final int[] regionFrom;
    private final int[] sampleFrom;
    private final int[] sampleBlockSizes;
    private final Integer ploidy;
    private final boolean dosages;
    private final AtomicReferenceArray<RawArray> mappedDosages;
    private final Set<String> tracks;
    private final Set<String> annotationTracks;

    private ShardedArrays(Path root, ShardSet set, Integer ploidy, boolean dosages) {
        this.root = root;
        this.set = set;
        ShardManifest m = set.manifest();
        this.regionFrom = starts(m.regionBlockSizes());
        this.sampleFrom = starts(m.sampleBlockSizes());
        this.sampleBlockSizes = m.sampleBlockSizes();
        this.ploidy = ploidy;
        this.dosages = dosages;
        this.mappedDosages = new AtomicReferenceArray<>(set.size());
        this.tracks = set.shard(0).tracks().keySet();
        this.annotationTracks = set.shard(0).annotationTracks().keySet();
    }

    /**
     * Wraps the shards of a root: either every shard or none stores per-call dosages (as the manifest lists them).
     *
     * @param root the sharded root, named in errors
     * @param set the shards, owned by the result from now on
     * @param meta the root metadata
     * @return the arrays
     * @throws DatasetFormatException naming a shard that lacks dosages others have
     */
    static ShardedArrays of(Path root, ShardSet set, DatasetMetadata meta) {
        return new ShardedArrays(root, set, meta.ploidy(), meta.ploidy() != null && set.dosages());
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
     * The number of shards.
     *
     * @return the blocks of the grid, {@code (b, j)} at index {@code b·J + j}
     */
    public int size() {
        return set.size();
    }

    /**
     * One shard, opened and checked against the root the first time it is asked for.
     *
     * @param k the shard's index, {@code b·J + j}
     * @return the opened shard, valid until the root closes
     * @throws DatasetFormatException if the shard is inconsistent with the root; the message names it
     */
    public DatasetFiles shard(int k) {
        return set.shard(k);
    }

    /**
     * The shard holding a per-sample cell.
     *
     * @param region sorted region of the root, {@code 0 <= region < R}
     * @param sample sample of the root, {@code 0 <= sample < S}
     * @return the shard's index in {@link #shard}
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
     * @return the shard's index in {@link #shard}
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
     * @param shard index in {@link #shard}
     * @return its arrays (its offsets count its own cells)
     * @throws IllegalStateException if the root has no genotypes
     */
    public GenotypeArrays genotypes(int shard) {
        if (ploidy == null) {
            throw new IllegalStateException(root + ": the sharded dataset has no genotypes");
        }
        DatasetFiles s = set.shard(shard);
        return s.genotypes().orElseThrow(() -> new DatasetFormatException(s.path() + ": shard has no genotypes/"
                + " but " + DatasetLayout.metadata(root) + " has a ploidy; write the dataset again"));
    }

    /**
     * Whether the shards store per-call dosages.
     *
     * @return {@code true} when every shard has {@code genotypes/dosages.npy}
     */
    public boolean hasDosages() {
        return dosages;
    }

    /**
     * The per-call dosages of one shard, parallel to its {@code variant_idxs.npy}.
     *
     * @param shard index in {@link #shard}
     * @return the float32 dosages, mapped on first use
     * @throws IllegalStateException if the shards store none ({@link #hasDosages()})
     * @throws DatasetFormatException if the shard's dosages are not one per stored call
     */
    public RawArray dosages(int shard) {
        if (!dosages) {
            throw new IllegalStateException(root + ": the sharded dataset stores no dosages");
        }
        RawArray d = mappedDosages.get(shard);
        if (d == null) {
            DatasetFiles s = set.shard(shard);
            synchronized (s) {
                d = mappedDosages.get(shard);
                if (d == null) {
                    Path file = DatasetLayout.genotypes(s.path()).resolve(DatasetLayout.DOSAGES);
                    d = s.mapDosages(file);
                    long calls = genotypes(shard).variantIdxs().length();
                    if (d.length() != calls) {
                        throw new DatasetFormatException(file + ": " + d.length() + " dosages for " + calls
                                + " stored calls; write the dataset again");
                    }
                    mappedDosages.set(shard, d);
                }
            }
        }
        return d;
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
     * @param shard index in {@link #shard} (of sample block 0 for an annotation track)
     * @param kind per-sample or annotation
     * @param name the track
     * @return the shard's track, whose cells are the shard's own
     */
    public IntervalTrack track(int shard, TrackScope kind, String name) {
        DatasetFiles s = set.shard(shard);
        return (kind == TrackScope.SAMPLE ? s.tracks() : s.annotationTracks()).get(name);
    }

    /**
     * Opens every shard and scans it fully: offsets monotone, variant indices inside the root's variant table of
     * {@code nVariants} rows, track offsets monotone.
     *
     * @param nVariants rows of the root's variant table
     * @throws DatasetFormatException naming the file of the first failed check
     */
    void verify(long nVariants) {
        for (DatasetFiles s : set.openAll()) {
            s.genotypes().ifPresent(g -> g.verify(nVariants));
            s.tracks().values().forEach(IntervalTrack::verify);
            s.annotationTracks().values().forEach(IntervalTrack::verify);
        }
    }

    /**
     * The error for a fault in a read of mapped memory: the file of an opened shard that shrank, else a dataset
     * error.
     *
     * @param fault the JVM's error for the faulting access
     * @return the error to throw, naming the root when no shard file is found shrunk
     */
    public DatasetFormatException fault(InternalError fault) {
        List<DatasetFiles> opened = set.openedShards();
        for (DatasetFiles s : opened) {
            if (s.mapped().shrunk()) {
                return s.mapped().fault(fault, root);
            }
        }
        return opened.getFirst().mapped().fault(fault, root);
    }

    /** Closes every shard. */
    void close() {
        set.close();
    }
}
