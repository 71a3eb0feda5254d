package io.gvl.spark.internal;

import io.gvl.format.GvlException;
import io.gvl.format.PartException;
import io.gvl.format.build.PartManifest;
import io.gvl.spark.errors.GvlSparkWriteException;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.spark.SparkJobInfo;
import org.apache.spark.SparkStageInfo;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.JavaSparkStatusTracker;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The driver side of {@link io.gvl.spark.GvlSpark#write} and {@link io.gvl.spark.GvlSpark#writeSharded}: makes
 * the plan, runs one job per kind of part (genotype parts first, because track parts read their window ends) with
 * one task per part and no shuffle, checks that each part was reported exactly once, and merges the parts into one
 * directory or publishes them as shards. Any failure removes the build directory, so nothing but the
 * destination's lock file is left and nothing is published. When a job fails, Spark may still be running the
 * stage's other tasks, which write into the build directory; the jobs run in their own job group, which is
 * cancelled, and the build directory is removed once none of its tasks is running (or after {@link #TASK_WAIT}).
 */
public final class DistributedWrite {
    private static final Logger LOG = LoggerFactory.getLogger(DistributedWrite.class);
    /** How long a failed write waits for its other tasks to stop before removing the build directory. */
    static final Duration TASK_WAIT = Duration.ofSeconds(60);

    private DistributedWrite() {
    }

    /** Writes {@code out} with blocks of the given sizes, merged into one directory or {@code sharded}. */
    public static void run(SparkSession spark, Path out, WriteOptions options, int regionsPerBlock,
                           int samplesPerBlock, boolean sharded) {
        run(spark, out, options, regionsPerBlock, samplesPerBlock, PartHook.NONE, plan -> { }, sharded);
    }

    /**
     * Writes {@code out} as one directory, calling {@code hook} in every task and {@code beforeMerge} on the driver
     * once all parts are written; returns every part's outcome in plan order.
     */
    public static List<PartOutcome> run(SparkSession spark, Path out, WriteOptions options, int regionsPerBlock,
                                        int samplesPerBlock, PartHook hook, Consumer<WritePlan> beforeMerge) {
        return run(spark, out, options, regionsPerBlock, samplesPerBlock, hook, beforeMerge, false);
    }

    /**
     * Writes {@code out}, merged into one directory or, with {@code sharded}, published as a sharded dataset (one
     * shard per block); {@code hook} runs in every task and {@code beforeMerge} on the driver once all parts are
     * written. Returns every part's outcome in plan order.
     */
    public static List<PartOutcome> run(SparkSession spark, Path out, WriteOptions options, int regionsPerBlock,
                                        int samplesPerBlock, PartHook hook, Consumer<WritePlan> beforeMerge,
                                        boolean sharded) {
        WritePlan plan = Gvl.plan(out, options, regionsPerBlock, samplesPerBlock);
        try {
            requirePortable(plan, plan.dest().toString());
            JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
            Broadcast<String> json = jsc.broadcast(plan.toJson());
            List<PartOutcome> outcomes = new ArrayList<>();
            String group = "gvl-write-" + UUID.randomUUID();
            try {
                for (String kind : List.of(PartManifest.GENOTYPES, PartManifest.TRACKS)) {
                    List<String> names = plan.parts().stream().filter(p -> p.kind().equals(kind))
                            .map(WritePlan.Part::name).toList();
                    if (names.isEmpty()) {
                        continue;
                    }
                    jsc.setJobGroup(group, "gvl write " + plan.dest().getFileName() + ": " + names.size() + " "
                            + kind + " parts", true);
                    List<PartOutcome> got = jsc.parallelize(names, names.size()).map(new PartTask(json, hook))
                            .collect();
                    checkOnce(plan.dest(), names, got);
                    outcomes.addAll(got);
                }
            } catch (Exception e) { // a failed job throws SparkException, a checked exception Java does not see
                stopTasks(jsc, group, plan.dest());
                throw e;
            } finally {
                jsc.clearJobGroup();
                json.destroy();
            }
            long reused = outcomes.stream().filter(PartOutcome::reused).count();
            LOG.info("write {}: {} parts written by Spark tasks ({} reused from earlier attempts); {}",
                    plan.dest(), outcomes.size(), reused, sharded ? "publishing the shards" : "merging");
            beforeMerge.accept(plan);
            if (sharded) {
                plan.publishSharded();
            } else {
                plan.merge();
            }
            return outcomes;
        } catch (Exception e) {
            plan.discard();
            throw translate(plan.dest(), e);
        }
    }

    /** Refuses a plan that tasks cannot rebuild from its JSON, naming the destination {@code dest} and the input. */
    static void requirePortable(WritePlan plan, String dest) {
        if (!plan.portable()) {
            throw new GvlSparkWriteException("cannot write " + dest + " on Spark: " + plan.unportable()
                    + ". Fix: give the variants as a VCF, BCF or PGEN file and the sample tracks as bigWigs, or"
                    + " write on one machine with Gvl.write.", null);
        }
    }

    /**
     * Cancels the write's job group and waits until none of its stages has a task running, so that no task writes
     * into the build directory after it is removed.
     */
    static void stopTasks(JavaSparkContext jsc, String group, Object dest) {
        jsc.cancelJobGroup(group);
        JavaSparkStatusTracker tracker = jsc.statusTracker();
        long deadline = System.nanoTime() + TASK_WAIT.toNanos();
        while (runningTasks(tracker, group) > 0) {
            if (System.nanoTime() > deadline) {
                LOG.warn("write {} failed; tasks of it were still running after {}: its temporary files are removed"
                        + " now, and a task finishing later may leave files beside {}", dest, TASK_WAIT, dest);
                return;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static int runningTasks(JavaSparkStatusTracker tracker, String group) {
        int running = 0;
        for (int job : tracker.getJobIdsForGroup(group)) {
            SparkJobInfo info = tracker.getJobInfo(job);
            if (info == null) {
                continue;
            }
            for (int stage : info.stageIds()) {
                SparkStageInfo s = tracker.getStageInfo(stage);
                if (s != null) {
                    running += s.numActiveTasks();
                }
            }
        }
        return running;
    }

    /**
     * Refuses a job whose results do not name each expected part exactly once (the merge checks the published
     * directories again): throws {@link PartException.Missing} or {@link PartException.Duplicate} naming the part.
     */
    public static void checkOnce(Object dest, List<String> expected, List<PartOutcome> got) {
        Map<String, Integer> seen = new HashMap<>();
        got.forEach(o -> seen.merge(o.part(), 1, Integer::sum));
        for (String name : expected) {
            int n = seen.getOrDefault(name, 0);
            if (n == 0) {
                throw new PartException.Missing("the Spark job writing " + dest + " reported no result for part "
                        + name + ".");
            }
            if (n > 1) {
                throw new PartException.Duplicate("the Spark job writing " + dest + " reported part " + name + " "
                        + n + " times.");
            }
        }
    }

    /**
     * A part missing, present twice or foreign (in the job's results or at the merge) and a failed Spark job become a
     * {@link GvlSparkWriteException} (the job's error carries the failed part's message: Spark makes the task's
     * exception the cause); any other gvl error raised on the driver (a bad input, an existing destination) stays
     * as it is.
     */
    private static RuntimeException translate(Path dest, Exception e) {
        return translate(dest.toString(), "check that " + dest.getParent() + " is on storage every executor sees and"
                + " that no other write of " + dest + " runs at the same time.", e);
    }

    /** As {@link #translate(Path, Exception)}, for the destination {@code dest} and the recurring-failure hint. */
    static RuntimeException translate(String dest, String hint, Exception e) {
        if (e instanceof PartException p) {
            String problem = p.getMessage();
            int fix = problem.indexOf(" Fix: ");
            return new GvlSparkWriteException("the parts of " + dest + " cannot be published: "
                    + (fix < 0 ? problem
                    : problem.substring(0, fix)) + " Nothing was published and the build directory was removed."
                    + " Fix: write the dataset again; if this recurs, " + hint, e);
        }
        if (e instanceof GvlException g && !(e instanceof GvlSparkWriteException)) {
            return g;
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof GvlSparkWriteException task) {
                return t == e ? task : new GvlSparkWriteException("the write of " + dest + " failed and nothing"
                        + " was published: " + task.getMessage(), e);
            }
        }
        return new GvlSparkWriteException("the write of " + dest + " failed and nothing was published: "
                + e.getMessage(), e);
    }
}
