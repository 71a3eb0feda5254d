package io.gvl.spark.internal;

import io.gvl.write.spec.WritePlan;
import java.io.Serializable;

/**
 * Called by each part task before and after it writes its part, with Spark's attempt number. The write itself
 * uses {@link #NONE}; tests use a hook to fail chosen attempts midway or after the part is published, which is
 * how a retried task is proven to leave the same bytes. Shipped to the executors, so it must be serializable.
 */
@FunctionalInterface
public interface PartHook extends Serializable {
    /** The hook that does nothing. */
    PartHook NONE = (stage, plan, part, attempt) -> { };

    /** When the hook is called. */
    enum Stage {
        /** before the part is written (or found published) */
        BEFORE,
        /** after the part is published (on a Hadoop file system: uploaded under its attempt's prefix) */
        AFTER
    }

    /**
     * Runs at {@code stage} of the task that writes {@code part}.
     *
     * @param stage before or after the write
     * @param plan the plan as the task rebuilt it
     * @param part the part's name
     * @param attempt Spark's attempt number of the task, 0 for the first
     */
    void at(Stage stage, WritePlan plan, String part, int attempt);
}
