package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash consistency of every writer ({@link KillCases}): each is killed with SIGKILL at random moments by the
 * {@link KillHarness}, and must leave its destination as it was or complete, and nothing temporary after the next
 * run. The normal test run does 1 kill per writer (inputs of 2,000 regions) with a fixed seed. A long run takes the
 * total number of kills, the seed and the number of regions of the write inputs as system properties (kills are
 * spread evenly over the writers; {@code dev/kill-harness [KILLS] [SEED]} runs it):
 * <pre>
 * mvn -o -q -pl gvl-cli -am test -Dtest=KillHarnessTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dgvl.kill.count=220 -Dgvl.kill.seed=7 -Dgvl.kill.regions=8000
 * </pre>
 * Each writer's line (kills landed before start, mid-write and after completion, partial outputs, temporaries
 * after the rerun) is printed and appended to {@code target/kill-harness.txt}.
 */
class KillHarnessTest {
    static final long SEED = Long.getLong("gvl.kill.seed", 20261215L);
    static final int REGIONS = Integer.getInteger("gvl.kill.regions", 2000);

    @TempDir
    static Path tmp;
    private static KillInputs inputs;
    private static String previousCache;
    private static final List<KillHarness.Outcome> OUTCOMES = new ArrayList<>();

    @BeforeAll
    static void makeInputs() throws IOException {
        inputs = KillInputs.make(Files.createDirectory(tmp.resolve("inputs")), REGIONS);
        previousCache = System.getProperty("gvl.cache.dir");
        System.setProperty("gvl.cache.dir", inputs.cache().toString()); // the in-process reruns share the children's
    }

    @AfterAll
    static void report() throws IOException {
        if (previousCache == null) {
            System.clearProperty("gvl.cache.dir");
        } else {
            System.setProperty("gvl.cache.dir", previousCache);
        }
        String report = KillHarness.report(OUTCOMES);
        System.out.println(report);
        Files.writeString(Path.of("target/kill-harness.txt"), report + "\n", java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
    }

    @TestFactory
    Stream<DynamicTest> everyWriterLeavesTheOldStateOrTheNewOne() {
        List<KillCase> cases = KillCases.all(inputs);
        int total = Integer.getInteger("gvl.kill.count", cases.size());
        int perWriter = (total + cases.size() - 1) / cases.size();
        KillHarness harness = new KillHarness(tmp.resolve("trials"));
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            KillCase c = cases.get(i);
            long seed = SEED + i;
            tests.add(DynamicTest.dynamicTest(c.name() + " x" + perWriter + " seed " + seed, () -> {
                KillHarness.Outcome o = harness.run(c, perWriter, seed);
                OUTCOMES.add(o);
                System.out.println(o);
                assertFalse(o.failed(), o.toString());
            }));
        }
        return tests.stream();
    }
}
