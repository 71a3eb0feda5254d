package io.gvl.core.internal.write;

import io.gvl.core.write.VariantSource;
import io.gvl.core.write.VariantSources;
import io.gvl.core.write.WriteException;
import io.gvl.core.write.WriteOptions;
import io.gvl.format.DatasetExistsException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.DatasetPublisher;
import io.gvl.format.Regions;
import io.gvl.format.VariantTable;
import io.gvl.io.InputFormatException;
import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The write pipeline (spec §2.2): every input is read and checked first, then the dataset is built in a private
 * sibling directory and published by one rename, so a failure at any point leaves no dataset (or the old one).
 * Order inside the build: {@code input_regions.arrow}, genotypes (which fix the extended window ends),
 * {@code regions.npy}, tracks, and {@code metadata.json} last.
 */
public final class DatasetWriter {
    private static final Logger LOG = LoggerFactory.getLogger(DatasetWriter.class);
    /** Rough heap bytes per variant row held for the whole write (alleles, positions, ILEN). */
    private static final long INDEX_BYTES_PER_ROW = 96;

    private DatasetWriter() {
    }

    public static void write(Path dest, WriteOptions o) {
        try (VariantSource variants = o.variants() != null ? o.variants()
                : o.variantFile() != null ? VariantSources.open(o.variantFile(), o.infoFields()) : null) {
            run(dest, o, variants);
        }
    }

    private static void run(Path dest, WriteOptions o, VariantSource variants) {
        if (variants == null && o.tracks().isEmpty() && o.annotations().isEmpty()) {
            throw new WriteException("At least one of variants, tracks or annotation tracks must be provided.",
                    "give a variant file and/or tracks.");
        }
        TrackInputs.checkUniqueNames(o.tracks(), o.annotations());
        if (Files.exists(dest)) {
            if (!o.overwrite()) {
                throw new DatasetExistsException(DatasetPublisher.alreadyExists(dest));
            }
            DatasetPublisher.requireDataset(dest);
        }
        BedFile bed = BedReader.read(o.regions());
        if (bed.size() == 0) {
            throw new InputFormatException(o.regions(), "", "No regions found in the BED file.",
                    "give at least one region (chrom, chromStart, chromEnd).");
        }
        RegionSet regions = RegionSet.of(bed, o.maxJitter());
        if (o.reference() != null) {
            ContigChecks.againstReference(o.regions(), regions, o.reference());
        }
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
        long taskBudget = taskBudget(o, rows, samples.size(), variants);
        LOG.info("write {}: {} regions, {} samples, {} variants; memory budget {} MiB over {} threads ({} MiB of "
                + "decoded calls per task)", dest, regions.size(), samples.size(), rows == null ? 0 : rows.size(),
                o.maxMem() >> 20, o.threads(), taskBudget >> 20);
        Progress progress = new Progress(o.progress());
        Path gvlIndex = null;
        if (o.reuseGvlIndex()) {
            if (variants == null) {
                throw new WriteException("reuseGvlIndex needs a VCF or BCF file.", "give variants, or drop the option.");
            }
            gvlIndex = GvlVariantIndex.verified(variants.path(), table);
            LOG.info("storing GenVarLoader's variant index {} as variants.arrow (no INFO fields)", gvlIndex);
        }
        Path finalGvlIndex = gvlIndex;
        VariantTable finalTable = table;
        VariantRows finalRows = rows;
        DatasetPublisher.publish(dest, o.overwrite(), tmp -> {
            InputRegionsTable.of(bed).write(tmp.resolve(DatasetLayout.INPUT_REGIONS));
            try (OrderedChunks exec = new OrderedChunks(o.threads())) {
                int[] ends = regions.qEnd().clone();
                if (variants != null) {
                    Files.createDirectories(DatasetLayout.genotypes(tmp));
                    Path variantsFile = DatasetLayout.genotypes(tmp).resolve(DatasetLayout.VARIANTS);
                    if (finalGvlIndex != null) {
                        Files.copy(finalGvlIndex, variantsFile);
                    } else {
                        finalTable.write(variantsFile, variants.infoColumns());
                    }
                    int[] sampleIndexes = sampleIndexes(variants, samples);
                    ends = new GenotypeStage(regions, variants, finalRows, recordContigs(regions, finalRows),
                            sampleIndexes, o.extendToLength()).write(tmp, taskBudget, exec, progress);
                    if (variants.hasDosages()) {
                        DosageStage.write(tmp, variants, sampleIndexes, regions.size());
                    }
                }
                Regions stored = regions.toRegions(ends);
                stored.write(tmp.resolve(DatasetLayout.REGIONS));
                for (TrackInputs.Job j : tracks.jobs()) {
                    TrackInputs.write(j, tmp, regions.contigs(), stored, o.maxMem(), exec, progress);
                }
            }
            DatasetMetadata.of(samples, regions.contigs(), regions.size(),
                    variants == null ? null : variants.ploidy(), o.maxJitter())
                    .write(tmp.resolve(DatasetLayout.METADATA));
        });
    }

    /** Bytes of decoded calls one worker may hold: what the variant index leaves of the budget, per thread. */
    private static long taskBudget(WriteOptions o, VariantRows rows, int samples, VariantSource variants) {
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

    private static int[] recordContigs(RegionSet regions, VariantRows rows) {
        int[] out = new int[regions.contigs().size()];
        for (int c = 0; c < out.length; c++) {
            out[c] = rows.contigIndex(regions.contigs().get(c));
        }
        return out;
    }

    private static int[] sampleIndexes(VariantSource variants, List<String> samples) {
        java.util.Map<String, Integer> index = new java.util.HashMap<>();
        List<String> all = variants.samples();
        for (int i = all.size() - 1; i >= 0; i--) {
            index.put(all.get(i), i);
        }
        return samples.stream().mapToInt(index::get).toArray();
    }
}
