package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Kills writers with SIGKILL at random moments and checks what they leave. For a {@link KillCase} it first runs the
 * child once to completion on a fresh old state (the clean output, and how long a run takes), then for each kill,
 * in a fresh trial directory: lays out the old state, starts the child, waits a delay drawn from a seeded RNG over
 * 1.25 times the clean run's time, and kills it ({@link Process#destroyForcibly()} is SIGKILL on Linux). The
 * destination must then hold exactly the old state or exactly the clean output (relative paths, directories
 * included, and file bytes); a writer that changes a dataset in place may instead hold the union, provided every
 * file of the version its {@code metadata.json} names is intact (it reads as that version). Then the write runs again to
 * completion, and the whole trial directory must hold no temporary entry ({@code *.tmp*}, {@code *.old.*}) and the
 * destination must equal the clean output. Lock files beside the destination ({@code *.lock}) are not compared:
 * they stay by design; nor, right after the kill, temporary entries inside the destination (an update's
 * {@code update.tmp.*} staging directory, which readers skip): the rerun must remove them. A kill lands before the write started (the trial directory unchanged), mid-write, or after
 * the child had already ended.
 */
final class KillHarness {
    private static final long SETTLE_MS = 50;

    private final Path root;

    KillHarness(Path root) {
        this.root = root;
    }

    /**
     * Where the kills of one writer landed and what went wrong (the lists must stay empty): partial outputs after a
     * kill, temporaries left after the rerun, and reruns whose output differs from the clean run's.
     */
    record Outcome(String writer, long seed, long cleanMillis, int before, int mid, int after,
            List<String> partial, List<String> strays, List<String> differs) {
        int kills() {
            return before + mid + after;
        }

        @Override
        public String toString() {
            return "%s (seed %d, clean run %d ms): %d kills, %d before start, %d mid-write, %d after completion;"
                    .formatted(writer, seed, cleanMillis, kills(), before, mid, after)
                    + " %d partial outputs, %d with temporaries after the rerun, %d reruns differing".formatted(
                    partial.size(), strays.size(), differs.size()) + (failed() ? "\n  " + partial + "\n  " + strays
                    + "\n  " + differs : "");
        }

        boolean failed() {
            return !partial.isEmpty() || !strays.isEmpty() || !differs.isEmpty();
        }
    }

    /** Runs {@code kills} kills of {@code c} with delays drawn from {@code seed}. */
    Outcome run(KillCase c, int kills, long seed) throws Exception {
        Path caseDir = Files.createDirectories(root.resolve(c.name().replaceAll("[^A-Za-z0-9.-]+", "_")));
        Path cleanDir = Files.createDirectory(caseDir.resolve("clean"));
        c.prepare().run(cleanDir);
        long start = System.nanoTime();
        Process p = start(c.child().apply(cleanDir), cleanDir, "run");
        assertEquals(0, waitFor(p, 10, TimeUnit.MINUTES), c.name() + " clean run: " + log(cleanDir, "run"));
        long cleanMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        FileTree clean = FileTree.of(cleanDir.resolve(c.dest()));
        deleteTree(cleanDir);

        SplittableRandom rnd = new SplittableRandom(seed);
        int[] landed = new int[3];
        List<String> partial = new ArrayList<>();
        List<String> strays = new ArrayList<>();
        List<String> differs = new ArrayList<>();
        for (int i = 0; i < kills; i++) {
            long delay = rnd.nextLong(cleanMillis + cleanMillis / 4 + 1);
            Path trial = Files.createDirectory(caseDir.resolve("kill-" + i));
            String where = c.name() + " kill " + i + " (seed " + seed + ", after " + delay + " ms)";
            Landing l = killOnce(c, trial, delay, clean, partial, where);
            landed[l.ordinal()]++;
            Process again = start(c.rerun().apply(trial), trial, "rerun");
            assertEquals(0, waitFor(again, 10, TimeUnit.MINUTES), where + ": the rerun failed: " + log(trial, "rerun"));
            List<String> left = temporaries(trial);
            FileTree rerun = FileTree.of(trial.resolve(c.dest()));
            if (!left.isEmpty()) {
                strays.add(where + ": after the rerun " + left);
            }
            if (!rerun.equals(clean)) {
                differs.add(where + ": the rerun differs from a clean run: " + rerun.difference(clean));
            }
            if (partial.isEmpty() && strays.isEmpty() && differs.isEmpty()) {
                deleteTree(trial); // kept for inspection otherwise
            }
        }
        return new Outcome(c.name(), seed, cleanMillis, landed[0], landed[1], landed[2], partial, strays,
                differs);
    }

    private enum Landing { BEFORE, MID, AFTER }

