package io.gvl.write.internal;

import io.gvl.format.DatasetExistsException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.VariantTable;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.io.InputFormatException;
import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedReader;
import io.gvl.write.spec.VariantSource;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Every input of a write, read and checked before anything is written (as GVL's {@code _dataset/_write.py} does): the sorted regions, the
 * variant table and its rows, the resolved samples and the track jobs. Both the plan and each part are built from
 * it, so a part written by another process sees the same regions, rows and samples as the plan.
 *
 * @param options the write options
 * @param bed the BED as read
 * @param regions the sorted regions with jittered windows
 * @param variants the open variant source (owned by the caller), or {@code null}
 * @param table its variant table, or {@code null} (no variants, or one part's inputs)
 * @param rows its per-row numbers (the whole table, or one part's rows), or {@code null}
 * @param samples the dataset samples, sorted
 * @param sampleIndexes each dataset sample's column in the variant source, or {@code null}
 * @param tracks the track jobs
 */
public record WriteInputs(WriteOptions options, BedFile bed, RegionSet regions, VariantSource variants,
                          VariantTable table, VariantRows rows, List<String> samples, int[] sampleIndexes,
                          TrackInputs tracks) {
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
        return read(dest, o, variants, false);
    }

    /**
     * As {@link #read(Path, WriteOptions, VariantSource)}; with {@code callsNow} (a write whose genotypes this
     * process decodes next, into {@code dest}) a VCF or BCF source keeps the calls near the regions from its read of
     * the table, so the file is read once.
     */
    static WriteInputs read(Path dest, WriteOptions o, VariantSource variants, boolean callsNow) {
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
            if (variants instanceof VcfVariantSource vcf) {
                vcf.readTableWith(o.threads());
                if (callsNow && dest != null) {
                    keepCalls(vcf, o, regions, dest);
                }
            }
            table = variants.variants();
            UnsupportedVariantCheck.check(table, variants.path());
            if (o.reference() != null && o.refCheck()) {
                RefCheck.check(table, variants.path(), o.reference());
            }
            rows = VariantRows.whole(table, variants.path());
            locate(variants, rows);
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

    /**
     * Has {@code vcf} keep the calls of the write's samples near its regions; nothing when the samples do not
     * resolve (the same error is then raised where it always was, after the table is read).
     */
    private static void keepCalls(VcfVariantSource vcf, WriteOptions o, RegionSet regions, Path dest) {
        int[] selection;
        try {
            selection = sampleIndexes(vcf, SampleResolver.resolve(vcf.samples(), o.tracks(), o.samples()));
        } catch (RuntimeException e) {
            return;
        }
        Path parent = dest.toAbsolutePath().getParent();
        Path spill = parent != null && Files.isDirectory(parent) ? parent
                : Path.of(System.getProperty("java.io.tmpdir"));
        vcf.keepCalls(selection, spill, windows(regions));
    }

    /** Each BED contig's region windows, widened and merged ({@link CarrierCache#windows}). */
    private static Map<String, int[]> windows(RegionSet regions) {
        int[] code = regions.contigCode();
        int[] qStart = regions.qStart();
        int[] order = IntStream.range(0, regions.size()).boxed()
                .sorted(Comparator.<Integer>comparingInt(k -> code[k]).thenComparingInt(k -> qStart[k]))
                .mapToInt(Integer::intValue).toArray();
        Map<String, int[]> out = new HashMap<>();
        int from = 0;
        while (from < order.length) {
            int to = from;
            while (to < order.length && code[order[to]] == code[order[from]]) {
                to++;
            }
            out.put(regions.contigs().get(code[order[from]]), CarrierCache.windows(regions.qStart(), regions.qEnd(),
                    Arrays.copyOfRange(order, from, to)));
            from = to;
        }
        return out;
    }

    /**
     * Reads the inputs of one part of {@code plan} in region block {@code regionBlock}: the regions, samples and
     * tracks as {@link #read} does, but of the variant table only the block's {@link WritePlan.RowRanges row
     * ranges}, from the row file the plan staged, and no table check (the plan made them). {@code table} is then
     * {@code null}.
     *
     * @throws WriteException if the plan has no row ranges (made by an older gvl), its staged row file is missing
     *     or of the wrong size, or the variant file or the samples changed since the plan was made
     */
    public static WriteInputs forPart(WritePlan plan, int regionBlock, VariantSource variants) {
        WriteOptions o = plan.options();
        BedFile bed = readBed(o);
        RegionSet regions = regions(o, bed);
        VariantRows rows = null;
        if (variants != null) {
            rows = partRows(plan, regionBlock, variants);
            locate(variants, rows);
        }
        List<String> samples = SampleResolver.resolve(variants == null ? null : variants.samples(), o.tracks(),
                o.samples());
        if (!samples.equals(plan.samples())) {
            throw changed(plan, samples.size() + " samples now, " + plan.samples().size() + " in the plan");
        }
        TrackInputs tracks = new TrackInputs(o.tracks(), o.annotations(), samples);
        tracks.check(regions.contigs());
        return new WriteInputs(o, bed, regions, variants, null, rows, samples,
                variants == null ? null : sampleIndexes(variants, samples), tracks);
    }

    private static VariantRows partRows(WritePlan plan, int regionBlock, VariantSource variants) {
        WritePlan.RowRanges ranges = plan.rowRanges();
        if (ranges == null) {
            throw new WriteException("the plan in " + plan.staging() + " does not record the variant rows of its"
                    + " region blocks (it was made by an older gvl, or for a write in one process).", "make a new"
                    + " plan with this gvl (Gvl.plan) and write every part again.");
        }
        Path file = plan.staging().resolve(DatasetLayout.PARTS).resolve(DatasetLayout.PART_VARIANT_ROWS);
        try {
            long want = (long) plan.nVariants() * VariantRowFile.ROW_BYTES;
            if (Files.size(file) != want) {
                throw new WriteException(file + " holds " + Files.size(file) + " bytes, not the " + want + " of the"
                        + " plan's " + plan.nVariants() + " variant rows.", "make a new plan and write every part"
                        + " again.");
            }
            Path source = variants.path();
            long bytes = Files.size(source);
            long modified = Files.getLastModifiedTime(source).toMillis();
            if (bytes != ranges.sourceBytes() || modified != ranges.sourceModified()) {
                throw changed(plan, source + " is " + bytes + " bytes modified at " + modified + " ms now, "
                        + ranges.sourceBytes() + " bytes modified at " + ranges.sourceModified() + " ms in the plan");
            }
        } catch (NoSuchFileException e) {
            throw new WriteException(e.getFile() + " is missing: the plan's staging directory " + plan.staging()
                    + " is incomplete.", "make a new plan and write every part again.");
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot check the staged variant rows", e);
        }
        return VariantRows.forBlock(ranges, regionBlock, file, plan.nVariants());
    }

    private static WriteException changed(WritePlan plan, String what) {
        return new WriteException("the inputs of the plan in " + plan.staging() + " changed since it was made (" + what
                + ").", "make a new plan and write every part again.");
    }

    /**
     * A VCF or BCF source reads a run of rows by where the write's rows say they lie; a PGEN part's source decodes
     * the records its staged rows name.
     */
    private static void locate(VariantSource variants, VariantRows rows) {
        if (variants instanceof VcfVariantSource vcf) {
            vcf.locateRows(rows);
        } else if (variants instanceof PgenVariantSource pgen && rows.partRows()) {
            pgen.locateRows(rows);
        }
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
     * Bytes of decoded calls one worker may hold: what the variant rows leave of the budget, per thread. A whole
     * table is charged for every row with its alleles; a part's rows for the rows of its ranges.
     *
     * @param samples the samples one part decodes
     */
    long taskBudget(int samples) {
        WriteOptions o = options;
        if (rows == null) {
            return o.maxMem();
        }
        long index = rows.heapBytes();
        long left = o.maxMem() - index;
        long oneVariant = GenotypeWindow.rowBytes(samples, variants.ploidy());
        if (left < oneVariant) {
            throw new WriteException("max_mem (" + o.maxMem() + " bytes) is too small: the variant index alone"
                    + " consumes about " + index + " bytes" + (rows.partRows() ? " (the rows of this part's region"
                    + " block)" : "") + " and one variant of all samples needs " + oneVariant + ".",
                    rows.partRows() ? "raise max_mem, or plan smaller region blocks." : "raise max_mem.");
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
