package io.gvl.bench.harness;

import io.gvl.demo.DemoData;
import io.gvl.write.Gvl;
import io.gvl.write.spec.BigWigs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Peak resident memory of one {@code Gvl.write}. A process's peak RSS ({@code VmHWM}) only ever grows, so each write
 * runs in a fresh JVM with the harness's class path and flags, and reports its own peak when done.
 */
final class WriteMemoryProbe {
    /** The line prefix of a child's peak RSS. */
    static final String MARK = "peak_rss_kib ";

    private WriteMemoryProbe() {
    }

    /** Runs one write of {@code bed} (with the coverage tracks if asked) in a child JVM; returns its peak RSS in KiB. */
    static long peakRssKib(DemoData data, Path bed, Map<String, Path> coverage, boolean tracks, Path scratch) {
        try {
            Path table = Files.createTempFile(scratch, "coverage", ".tsv");
            StringBuilder sb = new StringBuilder("sample\tpath\n");
            coverage.forEach((s, p) -> sb.append(s).append('\t').append(p.toAbsolutePath()).append('\n'));
            Files.writeString(table, sb);
            Path out = scratch.resolve("rss-" + System.nanoTime() + ".gvl");
            long kib = childPeakRssKib(WriteMemoryProbe.class, List.of("-D" + DemoData.PROPERTY + "=" + data.dir()),
                    List.of(bed.toString(), tracks ? table.toString() : "-", out.toString()));
            BenchFixture.deleteTree(out);
            Files.deleteIfExists(table);
            return kib;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs {@code main} in a child JVM with this JVM's class path and flags plus {@code jvmArgs}, and returns the
     * peak RSS it printed as {@code peak_rss_kib N} (see {@link #printPeak()}).
     */
    static long childPeakRssKib(Class<?> main, List<String> jvmArgs, List<String> args) {
        return mark(childOutput(main, jvmArgs, args), MARK);
    }

    /** The number a child printed after {@code mark} on a line of {@code text}. */
    static long mark(String text, String mark) {
        return text.lines().filter(l -> l.startsWith(mark)).mapToLong(l -> Long.parseLong(l.substring(mark.length())))
                .findFirst().orElseThrow(() -> new IllegalStateException("write probe printed no '" + mark.strip()
                        + "': " + text));
    }

    /** Runs {@code main} in a child JVM as {@link #childPeakRssKib} does; returns what it printed. */
    static String childOutput(Class<?> main, List<String> jvmArgs, List<String> args) {
        try {
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
            cmd.addAll(jvmArgs);
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
            cmd.addAll(args);
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IllegalStateException("write probe failed: " + text);
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Prints this process's peak RSS in the form {@link #childPeakRssKib} reads. */
    static void printPeak() throws IOException {
        System.out.println(MARK + vmHwmKib());
    }

    /** Child entry: {@code BED TABLE|- OUT}; writes the dataset and prints {@code peak_rss_kib N}. */
    public static void main(String[] args) throws IOException {
        DemoData data = DemoData.locate();
        var options = writeOptions(data, Path.of(args[0]), args[1].equals("-") ? null : Path.of(args[1]));
        Gvl.write(Path.of(args[2]), options.overwrite(true).build());
        printPeak();
    }

    private static io.gvl.write.spec.WriteOptions.Builder writeOptions(DemoData data, Path bed, Path table) {
        io.gvl.write.spec.WriteOptions.Builder b = data.writeOptions(bed, Map.of(), false);
        if (table != null) {
            b.track(BigWigs.fromTable(DemoData.TRACK, table));
        }
        return b;
    }

    /** {@code VmHWM} of this process from {@code /proc/self/status}, in KiB (-1 where /proc is absent). */
    static long vmHwmKib() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return -1;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
