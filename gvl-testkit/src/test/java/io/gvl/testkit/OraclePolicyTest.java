package io.gvl.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestExecutionResult.Status;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The oracle policy end to end: a sample bcftools test is launched with {@code PATH} stripped of bcftools, once
 * with {@code CI=true} (it must fail with the one-line message) and once without (it must skip, naming bcftools,
 * and be counted in the summary line).
 */
class OraclePolicyTest {
    private static final String BCFTOOLS_MISSING = "bcftools is not on PATH; install it with: apt-get install -y"
            + " --no-install-recommends bcftools (or run dev/test as root)";

    private final OracleEnvironment real = OracleEnvironment.of(System.getenv());

    @Test
    void underCiAMissingOracleFailsWithOneLine() {
        Run run = launch(BcftoolsSampleCase.class, real.without("bcftools").withCi(true));
        TestExecutionResult result = run.onlyTest();
        assertEquals(Status.FAILED, result.getStatus());
        Throwable t = result.getThrowable().orElseThrow();
        assertInstanceOf(OracleMissingError.class, t);
        assertEquals(BCFTOOLS_MISSING + " (CI=true: a missing oracle fails the test)", t.getMessage());
        assertFalse(t.getMessage().contains("\n"), "one line");
        assertEquals(0, run.summary.tally().tests(), "a failure is not a skip");
        assertTrue(run.printed.isEmpty(), run.printed.toString());
    }

    @Test
    void outsideCiAMissingOracleSkipsNamingIt() {
        Run run = launch(BcftoolsSampleCase.class, real.without("bcftools").withCi(false));
        TestExecutionResult result = run.onlyTest();
        assertEquals(Status.ABORTED, result.getStatus());
        OracleSkipped skipped = assertInstanceOf(OracleSkipped.class, result.getThrowable().orElseThrow());
        assertEquals(BCFTOOLS_MISSING + " (skipped; under CI=true this fails)", skipped.getMessage());
        assertEquals(List.of(Oracle.BCFTOOLS), skipped.missing());
        assertEquals(1, run.summary.tally().tests(Oracle.BCFTOOLS));
        assertEquals(List.of("[oracles] 1 oracle test skipped: install bcftools (bcftools: 1): apt-get install -y"
                + " --no-install-recommends bcftools, or run dev/test as root"), run.printed);
    }

    @Test
    void withTheOracleOnPathTheSampleRuns() {
        Oracles.require(Oracle.BCFTOOLS);
        Run run = launch(BcftoolsSampleCase.class, real.withCi(true));
        assertEquals(Status.SUCCESSFUL, run.onlyTest().getStatus(), () -> run.onlyTest().toString());
    }

    @Test
    void aClassLevelSkipCountsEveryTestOfTheClass() {
        Run run = launch(ClassLevelSampleCase.class, new OracleEnvironment("", false));
        assertEquals(2, run.summary.tally().tests());
        assertEquals(2, run.summary.tally().tests(Oracle.SAMTOOLS));
        assertEquals(0, run.summary.tally().tests(Oracle.BCFTOOLS));
        assertTrue(run.printed.getFirst().startsWith("[oracles] 2 oracle tests skipped: install samtools"),
                run.printed.toString());
    }

    @Test
    void severalMissingOraclesAreNamedTogetherWithOneInstallCommand() {
        new OracleEnvironment("", true).during(() -> {
            OracleMissingError e = assertThrows(OracleMissingError.class,
                    () -> Oracles.require(Oracle.BGZIP, Oracle.TABIX, Oracle.H5DUMP));
            assertEquals("bgzip, tabix, h5dump are not on PATH; install them with: apt-get install -y"
                    + " --no-install-recommends tabix hdf5-tools (or run dev/test as root)"
                    + " (CI=true: a missing oracle fails the test)", e.getMessage());
        });
    }

    @Test
    void theEnvironmentReadsCiAndPath() {
        assertTrue(OracleEnvironment.of(Map.of("CI", "true", "PATH", "/a:/b")).ci());
        assertTrue(OracleEnvironment.of(Map.of("CI", "TRUE")).ci());
        assertFalse(OracleEnvironment.of(Map.of("CI", "false")).ci());
        assertFalse(OracleEnvironment.of(Map.of()).ci());
        assertEquals("", OracleEnvironment.of(Map.of()).path());
        assertTrue(new OracleEnvironment("/nonexistent-dir", false).locate("sh").isEmpty());
    }

    @Test
    void anOverrideEndsWithItsScope() {
        OracleEnvironment before = OracleEnvironment.current();
        new OracleEnvironment("/x", true).during(() -> assertEquals("/x", OracleEnvironment.current().path()));
        assertEquals(before, OracleEnvironment.current());
    }

    @Test
    void aFailingOracleCommandFailsTheTestWithItsStandardError() {
        Oracles.require(Oracle.BCFTOOLS);
        AssertionError e = assertThrows(AssertionError.class, () -> Oracle.BCFTOOLS.run("view", "/no/such.vcf"));
        assertTrue(e.getMessage().startsWith("oracle command failed (exit "), e.getMessage());
        assertTrue(e.getMessage().contains("bcftools view /no/such.vcf"), e.getMessage());
    }

    private static Run launch(Class<?> testClass, OracleEnvironment env) {
        Run run = new Run();
        Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                .enableTestExecutionListenerAutoRegistration(false).build());
        env.during(() -> launcher.execute(
                LauncherDiscoveryRequestBuilder.request().selectors(selectClass(testClass)).build(),
                run.summary, run.tests));
        return run;
    }

    /** What one launch of a sample class produced. */
    private static final class Run {
        final List<String> printed = new ArrayList<>();
        final OracleSummaryListener summary = new OracleSummaryListener(printed::add);
        final List<TestExecutionResult> results = new ArrayList<>();
        final TestExecutionListener tests = new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (id.isTest()) {
                    results.add(result);
                }
            }
        };

        TestExecutionResult onlyTest() {
            assertEquals(1, results.size(), results.toString());
            return results.getFirst();
        }
    }
}
