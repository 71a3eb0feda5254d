package io.gvl.io.internal.vcf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testkit.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link CarrierList} gives the slots added, ascending, whether they came in order or not, one at a time or as
 * diploid calls; seeded records of up to 5,000 diploid samples, some in file order, some shuffled.
 */
class CarrierListTest {
    static Stream<Long> seeds() {
        return Seeds.range(1, 9);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void slotsComeOutAscending(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        CarrierList list = new CarrierList();
        for (int record = 0; record < 200; record++) {
            int samples = 1 + r.nextInt(5_000);
            int[] order = new int[samples];
            for (int i = 0; i < samples; i++) {
                order[i] = i;
            }
            if (r.nextBoolean()) { // a selection not in file order
                for (int i = samples - 1; i > 0; i--) {
                    int j = r.nextInt(i + 1);
                    int t = order[i];
                    order[i] = order[j];
                    order[j] = t;
                }
            }
            int oneIn = 1 + r.nextInt(r.nextBoolean() ? 3 : 500);
            TreeSet<Integer> expected = new TreeSet<>();
            list.start();
            for (int o : order) {
                int alleles = (r.nextInt(oneIn) == 0 ? 1 : 0) | (r.nextInt(oneIn) == 0 ? 2 : 0);
                if (r.nextBoolean()) {
                    list.addDiploid(2 * o, alleles);
                } else {
                    if ((alleles & 1) != 0) {
                        list.add(2 * o);
                    }
                    if ((alleles & 2) != 0) {
                        list.add(2 * o + 1);
                    }
                }
                if ((alleles & 1) != 0) {
                    expected.add(2 * o);
                }
                if ((alleles & 2) != 0) {
                    expected.add(2 * o + 1);
                }
            }
            assertTrue(list.valid());
            int[] want = expected.stream().mapToInt(Integer::intValue).toArray();
            assertArrayEquals(want, Arrays.copyOf(list.ascendingSlots(), list.size()),
                    "seed " + seed + " record " + record);
        }
    }

    @Test
    void anInvalidatedListIsInvalidUntilStartedAgain() {
        CarrierList list = new CarrierList();
        list.start();
        list.add(3);
        list.invalidate();
        assertFalse(list.valid());
        list.start();
        assertTrue(list.valid());
        assertArrayEquals(new int[0], Arrays.copyOf(list.ascendingSlots(), list.size()));
    }
}
