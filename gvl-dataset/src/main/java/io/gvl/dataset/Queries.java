package io.gvl.dataset;

import io.gvl.core.kernel.RowParallelism;
import io.gvl.dataset.internal.Instances;
import io.gvl.dataset.internal.OpenedDataset;
import io.gvl.dataset.internal.OutputKind;
import io.gvl.dataset.internal.Reconstruction;
import io.gvl.dataset.internal.ShardBatch;
import io.gvl.dataset.internal.SplicedInstances;
import io.gvl.dataset.internal.ViewState;
import io.gvl.dataset.internal.ViewValidation;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.Parallel;
import java.util.Arrays;
import java.util.function.BiFunction;

/**
 * The steps every {@link Dataset} query takes, kept apart from the API: resolve the instances (spliced or not),
 * check the view and the genotypes they touch, take the stores they read ({@link ShardBatch}: the dataset's own
 * arrays, or a sharded root's copy of the touched slots) and reconstruct them in the view's parallelism mode into
 * {@link QueryMemory}.
 */
final class Queries {
    private Queries() {}

    /** Element-wise pairs, outputs shaped {@code shape}. */
    static DatasetOutput pairs(OpenedDataset opened, ViewState view, QueryMemory memory, int[] regions, int[] samples,
            long[] shape) {
        if (view.spliced()) {
            return spliced(opened, view, memory, SplicedInstances.pairs(opened, view, regions, samples, shape));
        }
        return unspliced(opened, view, memory, Instances.pairs(opened, view, regions, samples, shape));
    }

    /** The outer product of {@code regions} and {@code samples}. */
    static DatasetOutput grid(OpenedDataset opened, ViewState view, QueryMemory memory, int[] regions, int[] samples) {
        if (view.spliced()) {
            return spliced(opened, view, memory, SplicedInstances.grid(opened, view, regions, samples));
        }
        return unspliced(opened, view, memory, Instances.grid(opened, view, regions, samples));
    }

    /** Refuses a leading shape that does not hold exactly {@code pairs} instances. */
    static void checkLeadingShape(long[] leadingShape, int pairs) {
        long product = 1;
        for (long d : leadingShape) {
            if (d < 0) {
                throw new IllegalArgumentException("leading shape " + Arrays.toString(leadingShape)
                        + " has a negative dimension");
            }
            product *= d;
        }
        if (product != pairs) {
            throw new IllegalArgumentException("leading shape " + Arrays.toString(leadingShape) + " holds " + product
                    + " instances but " + pairs + " pairs were given");
        }
    }

    /** Bytes one instance occupies in a query's outputs (see {@link Dataset#outputBytes(int, int)}). */
    static long outputBytes(OpenedDataset opened, ViewState view, int region, int sample) {
        opened.ensureOpen();
        opened.checkMappedFiles();
        Instances one = view.spliced() ? SplicedInstances.pairs(opened, view, new int[] {region},
                new int[] {sample}, new long[0]).elements()
                : Instances.pairs(opened, view, new int[] {region}, new int[] {sample}, new long[0]);
        opened.checkGenotypes(one.cells());
        return opened.readMapped(() -> {
            try (ShardBatch batch = ShardBatch.of(opened, view, one)) {
                OutputKind kind = OutputKind.of(view.seqs());
                return view.spliced() ? kind.splicedBytes(batch.dataset(), view, batch.instances())
                        : kind.instanceBytes(batch.dataset(), view, batch.instances(), 0);
            }
        });
    }

    /**
     * A per-region statistic of the pairs {@code (regions[i], samples[i])}, computed over the stores they read
     * ({@code what} names it for the spliced-view refusal).
     */
    static <T> T statistic(OpenedDataset opened, ViewState view, String what, int[] regions, int[] samples,
            BiFunction<OpenedDataset, Instances, T> statistic) {
        opened.ensureOpen();
        opened.checkMappedFiles();
        if (view.spliced()) {
            throw new IllegalStateException(what + " is defined per region, not per spliced row: call"
                    + " withoutSplicing() first");
        }
        Instances pairs = Instances.pairs(opened, view, regions, samples, new long[] {regions.length});
        // The statistics read the same offsets a query reads: a damaged file is named here too.
        opened.checkGenotypes(pairs.cells());
        opened.checkTracks(view.activeTracks(), pairs);
        return opened.readMapped(() -> {
            try (ShardBatch batch = ShardBatch.of(opened, view, pairs)) {
                return statistic.apply(batch.dataset(), batch.instances());
            }
        });
    }

    private static DatasetOutput spliced(OpenedDataset opened, ViewState view, QueryMemory memory,
            SplicedInstances inst) {
        opened.ensureOpen();
        opened.checkMappedFiles();
        ViewValidation.checkQuery(opened, view);
        opened.checkGenotypes(inst.elements().cells());
        opened.checkTracks(view.activeTracks(), inst.elements());
        RowParallelism.Mode mode = mode(view.parallel());
        return opened.readMapped(() -> {
            try (ShardBatch batch = ShardBatch.of(opened, view, inst.elements())) {
                SplicedInstances addressed = new SplicedInstances(batch.instances(), inst.pairOffsets(),
                        inst.leadingShape(), inst.pairGroup());
                return memory.run(arena -> RowParallelism.withMode(mode,
                        () -> Reconstruction.runSpliced(batch.dataset(), view, addressed, arena)),
                        inst.leadingShape());
            }
        });
    }

    private static DatasetOutput unspliced(OpenedDataset opened, ViewState view, QueryMemory memory,
            Instances inst) {
        opened.ensureOpen();
        opened.checkMappedFiles();
        ViewValidation.checkQuery(opened, view);
        opened.checkGenotypes(inst.cells());
        opened.checkTracks(view.activeTracks(), inst);
        RowParallelism.Mode mode = mode(view.parallel());
        return opened.readMapped(() -> {
            try (ShardBatch batch = ShardBatch.of(opened, view, inst)) {
                return memory.run(arena -> RowParallelism.withMode(mode,
                        () -> Reconstruction.run(batch.dataset(), view, batch.instances(), arena)),
                        inst.leadingShape());
            }
        });
    }

    private static RowParallelism.Mode mode(Parallel p) {
        return switch (p) {
            case TRUE -> RowParallelism.Mode.ALWAYS;
            case FALSE -> RowParallelism.Mode.NEVER;
            case AUTO -> RowParallelism.Mode.AUTO;
        };
    }
}
