package io.gvl.spark.internal;

import io.gvl.spark.errors.GvlSparkWriteException;
import io.gvl.write.PartWriter;
import io.gvl.write.spec.WritePlan;
import java.nio.file.Files;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;

/**
 * The body of one Spark task: rebuilds the plan from the broadcast JSON, writes the named part with
 * {@link PartWriter} (which reuses a part an earlier attempt published) and reports the outcome. A failure is
 * rethrown naming the part, the dataset and the attempt, so the driver's error says which block failed.
 */
final class PartTask implements Function<String, PartOutcome> {
    private static final long serialVersionUID = 1L;

    private final Broadcast<String> planJson;
    private final PartHook hook;

    PartTask(Broadcast<String> planJson, PartHook hook) {
        this.planJson = planJson;
        this.hook = hook;
    }

    @Override
    public PartOutcome call(String name) {
        RuntimeVersions.require();
        WritePlan plan = WritePlan.fromJson(planJson.value());
        TaskContext context = TaskContext.get();
        int attempt = context == null ? 0 : context.attemptNumber();
        if (!Files.isDirectory(plan.staging())) {
            throw new GvlSparkWriteException("part " + name + " of " + plan.dest() + ": this executor cannot see the"
                    + " build directory " + plan.staging() + ". Fix: write to a directory on storage that the driver"
                    + " and every executor see at the same path.", null);
        }
        WritePlan.Part part = plan.parts().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no part " + name + " in the plan of " + plan.dest()));
        try {
            hook.at(PartHook.Stage.BEFORE, plan, name, attempt);
            boolean reused = PartWriter.write(plan, part);
            hook.at(PartHook.Stage.AFTER, plan, name, attempt);
            return new PartOutcome(name, reused, attempt);
        } catch (RuntimeException e) {
            throw new GvlSparkWriteException("part " + name + " of " + plan.dest() + " failed on attempt " + attempt
                    + ": " + (e.getMessage() == null ? e.getClass().getName() : e.getMessage()), e);
        }
    }
}
