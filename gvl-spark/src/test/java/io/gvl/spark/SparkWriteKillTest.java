package io.gvl.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash consistency of {@code GvlSpark.write}: the driver JVM (with its local executors) is killed with SIGKILL after
 * a seeded random delay over 1.25 times a clean run's time. The destination must then be absent or, byte for byte,
 * a clean run's dataset; the same write run again to completion must give that dataset and leave nothing temporary
 * beside it (the killed run's build directory is swept). One kill in the test command; {@code -Dgvl.kill.spark=N}
 * for more (the seed is {@code gvl.kill.seed}, default 20261206, and in the messages).
 */
class SparkWriteKillTest {
    static final Path Z = Path.of(System.getProperty("gvl.shared.data")).resolve("real-derived/vg-z-synth16");
    static final long SEED = Long.getLong("gvl.kill.seed", 20261206L);

    @TempDir
    Path tmp;

    @Test
    void aKilledSparkWriteLeavesNothingOrTheCompleteDataset() throws Exception {
        Path clean = tmp.resolve("clean");
        Files.createDirectories(clean);
        long t0 = System.nanoTime();
        assertEquals(0, run(clean, false).waitFor(), "the clean run failed: " + log(clean));
        long cleanMillis = (System.nanoTime() - t0) / 1_000_000;
        Map<String, byte[]> want = tree(clean.resolve("out"));
        SplittableRandom rnd = new SplittableRandom(SEED);
        int kills = Integer.getInteger("gvl.kill.spark", 1);
        for (int k = 0; k < kills; k++) {
            Path trial = Files.createDirectories(tmp.resolve("trial" + k));
            long delay = rnd.nextLong(cleanMillis * 5 / 4 + 1);
            Process p = run(trial, false);
            boolean ended = p.waitFor(delay, TimeUnit.MILLISECONDS);
            p.destroyForcibly().waitFor();
            String what = "kill " + k + " (seed " + SEED + ", after " + delay + " ms of a " + cleanMillis
                    + " ms clean run" + (ended ? ", the write had ended" : "") + ")";
            Path out = trial.resolve("out");
            System.out.println(what + ": " + (Files.exists(out) ? "landed after completion"
                    : hasTemporary(trial) ? "landed mid-write" : "landed before the write started"));
            if (Files.exists(out)) {
                assertSame(want, tree(out), what + ": the destination is not the complete dataset");
            }
            assertEquals(0, run(trial, Files.exists(out)).waitFor(), what + ": the rerun failed: " + log(trial));
            assertSame(want, tree(out), what + ": the rerun's dataset");
            try (Stream<Path> s = Files.list(trial)) {
                List<String> left = s.map(x -> x.getFileName().toString()).filter(n -> n.contains(".tmp.")).toList();
                assertTrue(left.isEmpty(), what + ": temporaries left after the rerun: " + left);
            }
        }
    }

    private static Process run(Path dir, boolean overwrite) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--") || a.startsWith("-Xmx") || a.startsWith("-Dgvl.")).toList());
        cmd.addAll(List.of("-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                SparkWriteMain.class.getName(), dir.resolve("out").toString(), Z.resolve("regions.bed").toString(),
                Z.resolve("z_synth16.norm.vcf.gz").toString()));
        if (overwrite) {
            cmd.add("overwrite");
        }
        return new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(dir.resolve("log.txt").toFile()).redirectErrorStream(true).start();
    }

    private static boolean hasTemporary(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(x -> x.getFileName().toString().contains(".tmp."));
        }
    }

    private static String log(Path dir) throws IOException {
        String s = Files.readString(dir.resolve("log.txt"));
        return s.length() > 4000 ? s.substring(s.length() - 4000) : s;
    }

    private static Map<String, byte[]> tree(Path root) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                String name = root.relativize(p).toString();
                if (!name.endsWith(".lock")) {
                    m.put(name, Files.readAllBytes(p));
                }
            }
        }
        return m;
    }

    private static void assertSame(Map<String, byte[]> want, Map<String, byte[]> got, String what) {
        assertEquals(want.keySet(), got.keySet(), what);
        want.forEach((k, v) -> assertArrayEquals(v, got.get(k), what + ": " + k));
    }
}
