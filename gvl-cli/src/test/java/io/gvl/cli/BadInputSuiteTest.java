package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The standing bad-input suite: every case feeds the command line (in-process) a real input from the shared data
 * with one small deterministic defect, or misuses the command line, and checks the whole contract of a refusal:
 * the exit status, a message naming the offending file and (where it applies) the line or record, no stack trace
 * anywhere on standard error, nothing at the destination ({@code OUT}, {@code OUT.tmp.*}; the lock file GVL also
 * leaves may stay) and nothing new or changed beside any input. The cases live in {@link BadInputCases}.
 */
class BadInputSuiteTest {
    @TempDir
    static Path cache;

    private static String previousCache;

    @BeforeAll
    static void privateReferenceCache() {
        previousCache = System.getProperty("gvl.cache.dir");
        System.setProperty("gvl.cache.dir", cache.toString());
    }

    @AfterAll
    static void restoreReferenceCache() {
        if (previousCache == null) {
            System.clearProperty("gvl.cache.dir");
        } else {
            System.setProperty("gvl.cache.dir", previousCache);
        }
    }

    static Stream<BadInputCases.Case> cases() {
        return BadInputCases.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isRefusedCleanly(BadInputCases.Case c, @TempDir Path root) throws Exception {
        BadInputFixture fx = new BadInputFixture(root);
        BadInputCases.Call call = c.setup().prepare(fx);
        Map<String, Long> inputsBefore = listing(fx.in);
        Map<String, Long> outBefore = listing(fx.out);

        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        CliRun r;
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        try {
            r = CliRun.of(call.args().toArray(String[]::new));
        } finally {
            System.setErr(saved);
        }
        String err = r.err() + stderr.toString(StandardCharsets.UTF_8);
        String shown = "stderr:\n" + err + "\nstdout:\n" + r.out();

        assertEquals(c.exit(), r.exitCode(), shown);
        for (String s : call.named()) {
            assertTrue(err.contains(s), () -> "the message should name '" + s + "'\n" + shown);
        }
        assertFalse(err.contains("\tat ") || err.contains("Exception in thread"), "a stack trace was printed\n" + shown);
        assertFalse(err.contains("\r"), "a raw carriage return reached the message\n" + shown);
        Map<String, Long> outAfter = listing(fx.out);
        outAfter.remove("OUT.lock");
        outBefore.remove("OUT.lock");
        assertEquals(outBefore, outAfter, "something was left or changed at the destination\n" + shown);
        assertEquals(inputsBefore, listing(fx.in), "the input directory changed\n" + shown);
    }

    /** Every file under {@code dir} (relative path) with its size; directories with -1. */
    private static Map<String, Long> listing(Path dir) throws IOException {
        Map<String, Long> m = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(p -> !p.equals(dir)).toList()) {
                m.put(dir.relativize(p).toString(), Files.isDirectory(p) ? -1L : Files.size(p));
            }
        }
        return m;
    }
}
