package io.gvl.write.spec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gvl.format.DatasetMetadata.VariantsFingerprint;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.format.build.PartGrid;
import io.gvl.format.build.PartManifest;
import io.gvl.format.build.WriteParts;
import io.gvl.format.build.WriteShards;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A write cut into parts that separate tasks (threads, processes or cluster executors) can write independently,
 * then {@link #merge()} into one dataset. The plan fixes the sorted regions in region blocks and the sorted samples
 * in sample blocks; the variant table, the BED table and the unextended windows are written once, up front, into
 * the staging directory, and the table's fingerprint is recorded so every part and the merge can check they index
 * that table. The staging directory is the dataset's build directory {@code <name>.tmp.<pid>-<hex>} beside the
 * destination: only the merge publishes it (by one rename, after removing the parts). From {@link
 * io.gvl.write.Gvl#plan} until {@link #merge()} publishes or {@link #discard()} removes it, the plan holds the
 * destination's lock (in this process and, through the sibling {@code <name>.lock}, across processes), so another write
 * of the same destination waits instead of sweeping the parts; a plan read back with {@link #fromJson} holds no lock.
 * {@link io.gvl.write.PartWriter} writes one part from the plan alone; a plan whose inputs are all files ({@link
 * #portable()}) serializes to JSON ({@link #toJson()}).
 *
 * <p>Genotype parts come first: a region's stored window end is the largest extended end over all samples, so the
 * track parts of a region block read the window ends of that block's genotype parts. Immutable and thread-safe.
 *
 * @param dest the dataset directory the merge publishes
 * @param staging the staging directory, a build directory beside {@code dest}, holding the staged files and parts
 * @param overwrite whether the merge may replace an existing dataset at {@code dest}
 * @param regions the BED file
 * @param variantFile the variant file, or {@code null} (no variants, or a variant source that is not a file)
 * @param infoFields INFO fields stored as variant fields
 * @param allowMissingContigs accept BED contigs the variants lack
 * @param maxJitter jitter padding {@code J}
 * @param maxMem memory budget in bytes of one running part (decoded calls and track cells)
 * @param extendToLength whether windows are extended to make up deletions
 * @param threads worker threads of a local write
 * @param samples the dataset samples, sorted
 * @param contigs the natural-sorted BED contigs
 * @param nRegions the number of regions
 * @param ploidy the ploidy with genotypes, else {@code null}
 * @param nVariants the number of variant table rows (0 without variants)
 * @param dosages whether genotype parts store dosages
 * @param variantsFingerprint fingerprint of the staged {@code variants.arrow}, or {@code null}
 * @param regionBlockSizes regions in each region block, in sorted order
 * @param sampleBlockSizes samples in each sample block, in sorted order
 * @param trackNames sample track names
 * @param annotationNames annotation track names
 * @param bigWigs the sample tracks when all are bigWig tracks, else {@code null}
 * @param annotations the annotation tracks
 * @param unportable why another process cannot write parts from this plan alone, naming the input and the
 *     reason (a variant source given as an object, or a sample track that is not a bigWig track), or {@code null}
 *     when it can ({@link #portable()})
 * @param rowRanges the variant rows each region block's parts read, or {@code null} without variants
 */
public record WritePlan(Path dest, Path staging, boolean overwrite, Path regions, Path variantFile,
                        List<String> infoFields, boolean allowMissingContigs, int maxJitter, long maxMem,
                        boolean extendToLength, int threads, List<String> samples, List<String> contigs,
                        int nRegions, Integer ploidy, int nVariants, boolean dosages,
                        VariantsFingerprint variantsFingerprint, int[] regionBlockSizes, int[] sampleBlockSizes,
                        List<String> trackNames, List<String> annotationNames, List<BigWigs> bigWigs,
                        List<AnnotationTrack> annotations, String unportable, RowRanges rowRanges) {

    /** Jackson's data binding, made when a plan is first serialized (a local write never does). */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    /** Copies the arrays and lists. */
    public WritePlan {
        regionBlockSizes = regionBlockSizes.clone();
        sampleBlockSizes = sampleBlockSizes.clone();
        infoFields = List.copyOf(infoFields);
        samples = List.copyOf(samples);
        contigs = List.copyOf(contigs);
        trackNames = List.copyOf(trackNames);
        annotationNames = List.copyOf(annotationNames);
        bigWigs = bigWigs == null ? null : List.copyOf(bigWigs);
        annotations = List.copyOf(annotations);
    }

    /**
     * The variant table rows each region block's parts read, so a part loads its rows rather than the whole table.
     * A block holds one range per record contig its regions lie on: from the first row that can overlap its first
     * window on that contig to past the last row any haplotype's extend-to-length walk can reach from its windows
     * there (the driver bounds the walk from positions and ILENs alone, as if every haplotype carried every variant,
     * so the bound holds whatever the genotypes). Also records the contigs of the whole table, so row numbers and
     * contig matching stay those of the whole table, and the variant file's size and modification time, by which a
     * part notices that the file changed since the plan.
     *
     * @param contigs the record contigs of the variant table, in table order
     * @param maxSpans the longest REF span of each contig, in bases
     * @param blocks per region block, the flat triples {@code (contig, fromRow, toRow)}: contig index into
     *     {@code contigs} and the half-open row range, one triple per contig the block's regions lie on
     * @param sourceBytes the size of the variant file when the plan was made
     * @param sourceModified its last modification time then, in milliseconds since the epoch
     */
    public record RowRanges(List<String> contigs, int[] maxSpans, int[][] blocks, long sourceBytes,
                            long sourceModified) {
        /** Copies the lists and arrays. */
        public RowRanges {
            contigs = List.copyOf(contigs);
            maxSpans = maxSpans.clone();
            int[][] copy = new int[blocks.length][];
            for (int b = 0; b < blocks.length; b++) {
                copy[b] = blocks[b].clone();
            }
            blocks = copy;
        }

        /**
         * The longest REF span of each contig.
         *
         * @return a copy, one value per contig
         */
        @Override
        public int[] maxSpans() {
            return maxSpans.clone();
        }

        /**
         * The row ranges of every region block.
         *
         * @return a copy: per block, flat {@code (contig, fromRow, toRow)} triples
         */
        @Override
        public int[][] blocks() {
            int[][] copy = new int[blocks.length][];
            for (int b = 0; b < blocks.length; b++) {
                copy[b] = blocks[b].clone();
            }
            return copy;
        }

        /**
         * The number of rows region block {@code block}'s parts may read.
         *
         * @param block a region block of the plan
         * @return the sum of its ranges' lengths
         */
        public long rows(int block) {
            long n = 0;
            for (int i = 0; i < blocks[block].length; i += 3) {
                n += blocks[block][i + 2] - blocks[block][i + 1];
            }
            return n;
        }
    }

    /**
     * One part of the plan: a block of regions by a block of samples, of one kind.
     *
     * @param kind        what the part holds (genotypes or one track's intervals)
     * @param regionBlock index of the block of sorted regions
     * @param sampleBlock index of the block of sorted samples
     */
    public record Part(String kind, int regionBlock, int sampleBlock) {
        /**
         * The part's directory name under the staging directory's {@code parts/}.
         *
         * @return {@code <kind>-r<regionBlock>-s<sampleBlock>}
         */
        public String name() {
            return PartManifest.name(kind, regionBlock, sampleBlock);
        }
    }

    /**
     * Whether another process can write parts from this plan alone: every input is a file the plan names, and
     * every sample track a bigWig track.
     *
     * @return {@code true} when {@link #unportable()} is {@code null}
     */
    public boolean portable() {
        return unportable == null;
    }

    /**
     * The grid the merge checks the parts against.
     *
     * @return the grid
     */
    public PartGrid grid() {
        return new PartGrid(regionBlockSizes, sampleBlockSizes, DatasetMetadata.of(samples, contigs, nRegions,
                ploidy, maxJitter), variantsFingerprint, trackNames, annotationNames, dosages);
    }

    /**
     * Every part: the genotype parts (if there are variants), then the track parts (if there are tracks), each
     * region block by region block.
     *
     * @return the parts in an order a serial writer can follow
     */
    public List<Part> parts() {
        List<Part> out = new ArrayList<>();
        PartGrid g = grid();
        for (String kind : List.of(PartManifest.GENOTYPES, PartManifest.TRACKS)) {
            if (kind.equals(PartManifest.GENOTYPES) ? !g.genotypes() : !g.hasTracks()) {
                continue;
            }
            for (int b = 0; b < regionBlockSizes.length; b++) {
                for (int j = 0; j < sampleBlockSizes.length; j++) {
                    out.add(new Part(kind, b, j));
                }
            }
        }
        return out;
    }

    /**
     * The same plan with its parts published under another staging directory: a task that cannot see the driver's
     * staging directory (an executor writing to an object store) writes its part into a local copy of the staged
     * files and uploads it from there.
     *
     * @param localStaging the directory to write parts under; it must hold the staged {@code parts/regions.npy}, a
     *     {@code parts/variant-rows.bin} of the table's length holding at least the part's region block's
     *     {@link #rowRanges() row ranges} (with variants), and, for a track part, its region block's genotype parts
     * @return the plan with {@link #staging()} replaced
     */
    public WritePlan withStaging(Path localStaging) {
        return new WritePlan(dest, localStaging, overwrite, regions, variantFile, infoFields, allowMissingContigs,
                maxJitter, maxMem, extendToLength, threads, samples, contigs, nRegions, ploidy, nVariants, dosages,
                variantsFingerprint, regionBlockSizes, sampleBlockSizes, trackNames, annotationNames, bigWigs,
                annotations, unportable, rowRanges);
    }

    /**
     * Joins the parts into the dataset at {@link #dest()}, publishes it atomically and removes the staging
     * directory.
     *
     * @throws io.gvl.format.PartException if a part is missing, published twice or written for another variant
     *     table; nothing is published and the staging directory is kept
     * @throws io.gvl.format.DatasetExistsException if the destination exists and overwrite was not requested; the
     *     staging directory is kept
     * @throws java.io.UncheckedIOException if joining or publishing fails; nothing is published and the staging
     *     directory is removed
     */
    public void merge() {
        WriteParts.merge(dest, overwrite, staging, grid());
        discard();
    }

    /**
     * Publishes the parts at {@link #dest()} as a sharded dataset instead of merging them: one format-2.0 dataset
     * per block under {@code shards/}, made from the block's parts by renames, with the whole dataset's
     * {@code metadata.json}, {@code regions.npy}, {@code input_regions.arrow} and variant table at the root and
     * {@code manifest.json} written last (see {@link WriteShards}). {@code Dataset.open} opens the root as one
     * dataset; {@code Gvl.export} turns it into the single directory {@link #merge()} would have published.
     *
     * @throws io.gvl.format.PartException if a part is missing, published twice or written for another variant
     *     table; nothing is published and the staging directory is kept
     * @throws io.gvl.format.DatasetExistsException if the destination exists and overwrite was not requested; the
     *     staging directory is kept
     * @throws java.io.UncheckedIOException if publishing fails; nothing is published and the staging directory is
     *     removed
     */
    public void publishSharded() {
        WriteShards.publish(dest, overwrite, staging, grid());
        discard();
    }

    /**
     * Removes the staging directory and every part in it and gives up the destination's lock; harmless when already
     * removed.
     */
    public void discard() {
        DatasetPublisher.discardBuild(staging);
    }

    /**
     * The plan as JSON.
     *
     * @return the JSON text
     * @throws WriteException if the plan is not {@link #portable()}; the message names the input and why
     */
    public String toJson() {
        if (!portable()) {
            throw new WriteException("the write plan for " + dest + " cannot be serialized: " + unportable + ".",
                    "give the variants as a VCF, BCF or PGEN file and the sample tracks as bigWigs, or write the"
                    + " parts in this process (Gvl.write).");
        }
        try {
            return Json.MAPPER.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the write plan", e);
        }
    }

    /**
     * Reads a plan written by {@link #toJson()}.
     *
     * @param json the JSON text
     * @return the plan
     * @throws WriteException if the text is not a write plan
     */
    public static WritePlan fromJson(String json) {
        try {
            return Json.MAPPER.readValue(json, WritePlan.class);
        } catch (JsonProcessingException e) {
            throw new WriteException("the text is not a write plan (" + e.getOriginalMessage() + ").",
                    "pass the JSON that WritePlan.toJson wrote.");
        }
    }

    /**
     * The write options a part writer in another process opens the inputs with.
     *
     * @return options naming the plan's input files and samples
     * @throws WriteException if the plan is not {@link #portable()}
     */
    public WriteOptions options() {
        if (!portable()) {
            throw new WriteException("the write plan for " + dest + " cannot be reopened in another process: "
                    + unportable + ".", "write the parts in the process that made the plan.");
        }
        WriteOptions.Builder b = WriteOptions.builder(regions).samples(samples).maxJitter(maxJitter).maxMem(maxMem)
                .extendToLength(extendToLength).allowMissingContigs(allowMissingContigs)
                .infoFields(infoFields.toArray(String[]::new)).overwrite(true);
        if (variantFile != null) {
            b.variants(variantFile);
        }
        bigWigs.forEach(b::track);
        annotations.forEach(b::annotation);
        return b.build();
    }
}
