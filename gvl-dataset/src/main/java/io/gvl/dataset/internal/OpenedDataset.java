package io.gvl.dataset.internal;

import io.gvl.core.kernel.haplotype.HaplotypeSource;
import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.track.input.Intervals;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.array.GenotypeArrays;
import io.gvl.format.array.IntervalTrack;
import io.gvl.format.array.MappedFiles;
import io.gvl.format.io.DatasetFiles;
import io.gvl.io.ContigNormalizer;
import io.gvl.io.fasta.Reference;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Everything one {@code Dataset.open} call owns and every view of it shares: the memory-mapped dataset files, the
 * reference, and the kernel inputs built from them once (sparse genotypes, the variant table, track intervals).
 * Closing it unmaps everything; later use by any view throws {@link IllegalStateException}. A sharded root keeps
 * its calls and intervals in its shards ({@link #shards()}): its genotypes and track intervals here are empty, and
 * each query reads a {@link ShardBatch}, a copy of this object over the slots the batch copied.
 */
public final class OpenedDataset implements AutoCloseable {
    /**
     * A track's stored intervals; per-sample tracks are grouped by dataset instance, annotations by region (or by
     * the cells and regions of a {@link ShardBatch}). {@code sorted} checks groups for the order the kernels rely
     * on before a query reads them; a batch's copy was checked in its shards and has none.
     */
    public record Track(String name, boolean perSample, Intervals intervals, SortedGroups sorted) {
    }

    private final DatasetFiles files;
    private final Reference reference;
    private final boolean ownsReference;
    private final DatasetMetadata metadata;
    private final RegionTable regions;
    private final int[] referenceContig;
    private final ReferenceGenome genome;
    private final GenotypeArrays genotypeArrays;
    /** The linked store a {@code .svar2}-linked dataset's batches gather from, else null (and null in a batch). */
    private final Svar2Genotypes svar2;
    private final VariantStore variants;
    private final HaplotypeSource haplotypes;
    private final int ploidy;
    private final Map<String, Track> tracks;
    private final io.gvl.format.io.ShardManifest shardManifest;
    /** The shards of a sharded root, else null (and null in a batch's copy). */
    private final ShardReads shards;
    private final AtomicBoolean closed;
    private final Runnable afterClose;

    private OpenedDataset(DatasetFiles files, Reference reference, boolean ownsReference, Runnable afterClose) {
        this.afterClose = afterClose;
        this.closed = new AtomicBoolean();
        this.files = files;
        this.reference = reference;
        this.ownsReference = ownsReference;
        this.metadata = files.metadata();
        Path dir = files.path();
        this.regions = RegionTable.read(files.inputRegions(), metadata, dir.resolve(DatasetLayout.INPUT_REGIONS));
        this.referenceContig = reference == null ? null : mapContigs(metadata.contigs(), reference, dir);
        if (reference != null) {
            reference.cacheFile().ifPresent(f -> files.mapped().add(f, reference.bases().byteSize()));
        }
        this.genome = reference == null ? null : genome(reference);
        this.svar2 = files.genotypeSource() == DatasetFiles.GenotypeSource.SVAR2
                ? Svar2Genotypes.open(dir, metadata, files.regions(), reference) : null;
        this.shards = files.shardedArrays().map(ShardReads::new).orElse(null);
        try {
            GenotypeArrays geno = svar2 != null ? null : files.genotypes().orElse(null);
            this.genotypeArrays = geno;
            this.ploidy = geno != null ? geno.ploidy()
                    : (shards != null || svar2 != null) && metadata.ploidy() != null ? metadata.ploidy() : 0;
            this.variants = shards != null ? (ploidy == 0 ? null : VariantStore.sharded(files.variantTableFile(),
                    files.variants(), metadata, shards.arrays().hasDosages()))
                    : svar2 != null ? VariantStore.svar2Root(svar2.fieldTypes())
                    : geno == null ? null : VariantStore.open(files.variantTableFile(),
                            files.dosagesFile().orElse(null), geno, files.variants(), metadata,
                            storeCallFields(files), files.mapped());
            this.haplotypes = variants == null || genome == null ? null
                    : new HaplotypeSource(variants.genotypes(), variants.table(), genome, Reference.PAD);
            this.tracks = shards != null ? shards.rootTracks() : tracks(files);
        } catch (RuntimeException e) {
            if (svar2 != null) {
                svar2.close();
            }
            throw e;
        }
        this.shardManifest = files.shardManifest().orElse(null);
    }

    /** A batch's copy of {@code root}: its variants, haplotypes and tracks are the batch's ({@link ShardBatch}). */
    private OpenedDataset(OpenedDataset root, VariantStore variants, Map<String, Track> tracks) {
        this.files = root.files;
        this.reference = root.reference;
        this.ownsReference = false;
        this.metadata = root.metadata;
        this.regions = root.regions;
        this.referenceContig = root.referenceContig;
        this.genome = root.genome;
        this.genotypeArrays = null;
        this.svar2 = null;
        this.variants = variants;
        this.haplotypes = variants == null || genome == null ? null
                : new HaplotypeSource(variants.genotypes(), variants.table(), genome, Reference.PAD);
        this.ploidy = root.ploidy;
        this.tracks = tracks;
        this.shardManifest = root.shardManifest;
        this.shards = null;
        this.closed = root.closed;
        this.afterClose = () -> { };
    }

    /**
     * This sharded root over one batch's copied slots; the copy shares this object's files and reference and is
     * never closed itself (the batch frees its memory).
     *
     * @param batchVariants the root's variant store over the batch's calls, or null without genotypes
     * @param batchTracks the batch's copies of the tracks it reads
     */
    OpenedDataset batch(VariantStore batchVariants, Map<String, Track> batchTracks) {
        return new OpenedDataset(this, batchVariants, batchTracks);
    }

    /** The shards of a sharded root, or null for a single dataset directory (or a batch's copy). */
    ShardReads shards() {
        return shards;
    }

    /** The linked store of a {@code .svar2}-linked dataset, or null for other datasets (and a batch's copy). */
    Svar2Genotypes svar2() {
        return svar2;
    }

    /** Opens the dataset at {@code dir}; {@code referenceFasta} may be null (no sequence output then). */
    public static OpenedDataset open(Path dir, Path referenceFasta) {
        return open(dir, referenceFasta, () -> { });
    }

    /**
     * As {@link #open(Path, Path)}, running {@code afterClose} once the files and reference are closed (the dummy
     * dataset deletes its temporary directory with it). It does not run when opening fails.
     */
    public static OpenedDataset open(Path dir, Path referenceFasta, Runnable afterClose) {
        DatasetFiles files = DatasetFiles.open(dir);
        Reference ref = null;
        try {
            ref = referenceFasta == null ? null : Reference.open(referenceFasta);
            return new OpenedDataset(files, ref, true, afterClose);
        } catch (RuntimeException e) {
            files.close();
            if (ref != null) {
                ref.close();
            }
            throw e;
        }
    }

    /**
     * Whether the dataset is still open.
     *
     * @return {@code false} once {@link #close()} has run
     */
    public boolean isOpen() {
        return !closed.get();
    }

    /** Opens the dataset at {@code dir} with a reference the caller keeps owning. */
    public static OpenedDataset open(Path dir, Reference reference) {
        DatasetFiles files = DatasetFiles.open(dir);
        try {
            return new OpenedDataset(files, reference, false, () -> { });
        } catch (RuntimeException e) {
            files.close();
            throw e;
        }
    }

    /** The per-call FORMAT fields of a linked {@code .svar} store (none for other sources). */
    private static Map<String, StoreCallField> storeCallFields(DatasetFiles files) {
        Map<String, StoreCallField> out = new LinkedHashMap<>();
        files.svarStore().ifPresent(s -> s.callFields().forEach((name, dtype) ->
                out.put(name, new StoreCallField(s.callFieldFile(name), dtype))));
        return out;
    }

    private static int[] mapContigs(List<String> contigs, Reference reference, Path dir) {
        ContigNormalizer names = reference.normalizer();
        int[] map = new int[contigs.size()];
        for (int c = 0; c < map.length; c++) {
            map[c] = names.indexOf(contigs.get(c));
            if (map[c] < 0) {
                throw new DatasetFormatException(dir + ": contig '" + contigs.get(c) + "' of the dataset is not in the"
                        + " reference " + reference.fasta() + " (which has " + reference.contigs() + "); use the"
                        + " reference the dataset was written against");
            }
        }
        return map;
    }

    static ReferenceGenome genome(Reference reference) {
        int n = reference.contigs().size();
        long[] offsets = new long[n + 1];
        for (int i = 0; i < n; i++) {
            offsets[i] = reference.offset(i);
            offsets[i + 1] = reference.offset(i) + reference.length(i);
        }
        return new ReferenceGenome(reference.bases(), MemorySegment.ofArray(offsets));
    }

    private static Map<String, Track> tracks(DatasetFiles files) {
        Map<String, Track> out = new LinkedHashMap<>();
        for (IntervalTrack t : files.tracks().values()) {
            Intervals itv = intervals(t);
            out.put(t.name(), new Track(t.name(), true, itv, new SortedGroups(t.starts().file(), itv, t.nSamples())));
        }
        for (IntervalTrack t : files.annotationTracks().values()) {
            Intervals itv = intervals(t);
            out.put(t.name(), new Track(t.name(), false, itv, new SortedGroups(t.starts().file(), itv, 0)));
        }
        return Collections.unmodifiableMap(out);
    }

    private static Intervals intervals(IntervalTrack t) {
        return new Intervals(t.starts().segment(), t.ends().segment(), t.values().segment(), t.offsets().segment());
    }

    public void ensureOpen() {
        if (closed.get()) {
            throw new IllegalStateException("dataset " + files.path() + " is closed");
        }
    }

    /**
     * Refuses to read if a mapped file shrank since the dataset opened ({@link MappedFiles#check}); every query
     * calls it before it reads offsets or data.
     */
    public void checkMappedFiles() {
        files.mapped().check();
    }

    /**
     * Runs a read of the mapped files, turning the JVM's error for a page that vanished during the read (a file
     * truncated meanwhile) into a {@link DatasetFormatException} naming the file ({@link MappedFiles#fault}).
     */
    public <T> T readMapped(Supplier<T> read) {
        try {
            return read.get();
        } catch (InternalError e) {
            throw shards != null ? shards.arrays().fault(e) : files.mapped().fault(e, files.path());
        }
    }

    public Path path() {
        return files.path();
    }

    /** The manifest of a sharded dataset, or null for a single dataset directory. */
    public io.gvl.format.io.ShardManifest shardManifest() {
        return shardManifest;
    }

    public DatasetMetadata metadata() {
        return metadata;
    }

    public RegionTable regions() {
        return regions;
    }

    /** {@code input_regions.arrow}: the user's BED rows with all their columns, in input order (read on demand). */
    public io.gvl.format.InputRegions inputRegions() {
        ensureOpen();
        return files.inputRegions();
    }

    /** Null without a reference. */
    public Reference reference() {
        return reference;
    }

    /** Reference contig index of each dataset contig (null without a reference). */
    public int[] referenceContig() {
        return referenceContig;
    }

    /** The reference as kernels address it (contig indices in FASTA order); null without a reference. */
    public ReferenceGenome genome() {
        return genome;
    }

    /**
     * Checks the stored genotype offsets of the instances {@code dsIdx} (region·samples + sample) a query is about
     * to read, and that the variant indices they hold are rows of the variant table; a dataset without genotypes
     * has nothing to check, and a sharded root checks the slots a batch copies as it copies them.
     */
    public void checkGenotypes(long[] dsIdx) {
        if (genotypeArrays != null) {
            genotypeArrays.checkCells(dsIdx);
            if (variants != null) {
                genotypeArrays.checkVariantIndices(dsIdx, variants.table().size());
            }
        }
    }

    /**
     * Checks that the interval groups the instances {@code inst} read from each of {@code tracks} are sorted by
     * start (each group's block is read once per open dataset); a sharded root checks them in its shards as a batch
     * copies them.
     */
    public void checkTracks(List<String> tracks, Instances inst) {
        if (shards != null) {
            return;
        }
        for (String name : tracks) {
            Track t = this.tracks.get(name);
            t.sorted().check(t.perSample() ? inst.dsIdx() : Arrays.stream(inst.diskRegion())
                    .asLongStream().toArray());
        }
    }

    /** The variant table, genotypes and optional variant fields; null without genotypes. */
    public VariantStore variants() {
        return variants;
    }

    /** Null without genotypes or without a reference. */
    public HaplotypeSource haplotypes() {
        return haplotypes;
    }

    /** Whether the genotypes are gathered from a linked {@code .svar2} store (there is no stored variant table). */
    public boolean linkedToSvar2() {
        return svar2 != null;
    }

    public boolean hasGenotypes() {
        return ploidy > 0;
    }

    /** Ploidy, or 0 without genotypes. */
    public int ploidy() {
        return ploidy;
    }

    public int samples() {
        return metadata.samples().size();
    }

    /** Available tracks: per-sample tracks sorted by name, then annotation tracks sorted by name. */
    public Map<String, Track> tracks() {
        return tracks;
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                if (variants != null) {
                    variants.close();
                }
                if (svar2 != null) {
                    svar2.close();
                }
                if (shards != null) {
                    shards.close();
                }
                files.close();
            } finally {
                try {
                    if (ownsReference && reference != null) {
                        reference.close();
                    }
                } finally {
                    afterClose.run();
                }
            }
        }
    }
}
