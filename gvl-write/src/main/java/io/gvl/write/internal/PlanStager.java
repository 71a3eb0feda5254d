package io.gvl.write.internal;

import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata.VariantsFingerprint;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.format.io.VariantTableFile;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.Hdf5Track;
import io.gvl.write.spec.SampleTrack;
import io.gvl.write.spec.TableTrack;
import io.gvl.write.spec.VariantSource;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntUnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes a {@link WritePlan}: cuts the checked inputs into blocks and writes what every part shares once, into the
 * staging directory, which is the dataset's build directory {@code <name>.tmp.<pid>-<hex>} (so a killed write leaves
 * only what the next write sweeps): {@code input_regions.arrow} and {@code genotypes/variants.arrow} where the
 * dataset keeps them, and under {@code parts/} the unextended windows {@code regions.npy} and {@code plan.json} when
 * the plan is portable. The variant table's fingerprint goes into the plan.
 */
public final class PlanStager {
    private static final Logger LOG = LoggerFactory.getLogger(PlanStager.class);
    /** The plan's file name under the staging directory's {@code parts/}. */
    public static final String PLAN = "plan.json";

    private PlanStager() {
    }

    /** Opens the inputs of {@code o}, checks them and stages the plan in a new build directory of {@code dest}. */
    public static WritePlan create(Path dest, WriteOptions o, int regionsPerBlock, int samplesPerBlock) {
        if (LinkedStoreWrite.handles(o)) {
            throw new WriteException("a write plan in parts does not take a linked store (" + o.variantFile()
                    + "); its ranges are computed in one pass.", "write it with Gvl.write.");
        }
        try (VariantSource variants = open(o)) {
            WriteInputs in = WriteInputs.read(dest, o, variants);
            checkBlocks(regionsPerBlock, samplesPerBlock);
            Path staging = DatasetPublisher.newBuildDirectory(dest);
            try {
                return stage(dest, in, regionsPerBlock, samplesPerBlock, staging, true);
            } catch (IOException e) {
                delete(staging);
                throw new UncheckedIOException(staging + ": cannot stage the write plan ("
                        + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")", e);
            } catch (RuntimeException | Error e) {
                delete(staging);
                throw e;
            }
        }
    }

    /** The variant source of {@code o}: the given object, or the file opened, or {@code null}. */
    static VariantSource open(WriteOptions o) {
        return o.variants() != null ? o.variants()
                : o.variantFile() != null ? VariantSourceFiles.open(o.variantFile(), o.infoFields()) : null;
    }

    /** Refuses block sizes below 1. */
    static void checkBlocks(int regionsPerBlock, int samplesPerBlock) {
        if (regionsPerBlock < 1 || samplesPerBlock < 1) {
            throw new WriteException("block sizes must be at least 1, got " + regionsPerBlock + " regions and "
                    + samplesPerBlock + " samples per block.", "give block sizes of 1 or more.");
        }
    }

