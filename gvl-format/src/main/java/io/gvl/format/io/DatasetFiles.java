package io.gvl.format.io;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.InputRegions;
import io.gvl.format.MissingJvmOptionException;
import io.gvl.format.Regions;
import io.gvl.format.TrackScope;
import io.gvl.format.VariantTable;
import io.gvl.format.array.GenotypeArrays;
import io.gvl.format.array.IntervalTrack;
import io.gvl.format.array.MappedFiles;
import io.gvl.format.array.RawArray;
import io.gvl.format.array.RawDtype;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The files of one opened format-2.0 dataset: metadata, regions, genotype CSR arrays and interval tracks, the
 * binary arrays memory-mapped read-only into one shared arena that this object owns. Every view handed out
 * ({@link GenotypeArrays}, {@link IntervalTrack}, {@link RawArray}) is valid until {@link #close()}; afterwards
 * any use throws {@link IllegalStateException}. Opening performs GVL's integrity checks plus shape checks of
 * every array; {@link #verify()} adds full scans. A sharded root ({@link ShardManifest}) opens as one dataset: its
 * shards are checked and their arrays joined into memory owned by the same arena.
 */
public final class DatasetFiles implements AutoCloseable {
    /** How the genotypes of a dataset are stored. */
    public enum GenotypeSource {
        /** No {@code genotypes/} directory. */
        NONE,
        /** VCF/PGEN: {@code offsets.npy} + {@code variant_idxs.npy} + {@code variants.arrow}. */
        SPARSE,
        /** Start/end pairs into a linked {@code .svar} store ({@code svar_meta.json}), read through {@link SvarStore}. */
        SVAR,
        /** Ranges into an external {@code .svar2} store; arrays not opened by gvl. */
        SVAR2
    }

    /** The symlink to the store that GVL before 0.25.0 wrote instead of {@code svar_link}. */
    private static final String LEGACY_SVAR_LINK = "link.svar";

    private final Path dir;
    private final Arena arena;
    private final DatasetMetadata metadata;
    private final Regions regions;
    private final GenotypeSource genotypeSource;
    private final GenotypeArrays genotypes;
    private final Map<String, IntervalTrack> tracks;
    private final Map<String, IntervalTrack> annotationTracks;
    private final ShardManifest shardManifest;
    private final RawArray gatheredDosages;
    private final SvarStore svarStore;
    private final MappedFiles mapped = new MappedFiles();
    private volatile boolean closed;

    private DatasetFiles(Path dir) {
        this.dir = dir;
        if (!Files.isDirectory(dir)) {
            throw new DatasetFormatException(dir + ": dataset directory not found");
        }
        this.metadata = MetadataFile.read(DatasetLayout.metadata(dir));
        refuseInterruptedUpdate(dir);
        Path inputRegions = dir.resolve(DatasetLayout.INPUT_REGIONS);
        if (!Files.isRegularFile(inputRegions)) {
            throw new DatasetFormatException(inputRegions + ": required file is missing; the dataset is"
                    + " incomplete, rewrite it");
        }
        Path regionsFile = dir.resolve(DatasetLayout.REGIONS);
        this.regions = RegionsFile.read(regionsFile);
        regions.validate(regionsFile, metadata);
        checkFingerprint();
        this.arena = Arena.ofShared();
        try {
            this.genotypeSource = genotypeSource(dir);
            if (ShardManifest.isSharded(dir)) {
                try (ShardSet set = ShardSet.open(dir, metadata, regions)) {
                    this.svarStore = null;
                    this.shardManifest = set.manifest();
                    boolean geno = metadata.ploidy() != null;
                    this.genotypes = geno ? ShardGather.genotypes(dir, set, metadata, arena) : null;
                    this.gatheredDosages = geno ? ShardGather.dosages(dir, set, metadata, arena) : null;
                    this.tracks = ShardGather.tracks(dir, set, metadata, TrackScope.SAMPLE, arena);
                    this.annotationTracks = ShardGather.tracks(dir, set, metadata, TrackScope.ANNOTATION,
                            arena);
                }
            } else {
                this.shardManifest = null;
                this.gatheredDosages = null;
                this.svarStore = genotypeSource == GenotypeSource.SVAR ? openSvarStore() : null;
                this.genotypes = switch (genotypeSource) {
                    case SPARSE -> openGenotypes();
                    case SVAR -> openSvarGenotypes();
                    default -> null;
                };
                this.tracks = openTracks(TrackScope.SAMPLE);
                this.annotationTracks = openTracks(TrackScope.ANNOTATION);
            }
            for (String name : tracks.keySet()) {
                if (annotationTracks.containsKey(name)) {
                    throw new DatasetFormatException(dir + ": track '" + name + "' exists in both intervals/ and"
                            + " annot_intervals/; rename or remove one");
                }
            }
            if (genotypeSource == GenotypeSource.NONE && tracks.isEmpty() && annotationTracks.isEmpty()) {
                throw new DatasetFormatException(dir + ": malformed dataset: neither genotypes/ nor any track found");
            }
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Opens and checks the dataset at {@code dir}. The caller must close the result.
     *
     * @param dir the dataset directory (format 2.0; 1.x datasets fail with a migration hint)
     * @return the opened files, owning the memory mappings until {@link #close()}
     * @throws MissingJvmOptionException if the JVM lacks an option Arrow Java needs and a table of the dataset has
     *     a column type only Arrow Java reads (see {@link ArrowTableFile#read})
     * @throws DatasetFormatException if a file is missing, malformed or inconsistent with the metadata
     */
    public static DatasetFiles open(Path dir) {
        return new DatasetFiles(dir);
    }

    /**
     * An update that was renaming its tracks into place (its install journal is there) leaves some tracks new and some
     * old until it finishes or is rolled back; reading then would mix them, so the dataset is refused until then.
     */
    private static void refuseInterruptedUpdate(Path dir) {
        List<Path> journals = UpdateJournals.in(dir);
        if (!journals.isEmpty()) {
            throw new DatasetFormatException(journals.getFirst() + ": an update of this dataset is installing its"
                    + " tracks or was interrupted while it did; open the dataset again once the update has ended, or,"
                    + " if it was killed, roll it back with `gvl update " + dir + "` (no tracks; Gvl.update with empty"
                    + " UpdateOptions in the API) and run the update again");
        }
    }

    /** A recorded {@code variants_fingerprint} must match {@code genotypes/variants.arrow} (as GVL checks). */
    private void checkFingerprint() {
        DatasetMetadata.VariantsFingerprint want = metadata.variantsFingerprint();
        if (want == null) {
            return;
        }
        Path variants = DatasetLayout.genotypes(dir).resolve(DatasetLayout.VARIANTS);
        DatasetMetadata.VariantsFingerprint got = VariantTableFile.fingerprint(variants);
        if (!want.algorithm().equals(got.algorithm()) || want.sizeBytes() != got.sizeBytes()
                || want.nBytesHashed() != got.nBytesHashed() || !want.digest().equalsIgnoreCase(got.digest())) {
            throw new DatasetFormatException(variants + ": does not match variants_fingerprint in metadata.json"
                    + " (size " + got.sizeBytes() + " vs " + want.sizeBytes() + "); the variant table was replaced,"
                    + " restore the original or rewrite the dataset");
        }
    }

    private static GenotypeSource genotypeSource(Path dir) {
        Path g = DatasetLayout.genotypes(dir);
        if (!Files.isDirectory(g)) {
            return GenotypeSource.NONE;
        }
        if (Files.exists(g.resolve(DatasetLayout.SVAR2_META))) {
            return GenotypeSource.SVAR2;
        }
        if (Files.exists(g.resolve(DatasetLayout.SVAR_META))) {
            return GenotypeSource.SVAR;
        }
        return GenotypeSource.SPARSE;
    }

    private GenotypeArrays openGenotypes() {
        Path g = DatasetLayout.genotypes(dir);
        requirePloidy();
        RawArray offsets = mapped.map(g.resolve(DatasetLayout.OFFSETS), RawDtype.INT64, arena);
        Path idxFile = g.resolve(DatasetLayout.VARIANT_IDXS);
        RawArray idx = Files.exists(idxFile) ? mapped.map(idxFile, RawDtype.INT32, arena)
                : RawArray.wrap(idxFile, RawDtype.INT32, arena.allocate(0));
        return new GenotypeArrays(offsets, idx, metadata.nRegions(), metadata.samples().size(), metadata.ploidy());
    }

    private SvarStore openSvarStore() {
        requirePloidy();
        DatasetMetadata.SvarLink link = metadata.svarLink();
        Path legacy = DatasetLayout.genotypes(dir).resolve(LEGACY_SVAR_LINK);
        Path store = link == null && Files.isDirectory(legacy) ? legacy
                : link == null ? null
                : StoreLinks.resolve(dir, link.relativePath(), link.absolutePath(), ".svar");
        if (store == null) {
            throw new DatasetFormatException(DatasetLayout.metadata(dir) + ": genotypes/" + DatasetLayout.SVAR_META
                    + " says the genotypes live in a .svar store but svar_link is null and there is no genotypes/"
                    + LEGACY_SVAR_LINK + "; rewrite the dataset");
        }
        SvarStore s = SvarStore.open(store, arena);
        if (link != null) {
            s.checkLink(link, dir);
        }
        s.checkLayout();
        s.contigOrderProblem().ifPresent(problem -> {
            throw new DatasetFormatException(s.indexFile() + ": " + problem + "; " + SvarStore.CONTIG_ORDER_FIX
                    + ", then write the dataset again");
        });
        if (s.ploidy() != metadata.ploidy()) {
            throw new DatasetFormatException(store + ": ploidy " + s.ploidy() + " but the dataset's is "
                    + metadata.ploidy() + "; the link points at another store");
        }
        return s;
    }

    private GenotypeArrays openSvarGenotypes() {
        long[][] blocks = svarStore.haplotypeBlocks(metadata.samples(), dir);
        RawArray storeIdxs = svarStore.variantIdxs();
        mapped.add(storeIdxs.file(), storeIdxs.segment().byteSize());
        RawArray pairs = mapped.map(DatasetLayout.genotypes(dir).resolve(DatasetLayout.OFFSETS), RawDtype.INT64,
                arena);
        return GenotypeArrays.ranged(pairs, svarStore.variantIdxs(), blocks[0], blocks[1], metadata.nRegions(),
                metadata.samples().size(), metadata.ploidy());
    }

    private void requirePloidy() {
        if (metadata.ploidy() == null) {
            throw new DatasetFormatException(DatasetLayout.metadata(dir) + ": genotypes/ exists but ploidy is null;"
                    + " malformed dataset");
        }
    }

    private Map<String, IntervalTrack> openTracks(TrackScope kind) {
        Path root = dir.resolve(kind.directory());
        Map<String, IntervalTrack> out = new TreeMap<>();
        if (!Files.isDirectory(root)) {
            return Collections.unmodifiableMap(out);
        }
        try (Stream<Path> children = Files.list(root)) {
            for (Path t : children.filter(Files::isDirectory).toList()) {
                String name = t.getFileName().toString();
                if (!DatasetLayout.isTrackName(name) || isEmptyDir(t)) {
                    continue;
                }
                if (Files.exists(t.resolve(DatasetLayout.AOS_INTERVALS)) &&
                        !Files.exists(t.resolve(DatasetLayout.STARTS))) {
                    throw new DatasetFormatException(t + ": array-of-structs intervals.npy (format 1.x); migrate the"
                            + " dataset with `gvl migrate DIR`");
                }
                int nSamples = kind == TrackScope.SAMPLE ? metadata.samples().size() : 1;
                IntervalTrack track = new IntervalTrack(name, kind,
                        mapped.map(t.resolve(DatasetLayout.STARTS), RawDtype.INT32, arena),
                        mapped.map(t.resolve(DatasetLayout.ENDS), RawDtype.INT32, arena),
                        mapped.map(t.resolve(DatasetLayout.VALUES), RawDtype.FLOAT32, arena),
                        mapped.map(t.resolve(DatasetLayout.OFFSETS), RawDtype.INT64, arena), nSamples);
                track.checkShape(metadata.nRegions());
                out.put(name, track);
            }
        } catch (IOException e) {
            throw new DatasetFormatException(root + ": cannot list tracks (" + e.getMessage() + ")", e);
        }
        return Collections.unmodifiableMap(out);
    }

    private static boolean isEmptyDir(Path p) throws IOException {
        try (Stream<Path> s = Files.list(p)) {
            return s.findAny().isEmpty();
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException(dir + ": the dataset files are closed; reopen the dataset to read");
        }
    }

    /**
     * The files memory-mapped from this dataset's directory, for the size check before each query.
     *
     * @return the mapped files
     */
    public MappedFiles mapped() {
        return mapped;
    }

    /**
     * The dataset directory as given to {@link #open(Path)}; available after close.
     *
     * @return the directory
     */
    public Path path() {
        return dir;
    }

    /**
     * The parsed {@code metadata.json}.
     *
     * @return the metadata
     * @throws IllegalStateException if this object is closed
     */
    public DatasetMetadata metadata() {
        checkOpen();
        return metadata;
    }

    /**
     * The stored windows of {@code regions.npy}, in on-disk order.
     *
     * @return the regions, checked against the metadata at open
     */
    public Regions regions() {
        checkOpen();
        return regions;
    }

    /**
     * How the genotypes are stored, which decides whether {@link #genotypes()} is present.
     *
     * @return the storage kind
     * @throws IllegalStateException if this object is closed
     */
    public GenotypeSource genotypeSource() {
        checkOpen();
        return genotypeSource;
    }

    /**
     * The genotype arrays, present for VCF/PGEN-backed datasets (CSR) and {@code .svar}-linked ones (start/end pairs
     * into the store).
     *
     * @return the arrays when {@link #genotypeSource()} is {@link GenotypeSource#SPARSE} or {@link GenotypeSource#SVAR},
     *     else empty; valid until {@link #close()}
     */
    public Optional<GenotypeArrays> genotypes() {
        checkOpen();
        return Optional.ofNullable(genotypes);
    }

    /**
     * The manifest of a sharded dataset: a root with {@code manifest.json} whose genotypes and tracks are stored in
     * shard directories, each a format-2.0 dataset of its own. Opening such a root checks the manifest and every
     * shard and joins their arrays into one in-memory copy in the single dataset's order, so every view of this
     * object is the one a single-directory write of the same inputs gives.
     *
     * @return the manifest of a sharded root, empty for a single dataset directory
     */
    public Optional<ShardManifest> shardManifest() {
        checkOpen();
        return Optional.ofNullable(shardManifest);
    }

    /**
     * The per-call dosages of a sharded dataset, joined from its shards in stored-call order (a single dataset's
     * {@code genotypes/dosages.npy} is mapped by its reader on first use instead).
     *
     * @return the joined dosages of a sharded root whose shards store them, else empty; valid until {@link #close()}
     */
    public Optional<RawArray> gatheredDosages() {
        checkOpen();
        return Optional.ofNullable(gatheredDosages);
    }

    /**
     * Per-sample tracks by name, sorted.
     *
     * @return an unmodifiable map from track name to the track under {@code intervals/}
     */
    public Map<String, IntervalTrack> tracks() {
        checkOpen();
        return tracks;
    }

    /**
     * Annotation tracks by name, sorted.
     *
     * @return an unmodifiable map from track name to the track under {@code annot_intervals/}
     */
    public Map<String, IntervalTrack> annotationTracks() {
        checkOpen();
        return annotationTracks;
    }

    /**
     * Reads {@code input_regions.arrow} (heap copy) and checks it against the metadata.
     *
     * @return the input regions in the user's BED order
     * @throws DatasetFormatException if the file is unreadable or disagrees with the metadata
     */
    public InputRegions inputRegions() {
        checkOpen();
        Path f = dir.resolve(DatasetLayout.INPUT_REGIONS);
        InputRegions r = InputRegionsFile.read(f);
        if (r.size() != metadata.nRegions()) {
            throw new DatasetFormatException(f + ": " + r.size() + " rows but metadata.json says n_regions = "
                    + metadata.nRegions());
        }
        for (String c : r.chroms(f)) {
            if (!metadata.contigs().contains(c)) {
                throw new DatasetFormatException(f + ": contig '" + c + "' is not listed in metadata.json contigs");
            }
        }
        return r;
    }

    /**
     * Reads {@code genotypes/variants.arrow} (heap copy).
     *
     * @return the variant table, copied onto the heap
     * @throws DatasetFormatException if the file is missing or unreadable
     */
    public VariantTable variants() {
        checkOpen();
        return svarStore != null ? svarStore.variants() : VariantTableFile.read(variantTableFile());
    }

    /**
     * The Arrow variant table file: {@code genotypes/variants.arrow}, or the linked {@code .svar} store's index.
     *
     * @return the file (which may be missing for a dataset without genotypes)
     */
    public Path variantTableFile() {
        checkOpen();
        return svarStore != null ? svarStore.indexFile() : DatasetLayout.genotypes(dir).resolve(DatasetLayout.VARIANTS);
    }

    /**
     * The per-call dosages file beside the variant indices: {@code genotypes/dosages.npy}, or the linked
     * {@code .svar} store's.
     *
     * @return the file, or empty when there are no stored dosages
     */
    public Optional<Path> dosagesFile() {
        checkOpen();
        if (svarStore != null) {
            return svarStore.dosagesFile();
        }
        Path d = DatasetLayout.genotypes(dir).resolve(DatasetLayout.DOSAGES);
        return Files.isRegularFile(d) ? Optional.of(d) : Optional.empty();
    }

    /**
     * The linked {@code .svar} store of a dataset whose {@link #genotypeSource()} is {@link GenotypeSource#SVAR}.
     *
     * @return the store, or empty
     */
    public Optional<SvarStore> svarStore() {
        checkOpen();
        return Optional.ofNullable(svarStore);
    }

    /**
     * Full scans: offsets monotone everywhere, variant indices inside the variant table; for a sharded root also
     * the CRC32C of every shard file against the manifest.
     */
    public void verify() {
        checkOpen();
        if (shardManifest != null) {
            ShardSet.verifyChecksums(dir, shardManifest);
        }
        if (genotypes != null) {
            genotypes.verify(variants().size());
        }
        tracks.values().forEach(IntervalTrack::verify);
        annotationTracks.values().forEach(IntervalTrack::verify);
        inputRegions().validateOrder(dir.resolve(DatasetLayout.INPUT_REGIONS));
    }

    /** Unmaps every array; views become unusable. Closing twice is harmless. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        arena.close();
    }
}
