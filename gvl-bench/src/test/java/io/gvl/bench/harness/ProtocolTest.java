package io.gvl.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The measurement protocol and the reports on a fake workload (counts and files, never wall-clock limits). */
class ProtocolTest {
    @TempDir
    Path dir;

    /** Sleeps {@code millis} per run and reports {@code bytes}. */
    private static Workload sleeping(long millis, long bytes, AtomicInteger calls) {
        return () -> {
            calls.incrementAndGet();
            Thread.sleep(millis);
            return bytes;
        };
    }

    @Test
    void slowRunsStopAtTheMinimumRepetitions() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Stats s = new Protocol(Duration.ZERO, Duration.ofMillis(1), 3).measure(sleeping(20, 1000, calls));
        assertEquals(3, s.reps());
        assertEquals(4, calls.get(), "one warm-up run plus three timed runs");
        assertEquals(1000, s.bytesPerRep());
        assertTrue(s.min() <= s.p25() && s.p25() <= s.median() && s.median() <= s.p75() && s.p75() <= s.max());
    }

    @Test
    void fastRunsRepeatUntilTheMinimumTime() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Stats s = new Protocol(Duration.ofMillis(10), Duration.ofMillis(60), 3).measure(sleeping(2, 10, calls));
        assertTrue(s.timedNanos() >= 60_000_000L, "timed " + s.timedNanos());
        assertTrue(s.reps() >= 3 && s.reps() < calls.get(), s.reps() + " reps, " + calls.get() + " calls");
    }

    @Test
    void ratioIsTheMedianOverTheBaselineAndReportsAreWritten() throws Exception {
        Stats gvl = new Stats(3, 100, 2e9, 1.9e9, 2.1e9, 1.8e9, 2.2e9, 1);
        Stats copy = new Stats(3, 100, 8e9, 8e9, 8e9, 8e9, 8e9, 1);
        Cell cell = new Cell("haplotypes", 1024, 8, "serial");
        CellResult r = new CellResult(cell, "gvl", gvl, copy, null);
        assertEquals(0.25, r.ratio(), 1e-12);
        assertEquals(0.1, gvl.spread(), 1e-12);
        String json = Reports.json(r);
        assertTrue(json.startsWith("{\"suite\":\"haplotypes\",\"cell\":\"len=1024,batch=8,mode=serial\""), json);
        assertTrue(json.contains("\"gb_per_s\":2.00000") && json.contains("\"arraycopy_gb_per_s\":8.00000")
                && json.contains("\"ratio\":0.250000"), json);
        CellResult peer = new CellResult(cell, "tool", copy, copy, gvl);
        assertEquals(0.25, peer.gvlOverPeer(), 1e-12);

        SystemInfo info = SystemInfo.detect(2);
        Path csv = dir.resolve("out/haplotypes.csv");
        Reports.writeCsv(csv, info, List.of(r, peer));
        List<String> lines = Files.readAllLines(csv);
        assertTrue(lines.contains(Reports.CSV_HEADER), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("# cpu: ")), lines.toString());
        assertEquals(2, lines.stream().filter(l -> l.startsWith("haplotypes,")).count());

        Path png = dir.resolve("out/haplotypes.png");
        Plots.writePng(png, "haplotypes", List.of(r, peer));
        byte[] head = Files.readAllBytes(png);
        assertTrue(head.length > 8 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G');
    }
}
