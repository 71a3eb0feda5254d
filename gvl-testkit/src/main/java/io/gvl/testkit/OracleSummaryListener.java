package io.gvl.testkit;

import java.util.function.Consumer;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints, at the end of each test run (with Maven: once per module), one line saying how many tests were skipped
 * for missing oracles and what to install. Registered for every module that has this jar on its test class path
 * through {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}.
 */
public final class OracleSummaryListener implements TestExecutionListener {
    private final OracleSkipTally tally = new OracleSkipTally();
    private final Consumer<String> out;
    private TestPlan plan;

    /** Prints the summary on standard output (the form the service loader uses). */
    public OracleSummaryListener() {
        this(System.out::println);
    }

    /** Hands the summary line to {@code out}. */
    public OracleSummaryListener(Consumer<String> out) {
        this.out = out;
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED
                && result.getThrowable().orElse(null) instanceof OracleSkipped skipped) {
            tally.add(skipped.missing(), testsUnder(id));
        }
    }

    /** A skipped test counts once; a skipped class or method container counts its known tests (at least one). */
    private int testsUnder(TestIdentifier id) {
        if (id.isTest() || plan == null) {
            return 1;
        }
        return (int) Math.max(1, plan.getDescendants(id).stream().filter(TestIdentifier::isTest).count());
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        String line = tally.summary();
        if (!line.isEmpty()) {
            out.accept("[oracles] " + line);
        }
    }

    /** What this run has counted so far. */
    public OracleSkipTally tally() {
        return tally;
    }
}
