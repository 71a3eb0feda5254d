package io.gvl.format;

import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The content of a dataset's {@code metadata.json}: the sample and contig axes, the region count and the
 * versions that tell a reader how to interpret the other files. Field names follow the JSON keys of GVL's
 * pydantic model; {@link io.gvl.format.io.MetadataFile#write} emits them in the same order and compact form.
 *
 * @param samples             dataset samples, ascending by code point, unique
 * @param contigs             natural-sorted unique BED contigs; the index is the contig code of {@code regions.npy}
 * @param nRegions            number of regions {@code R}
 * @param ploidy              ploidy when genotypes exist, else {@code null}
 * @param maxJitter           jitter padding {@code J} on both sides of every stored window
 * @param version             semantic version of the writer; {@code >= 0.18.0} means variant POS is 1-based,
 *                            {@code null} means an old 0-based writer
 * @param formatVersion       semantic version of the layout; gvl reads and writes major 2
 * @param svarLink            back-reference to a {@code .svar} store, or {@code null}
 * @param svar2Link           back-reference to a {@code .svar2} store, or {@code null}
 * @param variantsFingerprint bounded fingerprint of {@code genotypes/variants.arrow}, or {@code null}
 */
public record DatasetMetadata(List<String> samples, List<String> contigs, int nRegions, Integer ploidy,
                              int maxJitter, String version, String formatVersion, SvarLink svarLink,
                              Svar2Link svar2Link, VariantsFingerprint variantsFingerprint) {

    /** The layout version gvl writes. */
    public static final String FORMAT_VERSION = "2.0.0";
    /**
     * The {@code version} gvl records: the GenVarLoader release whose format gvl reproduces. GVL interprets POS
     * as 1-based only for {@code version >= 0.18.0}, so gvl's own (0.x) version number must not be written here.
     */
    public static final String WRITER_VERSION = "0.43.1";

    private static final Pattern SEMVER = Pattern.compile(
            "(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?");

    /**
     * Copies the sample and contig lists; rejects a negative region count or jitter and a ploidy below 1 with
     * {@link IllegalArgumentException}.
     */
    public DatasetMetadata {
        samples = List.copyOf(Objects.requireNonNull(samples, "samples"));
        contigs = List.copyOf(Objects.requireNonNull(contigs, "contigs"));
        Objects.requireNonNull(formatVersion, "formatVersion");
        if (nRegions < 0 || maxJitter < 0) {
            throw new IllegalArgumentException("n_regions and max_jitter must be >= 0");
        }
        if (ploidy != null && ploidy < 1) {
            throw new IllegalArgumentException("ploidy must be >= 1, got " + ploidy);
        }
    }

    /**
     * Metadata for a new dataset written by gvl: current versions, no store links, no fingerprint.
     *
     * @param samples dataset samples, ascending by code point, unique
     * @param contigs natural-sorted unique contigs
     * @param nRegions number of regions, {@code >= 0}
     * @param ploidy ploidy when genotypes are written, else {@code null}
     * @param maxJitter jitter padding in bp on both sides of every stored window, {@code >= 0}
     * @return the metadata, not yet checked for sort order (that happens on {@link
     * io.gvl.format.io.MetadataFile#write})
     */
    public static DatasetMetadata of(List<String> samples, List<String> contigs, int nRegions, Integer ploidy,
                                     int maxJitter) {
        return new DatasetMetadata(samples, contigs, nRegions, ploidy, maxJitter, WRITER_VERSION, FORMAT_VERSION,
                null, null, null);
    }

    /**
     * Whether variant {@code POS} values are 1-based (writer version {@code >= 0.18.0}).
     *
     * @return {@code true} for writer versions {@code >= 0.18.0}, {@code false} for older or unversioned datasets
     */
    public boolean oneBasedPositions() {
        if (version == null) {
            return false;
        }
        int[] v = semver(version, "version");
        return v[0] > 0 || v[1] >= 18;
    }

    /**
     * Major, minor and patch of a semantic version string, or a {@link DatasetFormatException}.
     *
     * @param text the version, {@code MAJOR.MINOR.PATCH} with optional pre-release and build suffixes
     * @param what the field the version came from, named in the error message
     * @return a three-element array {@code {major, minor, patch}}
     * @throws DatasetFormatException if the text is not a semantic version or a number overflows {@code int}
     */
    public static int[] semver(String text, String what) {
        Matcher m = SEMVER.matcher(text);
        if (!m.matches()) {
            throw new DatasetFormatException(what + " '" + text + "' is not a semantic version MAJOR.MINOR.PATCH");
        }
        try {
            return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3))};
        } catch (NumberFormatException e) {
            throw new DatasetFormatException(what + " '" + text + "' has a version number that is too large");
        }
    }

    /**
     * Link to a {@code .svar} store; the fingerprint is its variant count and {@code variant_idxs.npy} size.
     *
     * @param relativePath path of the store relative to the dataset directory
     * @param absolutePath absolute path of the store when the link was written
     * @param nVariants number of variants in the store
     * @param variantIdxsBytes size in bytes of the store's {@code variant_idxs.npy}
     */
    public record SvarLink(String relativePath, String absolutePath, long nVariants, long variantIdxsBytes) {
        /** Rejects {@code null} paths. */
        public SvarLink {
            Objects.requireNonNull(relativePath, "relativePath");
            Objects.requireNonNull(absolutePath, "absolutePath");
        }
    }

    /**
     * Link to a {@code .svar2} store; the fingerprint counts and sums the sizes of its {@code .bin}/{@code .npy}.
     *
     * @param relativePath path of the store relative to the dataset directory
     * @param absolutePath absolute path of the store when the link was written
     * @param nFiles number of {@code .bin} and {@code .npy} files in the store
     * @param storeBytes total size in bytes of those files
     */
    public record Svar2Link(String relativePath, String absolutePath, long nFiles, long storeBytes) {
        /** Rejects {@code null} paths. */
        public Svar2Link {
            Objects.requireNonNull(relativePath, "relativePath");
            Objects.requireNonNull(absolutePath, "absolutePath");
        }
    }

    /**
     * Bounded fingerprint of the variant table: digest over the first {@code nBytesHashed} bytes and the size.
     *
     * @param algorithm the digest algorithm, {@code blake2b}
     * @param nBytesHashed number of leading bytes hashed, at most {@link #MAX_HASHED}
     * @param digest hexadecimal digest of those bytes
     * @param sizeBytes size of the whole file in bytes
     */
    public record VariantsFingerprint(String algorithm, long nBytesHashed, String digest, long sizeBytes) {
        /** GVL hashes at most this many leading bytes. */
        public static final int MAX_HASHED = 1 << 20;

        /** Rejects a {@code null} algorithm or digest. */
        public VariantsFingerprint {
            Objects.requireNonNull(algorithm, "algorithm");
            Objects.requireNonNull(digest, "digest");
        }

    }
}
