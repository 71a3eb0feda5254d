package io.gvl.format.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gvl.format.DatasetLayout;
import io.gvl.testkit.Seeds;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link GenotypeWriter#appendSlots} writes the files one {@link GenotypeWriter#appendSlot} per slot would. */
class GenotypeWriterSlotsTest {
    @TempDir
    Path tmp;

    static Stream<Long> seeds() {
        return Seeds.range(1, 9);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void runsOfSlotsEqualSlotBySlot(long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        int regions = 1 + r.nextInt(40);
        int samples = 1 + r.nextInt(300);
        int slots = regions * samples * 2;
        int[] counts = new int[slots];
        IntArrayList flat = new IntArrayList();
        for (int i = 0; i < slots; i++) {
            counts[i] = r.nextInt(5) == 0 ? r.nextInt(1, 12) : r.nextInt(2);
            int v = r.nextInt(50);
            for (int k = 0; k < counts[i]; k++) {
                v += 1 + r.nextInt(9);
                flat.add(v);
            }
        }
        int[] variants = flat.toIntArray();
        Path one = Files.createDirectories(tmp.resolve("one"));
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        try (GenotypeWriter w = new GenotypeWriter(one, regions, samples, 2)) {
            int off = 0;
            for (int c : counts) {
                w.appendSlot(variants, off, c);
                off += c;
            }
        }
        try (GenotypeWriter w = new GenotypeWriter(runs, regions, samples, 2)) {
            int slot = 0;
            int off = 0;
            while (slot < slots) {
                int n = Math.min(slots - slot, r.nextInt(4) == 0 ? 1 : r.nextInt(1, 3 * samples));
                int[] run = java.util.Arrays.copyOfRange(counts, slot, slot + n);
                // the run's variants start part-way into a larger buffer
                int pad = r.nextInt(3);
                int len = 0;
                for (int c : run) {
                    len += c;
                }
                int[] buffer = new int[pad + len];
                System.arraycopy(variants, off, buffer, pad, len);
                w.appendSlots(buffer, pad, run);
                slot += n;
                off += len;
            }
        }
        for (String name : new String[] {DatasetLayout.OFFSETS, DatasetLayout.VARIANT_IDXS}) {
            Path a = DatasetLayout.genotypes(one).resolve(name);
            Path b = DatasetLayout.genotypes(runs).resolve(name);
            assertArrayEquals(Files.exists(a) ? Files.readAllBytes(a) : null,
                    Files.exists(b) ? Files.readAllBytes(b) : null, name + " seed " + seed);
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void badRunsAreRefusedBeforeAnythingIsWritten(long seed) {
        Path dir = tmp.resolve("bad" + seed);
        try (GenotypeWriter w = new GenotypeWriter(dir, 1, 2, 2)) {
            assertThrows(IllegalArgumentException.class, () -> w.appendSlots(new int[] {3, 3}, 0, new int[] {2}));
            assertThrows(IllegalArgumentException.class, () -> w.appendSlots(new int[0], 0, new int[] {0, -1}));
            assertThrows(IllegalStateException.class, () -> w.appendSlots(new int[0], 0, new int[5]));
            w.appendSlots(new int[] {1, 2}, 0, new int[] {2, 0, 0, 0}); // the slots are still all free
        }
    }
}