    /**
     * Stages checked inputs into the existing, empty build directory {@code staging} as a plan of blocks of the
     * given sizes; the caller removes {@code staging} on failure. With {@code forTasks} (a plan whose parts other
     * tasks write) a portable plan also goes to {@code parts/plan.json}, and with variants records each block's
     * variant rows and stages the row file they are read from; a local write's parts share the in-memory plan and
     * the whole table instead.
     */
    static WritePlan stage(Path dest, WriteInputs in, int regionsPerBlock, int samplesPerBlock, Path staging,
                           boolean forTasks) throws IOException {
        WriteOptions o = in.options();
        Path target = dest.toAbsolutePath().normalize();
        Path gvlIndex = null;
        if (o.reuseGvlIndex()) {
            if (in.variants() == null) {
                throw new WriteException("reuseGvlIndex needs a VCF or BCF file.", "give variants, or drop the option.");
            }
            gvlIndex = GvlVariantIndex.verified(in.variants().path(), in.table());
            LOG.info("storing GenVarLoader's variant index {} as variants.arrow (no INFO fields)", gvlIndex);
        }
        Path parts = Files.createDirectories(staging.resolve(DatasetLayout.PARTS));
        InputRegionsFile.write(InputRegionsTable.of(in.bed()), staging.resolve(DatasetLayout.INPUT_REGIONS));
        RegionsFile.write(in.regions().toRegions(in.regions().qEnd()), parts.resolve(DatasetLayout.PART_REGIONS));
        VariantsFingerprint fingerprint = null;
        if (in.variants() != null) {
            Path variantsFile = Files.createDirectories(DatasetLayout.genotypes(staging))
                    .resolve(DatasetLayout.VARIANTS);
            if (gvlIndex != null) {
                Files.copy(gvlIndex, variantsFile);
            } else {
                VariantTableFile.write(in.table(), variantsFile, in.variants().infoColumns());
            }
            fingerprint = VariantTableFile.fingerprint(variantsFile);
        }
        boolean allBigWigs = o.tracks().stream().allMatch(t -> t instanceof BigWigs);
        String unportable = unportable(o);
        int[] regionBlocks = blocks(in.regions().size(), regionsPerBlock);
        WritePlan.RowRanges rowRanges = null;
        if (forTasks && unportable == null && in.variants() != null) {
            rowRanges = RowRangePlanner.plan(in.rows(), in.regions(), in.recordContigs(), regionBlocks,
                    o.extendToLength(), in.variants().path());
            IntUnaryOperator record = in.variants() instanceof PgenVariantSource pgen ? pgen::record : row -> row;
            VariantRowFile.write(in.rows(), record, parts.resolve(DatasetLayout.PART_VARIANT_ROWS));
        }
        WritePlan plan = new WritePlan(target, staging, o.overwrite(), o.regions().toAbsolutePath(),
                o.variantFile() == null ? null : o.variantFile().toAbsolutePath(), o.infoFields(),
                o.allowMissingContigs(), o.maxJitter(), o.maxMem(), o.extendToLength(), o.threads(),
                in.samples(), in.regions().contigs(), in.regions().size(),
                in.variants() == null ? null : in.variants().ploidy(), in.rows() == null ? 0 : in.rows().size(),
                in.variants() != null && in.variants().hasDosages(), fingerprint,
                regionBlocks, blocks(in.samples().size(), samplesPerBlock),
                o.tracks().stream().map(SampleTrack::name).toList(),
                o.annotations().stream().map(a -> a.name()).toList(),
                allBigWigs ? o.tracks().stream().map(t -> (BigWigs) t).toList() : null, o.annotations(),
                unportable, rowRanges);
        if (forTasks && unportable == null) {
            Files.writeString(parts.resolve(PLAN), plan.toJson());
        }
        return plan;
    }

    /**
     * Why another process could not reopen the inputs of {@code o} from a plan: the first input the plan cannot
     * carry and the reason, or {@code null} when every input is a file the plan names.
     */
    private static String unportable(WriteOptions o) {
        if (o.variants() != null) {
            return "its variants are a " + o.variants().getClass().getSimpleName() + " object given to"
                    + " WriteOptions.variants(VariantSource), which only this process holds";
        }
        for (SampleTrack t : o.tracks()) {
            if (t instanceof Hdf5Track) {
                return "sample track '" + t.name() + "' is an HDF5 track, and a plan carries only bigWig sample"
                        + " tracks";
            }
            if (t instanceof TableTrack) {
                return "sample track '" + t.name() + "' is an interval-table track, and a plan carries only bigWig"
                        + " sample tracks";
            }
        }
        return null;
    }

    /** Block sizes covering {@code n} items; one empty block when there are none (an annotation-only dataset). */
    private static int[] blocks(int n, int size) {
        if (n == 0) {
            return new int[] {0};
        }
        IntArrayList out = new IntArrayList();
        for (int from = 0; from < n; from += size) {
            out.add(Math.min(size, n - from));
        }
        return out.toIntArray();
    }

    /**
     * Removes a staging directory and everything under it, then gives up the destination lock it holds; harmless
     * when it is gone.
     */
    public static void delete(Path staging) {
        DatasetPublisher.discardBuild(staging);
    }

}
