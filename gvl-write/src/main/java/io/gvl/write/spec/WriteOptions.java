package io.gvl.write.spec;

import io.gvl.core.kernel.RowParallelism;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Everything {@link io.gvl.write.Gvl#write} needs besides the destination. Build with {@link #builder(Path)}.
 *
 * @param regions             BED (or BED-like) file of regions
 * @param variants            phased, normalized, bi-allelic variants as a source, or {@code null}
 * @param variantFile         the same as a file the write opens through {@link io.gvl.write.VariantSources} (a VCF/BCF,
 *                            or a PLINK 2 {@code .pgen} fileset or its prefix), or a genoray {@code .svar2} or
 *                            {@code .svar} store directory the dataset then links to (see
 *                            {@link Builder#variants(Path)}), or {@code null};
 *                            at most one of {@code variants} and {@code variantFile}; neither gives a track-only
 *                            dataset
 * @param reference           optional FASTA; when given every BED contig must be one of its contigs
 * @param tracks              per-sample tracks ({@link BigWigs}, {@link Hdf5Track} or {@link TableTrack})
 * @param annotations         sample-independent tracks
 * @param samples             samples to keep, or {@code null} for every sample common to variants and tracks
 * @param maxJitter           padding {@code J} stored on both sides of every region
 * @param maxMem              soft memory budget in bytes for genotype and track chunks
 * @param overwrite           replace an existing dataset at the destination
 * @param extendToLength      keep variants past a region's end until deletions are made up (GVL default: true)
 * @param allowMissingContigs accept BED contigs the variant file lacks (their regions get no variants, as GVL does)
 *                            instead of failing
 * @param threads             worker threads for region chunks (1 = serial; results are identical)
 * @param progress            progress callback; an exception it throws aborts the write and leaves no dataset
 * @param infoFields          numeric INFO fields of {@code variantFile} to store as variant fields besides {@code AF}
 *                            (stored whenever the header declares it); {@code FORMAT/DS} dosages are stored whenever
 *                            the header declares them
 * @param refCheck            with a reference, refuse the write when a variant's REF disagrees with the reference
 *                            bases (default true)
 * @param reuseGvlIndex       store GenVarLoader's own variant index ({@code VCF.gvi} or {@code VCF.gvi.zst}, which
 *                            its write leaves beside the VCF) as {@code variants.arrow}, byte for byte, so that
 *                            GenVarLoader's {@code concat} takes this dataset together with GVL-written ones from the
 *                            same VCF; the index must be newer than the VCF and hold the same variants, and the
 *                            dataset then has the index's columns only (no INFO fields, as a GVL-written dataset)
 */
public record WriteOptions(Path regions, VariantSource variants, Path variantFile, Path reference,
                           List<SampleTrack> tracks, List<AnnotationTrack> annotations, List<String> samples,
                           int maxJitter, long maxMem,
                           boolean overwrite, boolean extendToLength, boolean allowMissingContigs, int threads,
                           WriteProgress progress, List<String> infoFields, boolean refCheck,
                           boolean reuseGvlIndex) {

    /** GVL's default budget, 4 GiB. */
    public static final long DEFAULT_MAX_MEM = 4L << 30;

    /**
     * Checks the options: at most one variant input, a variant file {@link io.gvl.write.VariantSources} recognizes,
     * non-negative jitter, a positive memory budget and at least one thread; copies the lists.
     *
     * @throws WriteException naming the bad option and what to give instead
     */
    public WriteOptions {
        Objects.requireNonNull(regions, "regions");
        tracks = List.copyOf(tracks);
        annotations = List.copyOf(annotations);
        samples = samples == null ? null : List.copyOf(samples);
        Objects.requireNonNull(progress, "progress");
        infoFields = List.copyOf(infoFields);
        if (variants != null && variantFile != null) {
            throw new WriteException("both a variant source and a variant file were given.", "give one of them.");
        }
        if (variantFile != null) {
            VariantFileKind.require(variantFile);
        }
        if (maxJitter < 0) {
            throw new WriteException("max jitter " + maxJitter + " is negative.", "give 0 or more.");
        }
        if (maxMem <= 0) {
            throw new WriteException("max memory " + maxMem + " is not positive.", "give a budget such as 4g.");
        }
        if (threads < 1) {
            throw new WriteException("threads " + threads + " is below 1.", "give 1 or more.");
        }
    }

    /**
     * A builder for the regions in {@code regions}, with GVL's defaults.
     *
     * @param regions a BED (or BED-like) file
     * @return a new builder
     */
    public static Builder builder(Path regions) {
        return new Builder(regions);
    }

    /** Mutable builder with GVL's defaults: no jitter, 4 GiB, no overwrite, extend to length. */
    public static final class Builder {
        private final Path regions;
        private VariantSource variants;
        private Path variantFile;
        private Path reference;
        private final List<SampleTrack> tracks = new ArrayList<>();
        private final List<AnnotationTrack> annotations = new ArrayList<>();
        private List<String> samples;
        private int maxJitter;
        private long maxMem = DEFAULT_MAX_MEM;
        private boolean overwrite;
        private boolean extendToLength = true;
        private boolean allowMissingContigs;
        private int threads = RowParallelism.threads();
        private WriteProgress progress = WriteProgress.NONE;
        private final List<String> infoFields = new ArrayList<>();
        private boolean refCheck = true;
        private boolean reuseGvlIndex;

        private Builder(Path regions) {
            this.regions = regions;
        }

        /**
         * The variant source; the write closes it when done.
         *
         * @param v a variant source, owned by the write from now on
         * @return this builder
         */
        public Builder variants(VariantSource v) {
            this.variants = v;
            return this;
        }

        /**
         * A variant file the write opens and closes: a bgzipped, indexed VCF, a BCF or a PLINK 2 PGEN (a prefix or the
         * {@code .pgen} path; see {@link io.gvl.write.VariantSources}), or a genoray store directory whose name ends
         * in {@code .svar2} or {@code .svar}. A store is not copied: the dataset keeps only ranges into it (a
         * {@code .svar2}: {@code genotypes/svar2_ranges/}; a {@code .svar}: {@code genotypes/offsets.npy}) and links to
         * it from {@code metadata.json} with a fingerprint, exactly as GenVarLoader 0.43.1 writes it; the store is
         * read, never modified, and must stay where it is (or move together with the dataset). With a store,
         * {@link #extendToLength(boolean) extendToLength(false)} is refused for {@code .svar2} (as GenVarLoader
         * refuses it), {@link #infoFields} and {@link #reuseGvlIndex} are refused, and a write plan in parts
         * ({@link io.gvl.write.Gvl#plan}) is not available.
         *
         * @param file the variant file or store directory
         * @return this builder
         */
        public Builder variants(Path file) {
            this.variantFile = file;
            return this;
        }

        /**
         * A reference FASTA; the write opens and closes it.
         *
         * @param fasta a FASTA path, or {@code null} for none
         * @return this builder
         */
        public Builder reference(Path fasta) {
            this.reference = fasta;
            return this;
        }

        /**
         * Adds a per-sample track.
         *
         * @param t the track
         * @return this builder
         */
        public Builder track(SampleTrack t) {
            tracks.add(t);
            return this;
        }

        /**
         * Adds a sample-independent track.
         *
         * @param t the track
         * @return this builder
         */
        public Builder annotation(AnnotationTrack t) {
            annotations.add(t);
            return this;
        }

        /**
         * Keeps only these samples (default: every sample common to the inputs).
         *
         * @param s sample names, or {@code null} for all
         * @return this builder
         */
        public Builder samples(List<String> s) {
            this.samples = s;
            return this;
        }

        /**
         * The jitter padding stored on both sides of every region (default 0).
         *
         * @param j the padding in bp, {@code >= 0}
         * @return this builder
         */
        public Builder maxJitter(int j) {
            this.maxJitter = j;
            return this;
        }

        /**
         * The soft memory budget for genotype and track chunks (default 4 GiB).
         *
         * @param bytes the budget in bytes, {@code > 0}
         * @return this builder
         */
        public Builder maxMem(long bytes) {
            this.maxMem = bytes;
            return this;
        }

        /**
         * Whether an existing dataset at the destination may be replaced (default false).
         *
         * @param o {@code true} to replace
         * @return this builder
         */
        public Builder overwrite(boolean o) {
            this.overwrite = o;
            return this;
        }

        /**
         * Whether variants past a region's end are kept until deletions are made up (default true).
         *
         * @param e {@code true} to extend
         * @return this builder
         */
        public Builder extendToLength(boolean e) {
            this.extendToLength = e;
            return this;
        }

        /**
         * Whether BED contigs the variant file lacks are accepted (default false: the write fails).
         *
         * @param a {@code true} to accept them
         * @return this builder
         */
        public Builder allowMissingContigs(boolean a) {
            this.allowMissingContigs = a;
            return this;
        }

        /**
         * Worker threads for region chunks (default {@link RowParallelism#threads()}); results do not depend on it.
         *
         * @param n threads, {@code >= 1}
         * @return this builder
         */
        public Builder threads(int n) {
            this.threads = n;
            return this;
        }

        /**
         * A progress callback (default none).
         *
         * @param p the callback
         * @return this builder
         */
        public Builder progress(WriteProgress p) {
            this.progress = p;
            return this;
        }

        /**
         * Numeric INFO fields of the VCF to store as variant fields ({@code AF} is stored when declared).
         *
         * @param names INFO keys
         * @return this builder
         */
        public Builder infoFields(String... names) {
            infoFields.addAll(List.of(names));
            return this;
        }

        /**
         * See {@link WriteOptions#reuseGvlIndex()}; needs a VCF or BCF file ({@link #variants(Path)}).
         *
         * @param reuse {@code true} to store GenVarLoader's index
         * @return this builder
         */
        public Builder reuseGvlIndex(boolean reuse) {
            this.reuseGvlIndex = reuse;
            return this;
        }

        /**
         * Whether to compare REF with the reference (when one is given); on by default.
         *
         * @param check {@code false} to skip the check
         * @return this builder
         */
        public Builder refCheck(boolean check) {
            this.refCheck = check;
            return this;
        }

        /**
         * The options, checked.
         *
         * @return the options
         * @throws WriteException if an option is invalid
         */
        public WriteOptions build() {
            return new WriteOptions(regions, variants, variantFile, reference, tracks, annotations, samples,
                    maxJitter, maxMem,
                    overwrite, extendToLength, allowMissingContigs, threads, progress, infoFields, refCheck,
                    reuseGvlIndex);
        }
    }
}