    private Landing killOnce(KillCase c, Path trial, long delay, FileTree clean, List<String> partial, String where)
            throws Exception {
        c.prepare().run(trial);
        FileTree old = FileTree.of(trial.resolve(c.dest()));
        FileTree untouched = FileTree.of(trial);
        Process p = start(c.child().apply(trial), trial, "run");
        Landing landing;
        if (p.waitFor(delay, TimeUnit.MILLISECONDS)) {
            assertEquals(0, p.exitValue(), where + ": the child failed: " + log(trial, "run"));
            landing = Landing.AFTER;
        } else {
            p.destroyForcibly();
            int exit = waitFor(p, 1, TimeUnit.MINUTES);
            if (exit == 0) {
                landing = Landing.AFTER; // it finished on its own between the wait and the kill
            } else {
                assertEquals(137, exit, where + ": neither ended by SIGKILL nor finished: " + log(trial, "run"));
                landing = FileTree.of(trial, rel -> rel.startsWith("log")).equals(untouched) ? Landing.BEFORE
                        : Landing.MID;
            }
        }
        FileTree got = FileTree.of(trial.resolve(c.dest()), KillHarness::underTemporary);
        if (!got.equals(old) && !got.equals(clean) && !(c.inPlace() && readsAsOneVersion(got, old, clean))) {
            partial.add(where + " (" + landing + "): neither the old state nor the new one: against the new "
                    + got.difference(clean) + "; against the old " + got.difference(old));
        }
        return landing;
    }

    /**
     * An in-place change: every entry is the old or the new version's, and the version {@code metadata.json} names
     * is complete; temporary files may be there too (the rerun must remove them).
     */
    static boolean readsAsOneVersion(FileTree got, FileTree old, FileTree clean) {
        String meta = got.entries().get("metadata.json");
        FileTree named = meta != null && meta.equals(clean.entries().get("metadata.json")) ? clean : old;
        boolean complete = got.entries().entrySet().containsAll(named.entries().entrySet());
        boolean known = got.entries().entrySet().stream().allMatch(e -> isTemporary(e.getKey())
                || e.getValue().equals(old.entries().get(e.getKey()))
                || e.getValue().equals(clean.entries().get(e.getKey())));
        return complete && known;
    }

    /** Starts {@code command}; its output goes to {@code logs/<run>.out} and {@code logs/<run>.err}. */
    private static Process start(List<String> command, Path trial, String run) throws IOException {
        Path logs = Files.createDirectories(trial.resolve("logs"));
        return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(logs.resolve(run + ".out").toFile()).redirectError(logs.resolve(run + ".err").toFile())
                .start();
    }

    private static int waitFor(Process p, long amount, TimeUnit unit) throws InterruptedException {
        if (!p.waitFor(amount, unit)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("the child did not end in " + amount + " " + unit);
        }
        Thread.sleep(SETTLE_MS); // lets the kernel finish tearing down the process before its files are read
        return p.exitValue();
    }

    /** Temporary entries anywhere in a trial directory, by relative path. */
    private static List<String> temporaries(Path trial) throws IOException {
        try (Stream<Path> s = Files.walk(trial)) {
            return s.map(p -> trial.relativize(p).toString()).filter(KillHarness::isTemporary).sorted().toList();
        }
    }

    /** Inside a temporary entry (an update's {@code update.tmp.*} staging, which readers skip) or one itself. */
    static boolean underTemporary(String rel) {
        for (Path p = Path.of(rel); p != null; p = p.getParent()) {
            if (isTemporary(p.toString())) {
                return true;
            }
        }
        return false;
    }

    static boolean isTemporary(String rel) {
        String name = Path.of(rel).getFileName().toString();
        return name.contains(".tmp") || name.contains(".old.");
    }

    private static String log(Path trial, String run) throws IOException {
        Path err = trial.resolve("logs/" + run + ".err");
        return Files.exists(err) ? Files.readString(err) : "";
    }

    static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** One line per writer plus the totals, for the test's output. */
    static String report(List<Outcome> outcomes) {
        int[] t = new int[6];
        for (Outcome o : outcomes) {
            t[0] += o.before();
            t[1] += o.mid();
            t[2] += o.after();
            t[3] += o.partial().size();
            t[4] += o.strays().size();
            t[5] += o.differs().size();
        }
        StringBuilder sb = new StringBuilder();
        outcomes.forEach(o -> sb.append(o).append('\n'));
        sb.append("total: %d kills, %d before start, %d mid-write, %d after completion; %d partial outputs,"
                .formatted(t[0] + t[1] + t[2], t[0], t[1], t[2], t[3]) + " %d with temporaries after the rerun, %d reruns differing"
                .formatted(t[4], t[5]));
        return sb.toString();
    }
}
