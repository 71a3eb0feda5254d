package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.TrackScope;
import io.gvl.testing.DirectoryCopy;
import io.gvl.testing.TestFiles;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The track kernels find a row's intervals by binary search, so a group whose intervals are not sorted by start
 * would paint wrong values silently. A dataset edited by hand to hold such a group must be refused by the first
 * query that reads it, naming the starts file, the group and the fix; opening it and reading other tracks work.
 * The dataset is a GVL-written golden ({@code gvl043/concat/syn_s1}: 10 regions, one sample, a per-sample track
 * {@code bw} and an annotation track {@code annot}), copied and edited.
 */
class UnsortedIntervalsTest {
    @TempDir
    Path tmp;
    Path ds;

    @BeforeEach
    void copy() throws IOException, URISyntaxException {
        ds = tmp.resolve("syn_s1");
        DirectoryCopy.copyTree(TestFiles.gvl043("concat/syn_s1"), ds);
    }

    @Test
    void perSampleGroupOutOfOrderIsRefusedByTheQueryThatReadsIt() throws IOException {
        Path dir = DatasetLayout.track(ds, TrackScope.SAMPLE, "bw");
        int group = swapFirstPair(dir);
        try (Dataset d = Dataset.open(ds)) {
            Dataset view = d.withSeqs(SeqKind.NONE).withTracks("bw");
            DatasetFormatException e = assertThrows(DatasetFormatException.class, view::getAll);
            String m = e.getMessage();
            assertTrue(m.startsWith(dir.resolve(DatasetLayout.STARTS).toString()), m);
            assertTrue(m.contains("interval group " + group + " (region " + group + ", sample 0)"), m);
            assertTrue(m.contains("not sorted by start") && m.contains("rewrite the dataset"), m);
            // Once refused, refused again: the block is not marked checked.
            assertThrows(DatasetFormatException.class, view::getAll);
            try (DatasetOutput out = d.withSeqs(SeqKind.NONE).withTracks("annot").getAll()) {
                assertEquals(d.regions().size(), out.tracks().leadingShape()[0], "the sorted track still reads");
            }
        }
    }

    @Test
    void annotationGroupOutOfOrderIsRefused() throws IOException {
        Path dir = DatasetLayout.track(ds, TrackScope.ANNOTATION, "annot");
        int groups = data(dir.resolve(DatasetLayout.OFFSETS)).capacity() / 8 - 1;
        int group = 3;
        // Every region empty but one, which holds [200, 210) before [100, 110).
        ByteBuffer offsets = ByteBuffer.allocate((groups + 1) * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (int g = 0; g <= groups; g++) {
            offsets.putLong(g <= group ? 0 : 2);
        }
        Files.write(dir.resolve(DatasetLayout.OFFSETS), offsets.array());
        Files.write(dir.resolve(DatasetLayout.STARTS), ints(200, 100));
        Files.write(dir.resolve(DatasetLayout.ENDS), ints(210, 110));
        Files.write(dir.resolve(DatasetLayout.VALUES), ints(Float.floatToIntBits(1f), Float.floatToIntBits(2f)));
        try (Dataset d = Dataset.open(ds)) {
            DatasetFormatException e = assertThrows(DatasetFormatException.class,
                    () -> d.withSeqs(SeqKind.NONE).withTracks("annot").getAll());
            String m = e.getMessage();
            assertTrue(m.startsWith(dir.resolve(DatasetLayout.STARTS).toString()), m);
            assertTrue(m.contains("interval group " + group + " (region " + group + ")"), m);
            assertTrue(m.contains("interval 1 starts at 100, before interval 0 at 200"), m);
        }
    }

    private static byte[] ints(int... v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int x : v) {
            b.putInt(x);
        }
        return b.array();
    }

    /**
     * Swaps the first two intervals (starts and ends) of the first group holding at least two with different
     * starts, so that group is no longer sorted; returns the group.
     */
    private static int swapFirstPair(Path dir) throws IOException {
        ByteBuffer offsets = data(dir.resolve(DatasetLayout.OFFSETS));
        ByteBuffer starts = data(dir.resolve(DatasetLayout.STARTS));
        int groups = offsets.remaining() / 8 - 1;
        for (int g = 0; g < groups; g++) {
            int from = (int) offsets.getLong(g * 8);
            int to = (int) offsets.getLong((g + 1) * 8);
            if (to - from >= 2 && starts.getInt(from * 4)
                    != starts.getInt((from + 1) * 4)) {
                swap(dir.resolve(DatasetLayout.STARTS), from);
                swap(dir.resolve(DatasetLayout.ENDS), from);
                return g;
            }
        }
        throw new AssertionError(dir + " has no group with two intervals");
    }

    private static void swap(Path file, int i) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int at = i * 4;
        for (int b = 0; b < 4; b++) {
            byte t = bytes[at + b];
            bytes[at + b] = bytes[at + 4 + b];
            bytes[at + 4 + b] = t;
        }
        Files.write(file, bytes);
    }

    /** The raw little-endian array (format 2.0 keeps these files headerless despite the name). */
    private static ByteBuffer data(Path file) throws IOException {
        return ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    }
}
