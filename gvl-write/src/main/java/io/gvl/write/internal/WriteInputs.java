package io.gvl.write.internal;

import io.gvl.format.DatasetExistsException;
import io.gvl.format.VariantTable;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.io.InputFormatException;
import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedReader;
import io.gvl.write.spec.VariantSource;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Every input of a write, read and checked before anything is written (as GVL's {@code _dataset/_write.py} does): the sorted regions, the
 * variant table and its rows, the resolved samples and the track jobs. Both the plan and each part are built from
 * it, so a part written by another process sees the same regions, rows and samples as the plan.
 *
 * @param options the write options
 * @param bed the BED as read
 * @param regions the sorted regions with jittered windows
 * @param variants the open variant source (owned by the caller), or {@code null}
 * @param table its variant table, or {@code null}
 * @param rows its per-row numbers, or {@code null}
 * @param samples the dataset samples, sorted
 * @param sampleIndexes each dataset sample's column in the variant source, or {@code null}
 * @param tracks the track jobs
 */
public record WriteInputs(WriteOptions options, BedFile bed, RegionSet regions, VariantSource variants,
                          VariantTable table, VariantRows rows, List<String> samples, int[] sampleIndexes,
                          TrackInputs tracks) {
    /** Rough heap bytes per variant row held for the whole write (alleles, positions, ILEN). */
    private static final long INDEX_BYTES_PER_ROW = 96;

    /** An existing {@code dest} may be replaced only with {@code overwrite}, and only when it is a dataset. */
    static void checkDestination(Path dest, WriteOptions o) {
        if (Files.exists(dest)) {
            if (!o.overwrite()) {
                throw new DatasetExistsException(DatasetPublisher.alreadyExists(dest));
            }
            DatasetPublisher.requireDataset(dest);
        }
    }

    /** The write's BED, refused when it has no region. */
    static BedFile readBed(WriteOptions o) {
        BedFile bed = BedReader.read(o.regions());
        if (bed.size() == 0) {
            throw new InputFormatException(o.regions(), "", "No regions found in the BED file.",
                    "give at least one region (chrom, chromStart, chromEnd).");
        }
        return bed;
    }

    /** The BED's regions padded by max_jitter, checked against the reference when the write has one. */
    static RegionSet regions(WriteOptions o, BedFile bed) {
        RegionSet regions = RegionSet.of(bed, o.maxJitter());
        if (o.reference() != null) {
            ContigChecks.againstReference(o.regions(), regions, o.reference());
        }
        return regions;
    }

    /** Reads and checks the inputs of a write to {@code dest}; {@code variants} is the open source or null. */
    public static WriteInputs read(Path dest, WriteOptions o, VariantSource variants) {
        if (variants == null && o.tracks().isEmpty() && o.annotations().isEmpty()) {
            throw new WriteException("At least one of variants, tracks or annotation tracks must be provided.",
                    "give a variant file and/or tracks.");
        }
        TrackInputs.checkUniqueNames(o.tracks(), o.annotations());
        if (dest != null) {
            checkDestination(dest, o);
        }
        BedFile bed = readBed(o);
        RegionSet regions = regions(o, bed);
        VariantTable table = null;
        VariantRows rows = null;
        if (variants != null) {
            if (variants.samples().isEmpty()) {
                throw new InputFormatException(variants.path(), "header (#CHROM line)", "the variant file has no"
                        + " sample columns (a sites-only file), so it holds no genotypes to store.",
                        "give a VCF/BCF with FORMAT/GT sample columns (one per sample).");
            }
            table = variants.variants();
            UnsupportedVariantCheck.check(table, variants.path());
            if (o.reference() != null && o.refCheck()) {
                RefCheck.check(table, variants.path(), o.reference());
            }
            rows = new VariantRows(table, variants.path());
            ContigChecks.againstVariants(o.regions(), regions, variants.path(), variants.contigs(),
                    o.allowMissingContigs());
        }
        List<String> samples = SampleResolver.resolve(variants == null ? null : variants.samples(), o.tracks(),
                o.samples());
        TrackInputs tracks = new TrackInputs(o.tracks(), o.annotations(), samples);
        tracks.check(regions.contigs());
        return new WriteInputs(o, bed, regions, variants, table, rows, samples,
                variants == null ? null : sampleIndexes(variants, samples), tracks);
    }

    /** The record contig index of each BED contig code, {@code -1} when the variants lack it. */
    int[] recordContigs() {
        int[] out = new int[regions.contigs().size()];
        for (int c = 0; c < out.length; c++) {
            out[c] = rows.contigIndex(regions.contigs().get(c));
        }
        return out;
    }

    /**
     * Bytes of decoded calls one worker may hold: what the variant index leaves of the budget, per thread.
     *
     * @param samples the samples one part decodes
     */
    long taskBudget(int samples) {
        WriteOptions o = options;
        if (rows == null) {
            return o.maxMem();
        }
        long index = INDEX_BYTES_PER_ROW * rows.size();
        long left = o.maxMem() - index;
        long oneVariant = GenotypeWindow.rowBytes(samples, variants.ploidy());
        if (left < oneVariant) {
            throw new WriteException("max_mem (" + o.maxMem() + " bytes) is too small: the variant index alone"
                    + " consumes about " + index + " bytes and one variant of all samples needs " + oneVariant + ".",
                    "raise max_mem.");
        }
        return Math.max(oneVariant, left / o.threads());
    }

    private static int[] sampleIndexes(VariantSource variants, List<String> samples) {
        Object2IntOpenHashMap<String> index = new Object2IntOpenHashMap<>();
        index.defaultReturnValue(-1);
        List<String> all = variants.samples();
        for (int i = all.size() - 1; i >= 0; i--) {
            index.put(all.get(i), i);
        }
        return samples.stream().mapToInt(s -> {
            int i = index.getInt(s);
            if (i < 0) {
                throw new IllegalStateException("sample " + s + " was resolved against " + all + " but is not in it");
            }
            return i;
        }).toArray();
    }
}
