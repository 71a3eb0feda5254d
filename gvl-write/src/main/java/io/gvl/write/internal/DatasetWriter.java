package io.gvl.write.internal;

import io.gvl.format.build.DatasetPublisher;
import io.gvl.format.build.PartManifest;
import io.gvl.format.build.WriteParts;
import io.gvl.write.spec.VariantSource;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The write pipeline (GVL's {@code write} in {@code _dataset/_write.py}) as plan, parts and merge: every input is read and checked first; then, holding the
 * destination's lock, the plan stages what all parts share in the dataset's build directory, the parts are written
 * there (genotype parts, then track parts, each kind in parallel), and the merge completes the dataset in that
 * directory, which is published by one rename. A failure at any point removes the build directory and leaves no
 * dataset (or the old one); a killed write leaves only the build directory, which the next write sweeps.
 */
public final class DatasetWriter {
    private static final Logger LOG = LoggerFactory.getLogger(DatasetWriter.class);

    private DatasetWriter() {
    }

    /** Writes with one part per kind: every region and every sample in one block. */
    public static void write(Path dest, WriteOptions o) {
        write(dest, o, Integer.MAX_VALUE, Integer.MAX_VALUE);
    }

    /** Writes through a plan with blocks of at most the given numbers of regions and samples. */
    public static void write(Path dest, WriteOptions o, int regionsPerBlock, int samplesPerBlock) {
        if (LinkedStoreWrite.handles(o)) {
            LinkedStoreWrite.write(dest, o);
            return;
        }
        try (VariantSource variants = PlanStager.open(o)) {
            WriteInputs in = WriteInputs.read(dest, o, variants, true);
            LOG.info("write {}: {} regions, {} samples, {} variants; memory budget {} MiB over {} threads", dest,
                    in.regions().size(), in.samples().size(), in.rows() == null ? 0 : in.rows().size(),
                    o.maxMem() >> 20, o.threads());
            PlanStager.checkBlocks(regionsPerBlock, samplesPerBlock);
            DatasetPublisher.publish(dest, o.overwrite(), build -> {
                WritePlan plan = PlanStager.stage(dest, in, regionsPerBlock, samplesPerBlock, build, false);
                Progress progress = new Progress(o.progress());
                runParts(plan, in, progress, PartManifest.GENOTYPES);
                runParts(plan, in, progress, PartManifest.TRACKS);
                WriteParts.assemble(build, plan.grid());
            });
        }
    }

    /**
     * Writes the parts of one kind: a single part uses every thread for its region chunks; several parts run
     * side by side, one thread each, so the memory budget is shared the same way.
     */
    private static void runParts(WritePlan plan, WriteInputs in, Progress progress, String kind) {
        List<WritePlan.Part> parts = plan.parts().stream().filter(p -> p.kind().equals(kind)).toList();
        int threads = in.options().threads();
        if (parts.size() <= 1 || threads == 1) {
            PartTasks tasks = new PartTasks(plan, in, progress, parts.size() == 1 ? threads : 1);
            parts.forEach(tasks::write);
            return;
        }
        PartTasks tasks = new PartTasks(plan, in, progress, 1);
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, parts.size()), r -> {
            Thread t = new Thread(r, "gvl-write-part");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Boolean>> running = new ArrayList<>();
            parts.forEach(p -> running.add(pool.submit(() -> tasks.write(p))));
            for (Future<Boolean> f : running) {
                await(f);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void await(Future<Boolean> f) {
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a write part", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
