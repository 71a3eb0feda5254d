package io.gvl.write.spec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gvl.testkit.Seeds;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link CarrierBlock#addDense} lists exactly the slots whose byte is 1, in order, as a byte-by-byte loop does: on
 * seeded rows of odd widths, sparse and dense, with bytes other than 0 and 1 (not carriers) mixed in; in new blocks
 * and in one block {@linkplain CarrierBlock#reset reset} to each trial's width.
 */
class CarrierBlockDenseTest {
    static Stream<Long> seeds() {
        return Seeds.range(1, 11);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void denseRowsListTheirOnes(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        CarrierBlock reused = new CarrierBlock(0);
        for (int trial = 0; trial < 200; trial++) {
            int width = r.nextInt(4) == 0 ? r.nextInt(40) : r.nextInt(1, 700);
            int rows = r.nextInt(1, 6);
            int offset = r.nextInt(9);
            byte[] calls = new byte[offset + rows * width + r.nextInt(9)];
            int oneIn = 1 + r.nextInt(r.nextBoolean() ? 4 : 300);
            for (int i = 0; i < calls.length; i++) {
                int pick = r.nextInt(oneIn * 4);
                calls[i] = pick < 3 ? 1 : pick == 3 ? notACarrier(r) : 0;
            }
            CarrierBlock block = new CarrierBlock(width);
            if (r.nextBoolean()) {
                reused.reset(width);
                block = reused;
            }
            block.addDense(calls, offset, rows);
            assertEquals(width, block.width());
            assertEquals(rows, block.rows(), "rows, seed " + seed + " trial " + trial);
            for (int row = 0; row < rows; row++) {
                IntArrayList expected = new IntArrayList();
                for (int k = 0; k < width; k++) {
                    if (calls[offset + row * width + k] == 1) {
                        expected.add(k);
                    }
                }
                int[] got = Arrays.copyOfRange(block.slots(), block.start(row), block.end(row));
                assertArrayEquals(expected.toIntArray(), got, "seed " + seed + " trial " + trial + " row " + row
                        + " width " + width);
            }
        }
    }

    @Test
    void aResetBlockChecksSlotsAgainstItsNewWidth() {
        CarrierBlock block = new CarrierBlock(8);
        block.addRow(new int[] {7}, 0, 1);
        block.reset(4);
        assertEquals(0, block.rows());
        assertEquals(0, block.carriers());
        assertThrows(IllegalArgumentException.class, () -> block.addRow(new int[] {7}, 0, 1));
        block.addRow(new int[] {3}, 0, 1);
        assertEquals(1, block.rows());
        assertThrows(IllegalArgumentException.class, () -> block.reset(-1));
    }

    /** A byte that is neither 0 nor 1 (odd values with high bits too, so a lane test on bit 0 alone would fail). */
    private static byte notACarrier(SplittableRandom r) {
        return r.nextBoolean() ? (byte) (2 + r.nextInt(254)) : (byte) (1 | (r.nextInt(1, 128) << 1));
    }
}
