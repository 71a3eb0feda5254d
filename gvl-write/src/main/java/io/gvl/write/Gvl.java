package io.gvl.write;

import io.gvl.format.ConcatAxis;
import io.gvl.format.build.DatasetConcat;
import io.gvl.format.build.WriteShards;
import io.gvl.write.internal.DatasetWriter;
import io.gvl.write.internal.PlanStager;
import io.gvl.write.internal.TrackUpdater;
import io.gvl.write.spec.UpdateOptions;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.nio.file.Path;
import java.util.List;

/**
 * Entry points that create, extend and join GenVarLoader-format datasets, the Java counterparts of
 * {@code gvl.write}, {@code gvl.update} and {@code gvl.concat}. All are atomic: on any failure the destination is left as it was.
 */
public final class Gvl {
    private Gvl() {
    }

    /**
     * Writes a dataset at {@code path} from BED regions, optional phased variants and tracks.
     *
     * @throws io.gvl.io.InputFormatException     an input file is malformed or inconsistent (names file and record)
     * @throws WriteException   the request cannot be satisfied (samples, names, memory)
     * @throws io.gvl.format.DatasetExistsException {@code path} exists and overwrite was not requested
     * @param path the dataset directory to create (or replace, with overwrite)
     * @param options the inputs and write settings
     */
    public static void write(Path path, WriteOptions options) {
        DatasetWriter.write(path, options);
    }

    /**
     * Plans a write in parts (see {@link WritePlan}): checks the inputs of a write, stages the variant table, BED table
     * and windows, and returns the plan.
     *
     * @param dest the dataset directory to publish at the merge
     * @param options the write options (a variant source given as an object makes the plan non-portable)
     * @param regionsPerBlock sorted regions per region block, {@code >= 1}
     * @param samplesPerBlock sorted samples per sample block, {@code >= 1}
     * @return the plan; its staging directory exists, and the destination's lock is held, until
     *     {@link WritePlan#merge()} publishes or {@link WritePlan#discard()}; waits first while another write of
     *     {@code dest} runs
     * @throws WriteException if the request cannot be satisfied or a block size is below 1
     * @throws io.gvl.io.InputFormatException if an input file is malformed
     * @throws io.gvl.format.DatasetExistsException if {@code dest} exists and overwrite was not requested
     */
    public static WritePlan plan(Path dest, WriteOptions options, int regionsPerBlock, int samplesPerBlock) {
        return PlanStager.create(dest, options, regionsPerBlock, samplesPerBlock);
    }

    /**
     * Adds tracks to the dataset at {@code path}; genotypes, regions and metadata stay untouched.
     *
     * @throws io.gvl.io.InputFormatException     a track file is malformed, or {@code path} is not a dataset
     * @throws WriteException   a track does not list exactly the dataset's samples, or names clash
     * @throws io.gvl.format.DatasetExistsException a track of that name exists and overwrite was not requested
     * @param path an existing dataset directory
     * @param options the tracks to add and update settings
     */
    public static void update(Path path, UpdateOptions options) {
        TrackUpdater.update(path, options);
    }

    /**
     * Adds track {@code newTrack} to the dataset at {@code path}: the intervals of {@code existingTrack} with values
     * from {@code transform} (the feature GVL documents as {@code write_transformed_track}; GVL 0.43.1 raises
     * {@code NotImplementedError}). The new track has the existing one's kind (per-sample or annotation) and is
     * published atomically; a {@code Dataset} already open does not see it until reopened.
     *
     * @param path an existing dataset directory
     * @param newTrack the new track's name
     * @param existingTrack the track whose intervals are transformed
     * @param transform the per-cell value transform
     * @param overwrite replace a track named {@code newTrack} if there is one
     * @throws WriteException there is no such track, or the name is unusable or taken by the other
     *         kind
     * @throws io.gvl.format.DatasetExistsException {@code newTrack} exists and overwrite was not requested
     * @throws io.gvl.format.DatasetFormatException {@code path} is not a readable dataset
     */
    public static void writeTransformedTrack(Path path, String newTrack, String existingTrack,
                                             io.gvl.write.spec.TrackTransform transform, boolean overwrite) {
        io.gvl.write.internal.TransformedTrackWriter.write(path, newTrack, existingTrack,
                java.util.Objects.requireNonNull(transform, "transform"), overwrite);
    }

    /**
     * Joins datasets written separately, by region blocks or by sample batches, into one dataset at {@code out},
     * byte-identical to GenVarLoader 0.43.1's {@code concat} of the same inputs (see {@link DatasetConcat}).
     *
     * @throws io.gvl.format.ConcatException the inputs cannot be joined (they differ in samples, regions, variant
     *     table, ploidy, jitter, contigs or tracks, or overlap in samples); names the input and the fix
     * @throws io.gvl.format.DatasetExistsException {@code out} exists and overwrite was not requested
     * @throws io.gvl.format.DatasetFormatException an input's files are inconsistent
     * @param out the dataset directory to create (or replace, with overwrite); not one of the inputs
     * @param datasets two or more dataset directories written by gvl or GenVarLoader
     * @param axis {@link ConcatAxis#REGIONS} (same samples, regions added) or {@link ConcatAxis#SAMPLES} (same
     *     regions, disjoint samples added)
     * @param overwrite whether an existing dataset at {@code out} may be replaced
     * @param maxMem memory budget in bytes, {@code > 0}; the join streams and needs only small buffers
     */
    public static void concat(Path out, List<Path> datasets, ConcatAxis axis, boolean overwrite, long maxMem) {
        DatasetConcat.concat(out, datasets, axis, overwrite, maxMem);
    }

    /**
     * Joins a sharded dataset (a root with {@code manifest.json} and one format-2.0 dataset per shard, as
     * {@code GvlSpark.writeSharded} or {@link io.gvl.write.spec.WritePlan#publishSharded()} write it) into one
     * format-2.0 directory: the files a local {@link #write} of the same inputs makes, byte for byte. The shards'
     * arrays are streamed; the output is built beside {@code out} and published by one rename.
     *
     * @param root the sharded dataset
     * @param out the dataset directory to create
     * @param overwrite whether an existing dataset at {@code out} may be replaced
     * @throws io.gvl.format.DatasetFormatException if {@code root} is not sharded or a shard is inconsistent (the
     *     message names the shard); nothing is published
     * @throws io.gvl.format.DatasetExistsException if {@code out} exists and {@code overwrite} is false
     */
    public static void export(Path root, Path out, boolean overwrite) {
        WriteShards.export(root, out, overwrite);
    }
}
