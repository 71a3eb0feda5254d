package io.gvl.format.build;

import io.gvl.format.DatasetMetadata.VariantsFingerprint;
import io.gvl.format.DatasetMetadata;
import java.util.List;

/**
 * The shape of a write cut into parts, as the merge needs it: consecutive sorted regions in region blocks,
 * consecutive sorted samples in sample blocks, and what every part must hold.
 *
 * @param regionBlockSizes regions in each region block, in sorted order; they add up to {@code metadata.nRegions}
 * @param sampleBlockSizes samples in each sample block, in sorted order; they add up to the sample count
 * @param metadata the merged dataset's {@code metadata.json}; a {@code null} ploidy means no genotypes
 * @param variantsFingerprint fingerprint of the staged {@code variants.arrow}, or {@code null} without genotypes
 * @param tracks sample track names
 * @param annotations annotation track names
 * @param dosages whether genotype parts hold {@code genotypes/dosages.npy}
 */
public record PartGrid(int[] regionBlockSizes, int[] sampleBlockSizes, DatasetMetadata metadata,
                       VariantsFingerprint variantsFingerprint, List<String> tracks, List<String> annotations,
                       boolean dosages) {

    /** Copies the lists. */
    public PartGrid {
        regionBlockSizes = regionBlockSizes.clone();
        sampleBlockSizes = sampleBlockSizes.clone();
        tracks = List.copyOf(tracks);
        annotations = List.copyOf(annotations);
    }

    /**
     * Whether the dataset has genotypes.
     *
     * @return {@code true} when the metadata has a ploidy
     */
    public boolean genotypes() {
        return metadata.ploidy() != null;
    }

    /**
     * Whether the dataset has any track.
     *
     * @return {@code true} when there is a sample or annotation track
     */
    public boolean hasTracks() {
        return !tracks.isEmpty() || !annotations.isEmpty();
    }

    /**
     * First sorted region of region block {@code b}.
     *
     * @param b a region block index
     * @return the block's first region
     */
    public int regionFrom(int b) {
        int from = 0;
        for (int i = 0; i < b; i++) {
            from += regionBlockSizes[i];
        }
        return from;
    }

    /**
     * First sorted sample of sample block {@code j}.
     *
     * @param j a sample block index
     * @return the block's first sample
     */
    public int sampleFrom(int j) {
        int from = 0;
        for (int i = 0; i < j; i++) {
            from += sampleBlockSizes[i];
        }
        return from;
    }

    /**
     * The manifest the part of {@code kind} for block {@code (b, j)} must carry.
     *
     * @param kind {@link PartManifest#GENOTYPES} or {@link PartManifest#TRACKS}
     * @param b the region block
     * @param j the sample block
     * @return the expected manifest
     */
    public PartManifest expected(String kind, int b, int j) {
        int r0 = regionFrom(b);
        int s0 = sampleFrom(j);
        return new PartManifest(kind, b, j, r0, r0 + regionBlockSizes[b], s0, s0 + sampleBlockSizes[j],
                variantsFingerprint);
    }
}
