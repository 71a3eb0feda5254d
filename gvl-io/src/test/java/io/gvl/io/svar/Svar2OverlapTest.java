package io.gvl.io.svar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Svar2Overlap#window}, the binary-search form of spec/svar.md §6.2 that the writer uses, against the
 * test's linear re-derivation ({@link DerivedRanges#overlap}) on every stream of the committed {@code z.svar2}:
 * seeded random windows, biased towards deletion ends, window edges at call positions, negative starts and empty
 * windows. The seed is in the case name.
 */
class Svar2OverlapTest {
    static Stream<Long> seeds() {
        return LongStream.of(1, 7, 42, 20261206, 987654321).boxed();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void windowsEqualTheLinearRederivation(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        try (Svar2Store store = Svar2Store.open(Svar2Fixtures.svar("z.svar2"))) {
            Svar2Contig z = store.contig("z");
            Svar2Stream[] vk = {z.stream(Svar2StreamKind.VAR_KEY_SNP), z.stream(Svar2StreamKind.VAR_KEY_INDEL)};
            Svar2Stream[] dense = {z.stream(Svar2StreamKind.DENSE_SNP), z.stream(Svar2StreamKind.DENSE_INDEL)};
            long top = dense[0].position(dense[0].size() - 1) + 50;
            long[] got = new long[2];
            int nonEmpty = 0;
            for (int q = 0; q < 300; q++) {
                long qs;
                Svar2Stream pick = dense[1];
                long v = rnd.nextLong(pick.size());
                qs = switch (rnd.nextInt(4)) {
                    case 0 -> rnd.nextLong(-20, top);
                    case 1 -> pick.position(v) + Svar2Overlap.extent(pick, v) - rnd.nextLong(0, 3);
                    case 2 -> pick.position(v) + rnd.nextLong(-2, 3);
                    default -> -rnd.nextLong(0, 10);
                };
                long qe = qs + rnd.nextLong(0, 400);
                for (int h = 0; h < z.haplotypes(); h++) {
                    for (Svar2Stream s : vk) {
                        long maxDel = s.kind().snp() ? 0 : z.maxDeletion(h);
                        Svar2Overlap.window(s, s.start(h), s.end(h), maxDel, qs, qe, got);
                        long[] want = DerivedRanges.overlap(s, s.start(h), s.end(h), maxDel, qs, qe);
                        assertArrayEquals(want, got, s.kind() + " haplotype " + h + " window [" + qs + ", " + qe
                                + ")");
                        nonEmpty += got[1] > got[0] ? 1 : 0;
                    }
                }
                for (Svar2Stream s : dense) {
                    long maxDel = s.kind().snp() ? 0 : z.denseMaxDeletion();
                    Svar2Overlap.window(s, 0, s.size(), maxDel, qs, qe, got);
                    assertArrayEquals(DerivedRanges.overlap(s, 0, s.size(), maxDel, qs, qe), got, s.kind()
                            + " window [" + qs + ", " + qe + ")");
                }
            }
            assertTrue(nonEmpty > 100, nonEmpty + " non-empty var_key windows");
        }
    }
}
