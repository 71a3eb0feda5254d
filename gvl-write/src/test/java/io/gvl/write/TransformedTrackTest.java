package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.format.DatasetExistsException;
import io.gvl.format.TrackScope;
import io.gvl.format.io.ArrowTableFile;
import io.gvl.testing.Stored;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Gvl#writeTransformedTrack}: the new track keeps the intervals byte for byte, its values are the transform of
 * the stored values (checked against a plain recomputation, per cell, with the cell's region and sample), it is
 * atomic, and bad requests are refused with reasons.
 */
class TransformedTrackTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SYN = DATA.resolve("gvl-fixtures/synthetic");

    @TempDir
    Path tmp;
    Path ds;

    @BeforeEach
    void write() {
        ds = tmp.resolve("syn.gvl");
        Map<String, Path> bws = Map.of("s0", SYN.resolve("bw_seed42/s0.bw"), "s1", SYN.resolve("bw_seed42/s1.bw"),
                "s2", SYN.resolve("bw_seed42/s2.bw"));
        Gvl.write(ds, WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("filtered.vcf.gz"))
                .track(new BigWigs("bw", bws)).annotation(new AnnotationTrack("annot", SYN.resolve("bw_5ss/s0.bw")))
                .maxJitter(4).build());
    }

    @Test
    void valuesAreTransformedAndIntervalsKept() throws IOException {
        AtomicInteger cells = new AtomicInteger();
        Gvl.writeTransformedTrack(ds, "bw_log", "bw", (region, sample, starts, ends, values) -> {
            cells.incrementAndGet();
            assertTrue(sample >= 0 && sample < 3);
            for (int i = 0; i < values.length; i++) {
                values[i] = (float) Math.log1p(values[i]) + region * 1000 + sample;
            }
        }, false);
        Path old = ds.resolve("intervals/bw");
        Path neu = ds.resolve("intervals/bw_log");
        for (String f : new String[] {"starts.npy", "ends.npy", "offsets.npy"}) {
            assertArrayEquals(Files.readAllBytes(old.resolve(f)), Files.readAllBytes(neu.resolve(f)), f);
        }
        long[] offsets = Stored.track(ds, TrackScope.SAMPLE, "bw").offsets();
        float[] before = Stored.track(ds, TrackScope.SAMPLE, "bw").values();
        float[] after = Stored.track(ds, TrackScope.SAMPLE, "bw_log").values();
        int[] inputOfDisk = inputOrder();
        assertEquals(offsets.length - 1, cells.get(), "one call per cell");
        for (int c = 0; c + 1 < offsets.length; c++) {
            int region = inputOfDisk[c / 3];
            for (long i = offsets[c]; i < offsets[c + 1]; i++) {
                float want = (float) Math.log1p(before[(int) i]) + region * 1000 + c % 3;
                assertEquals(want, after[(int) i], "cell " + c + " interval " + i);
            }
        }
        AtomicInteger annotCells = new AtomicInteger();
        Gvl.writeTransformedTrack(ds, "annot2", "annot", (r, s, st, en, v) -> {
            assertEquals(-1, s);
            annotCells.incrementAndGet();
        }, false);
        assertTrue(Files.isDirectory(ds.resolve("annot_intervals/annot2")));
        assertEquals(Stored.track(ds, TrackScope.ANNOTATION, "annot").offsets().length - 1, annotCells.get());
        try (Stream<Path> left = Files.list(ds)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().contains(".tmp.")), "no staging left");
        }
    }

    @Test
    void badRequestsAreRefusedAndAFailedTransformLeavesNothing() {
        WriteException unknown = assertThrows(WriteException.class,
                () -> Gvl.writeTransformedTrack(ds, "x", "nope", (r, s, st, en, v) -> { }, false));
        assertTrue(unknown.getMessage().contains("'nope'") && unknown.getMessage().contains("bw"),
                unknown.getMessage());
        assertThrows(DatasetExistsException.class,
                () -> Gvl.writeTransformedTrack(ds, "bw", "bw", (r, s, st, en, v) -> { }, false));
        assertThrows(WriteException.class,
                () -> Gvl.writeTransformedTrack(ds, "annot", "bw", (r, s, st, en, v) -> { }, true),
                "a per-sample track cannot take an annotation track's name");
        assertThrows(WriteException.class,
                () -> Gvl.writeTransformedTrack(ds, "../escape", "bw", (r, s, st, en, v) -> { }, false));
        IllegalStateException boom = new IllegalStateException("transform failed");
        assertEquals(boom, assertThrows(IllegalStateException.class, () -> Gvl.writeTransformedTrack(ds, "bad",
                "bw", (r, s, st, en, v) -> { throw boom; }, false)));
        assertTrue(Files.notExists(ds.resolve("intervals/bad")));
    }

    private int[] inputOrder() {
        java.util.List<Object> map = ArrowTableFile.read(ds.resolve("input_regions.arrow"))
                .column("r_idx_map", ds).values();
        int[] out = new int[map.size()];
        for (int i = 0; i < out.length; i++) {
            out[((Number) map.get(i)).intValue()] = i;
        }
        return out;
    }
}
