package io.gvl.io.svar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.io.Svar2RangesFile;
import io.gvl.io.InputFormatException;
import io.gvl.io.svar.Svar2Fixtures.Call;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The gather on every (region, sample, ploid) of the linked datasets against the VCF (spec/svar.md §7.1). */
class Svar2GatherTest {
    static Stream<Arguments> cases() {
        return Stream.of("ds_svar2", "ds_svar2_subset", "ds_svar2_adv", "ds_svar2_jit", "ds_svar2_dense")
                .flatMap(ds -> Stream.of(Arguments.of(ds, 0), Arguments.of(ds, 7), Arguments.of(ds, -5)));
    }

    /**
     * With {@code qs} = the stored start + {@code shift}, the gather gives the VCF calls of the haplotype that
     * overlap {@code [max(qs, start), qe)} (the windows were cut at the stored start, so a negative shift adds
     * nothing), in §7.1's order.
     */
    @ParameterizedTest(name = "{0} qs shift {1}")
    @MethodSource("cases")
    void everyCellGivesTheVcfCallsOverlappingTheRegion(String name, int shift) {
        try (Svar2Store store = Svar2Store.open(Svar2Fixtures.svar("z.svar2"))) {
            Svar2Contig z = store.contig("z");
            DerivedRanges d = Svar2RangesTest.derive(Svar2Fixtures.svar(name), store);
            List<List<Call>> vcf = Svar2Fixtures.vcfCalls(store.samples(), store.ploidy());
            Svar2Calls calls = new Svar2Calls();
            int total = 0;
            try (Svar2RangesFile f = Svar2RangesTest.openRanges(Svar2Fixtures.svar(name), d)) {
                for (int r = 0; r < d.regions; r++) {
                    long qs = d.qs[r] + shift;
                    long from = Math.max(qs, d.qs[r]);
                    for (int s = 0; s < d.samples; s++) {
                        for (int p = 0; p < d.ploidy; p++) {
                            String at = name + " cell (" + r + ", " + s + ", " + p + ") qs " + qs;
                            calls.clear();
                            Svar2Gather.gather(z, f, r, s, p, qs, calls);
                            int h = (int) f.sampleColumn(s) * d.ploidy + p;
                            List<Call> want = new ArrayList<>();
                            for (Call c : vcf.get(h)) {
                                boolean overlaps = c.ilen() < 0 ? c.end() > from : c.pos() >= from;
                                if (overlaps && c.pos() < d.qe[r]) {
                                    want.add(c);
                                }
                            }
                            List<Call> got = new ArrayList<>();
                            for (int i = 0; i < calls.size(); i++) {
                                got.add(Call.of(calls, i));
                            }
                            assertGatherOrder(calls, at);
                            assertEquals(Svar2Fixtures.sorted(want), Svar2Fixtures.sorted(got), at);
                            total += got.size();
                        }
                    }
                }
            }
            assertTrue(total > 100, total + " calls gathered");
        }
    }

    /**
     * §7.1's order: positions non-decreasing; on equal positions var_key SNP, var_key indel, dense SNP, dense indel;
     * within one stream, store order.
     */
    static void assertGatherOrder(Svar2Calls calls, String at) {
        for (int i = 1; i < calls.size(); i++) {
            long a = calls.origin(i - 1);
            long b = calls.origin(i);
            String pair = at + " calls " + (i - 1) + ", " + i;
            assertTrue(calls.position(i - 1) <= calls.position(i), pair + ": positions decrease");
            if (calls.position(i - 1) == calls.position(i)) {
                int ka = Svar2Origin.kind(a).ordinal();
                int kb = Svar2Origin.kind(b).ordinal();
                assertTrue(ka < kb || ka == kb && Svar2Origin.index(a) < Svar2Origin.index(b),
                        pair + ": tie order " + Svar2Origin.kind(a) + " then " + Svar2Origin.kind(b));
            }
        }
    }

    /** Every call as text, origin included (for comparing two gathers). */
    static List<String> calls(Svar2Calls calls) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            out.add(calls.position(i) + " " + calls.ilen(i) + " " + new String(calls.alt(i), StandardCharsets.US_ASCII)
                    + " " + Svar2Origin.kind(calls.origin(i)) + ":" + Svar2Origin.index(calls.origin(i)));
        }
        return out;
    }

    @Test
    void pureDeletionsHaveNoAltAndOriginsPointBackIntoTheirStream() {
        try (Svar2Store store = Svar2Store.open(Svar2Fixtures.svar("z.svar2"))) {
            Svar2Contig z = store.contig("z");
            Svar2Calls calls = new Svar2Calls();
            int deletions = 0;
            for (int h = 0; h < z.haplotypes(); h++) {
                calls.clear();
                Svar2Gather.gatherAll(z, h, calls);
                for (int i = 0; i < calls.size(); i++) {
                    Svar2Stream s = z.stream(Svar2Origin.kind(calls.origin(i)));
                    long index = Svar2Origin.index(calls.origin(i));
                    assertEquals(s.position(index), calls.position(i));
                    assertEquals(calls.ilen(i) < 0, calls.isPureDeletion(i), "call " + i + " of haplotype " + h);
                    assertEquals(calls.isPureDeletion(i) ? 0 : calls.ilen(i) + 1, calls.altLength(i));
                    if (s.kind().dense()) {
                        assertTrue(s.carries(h, index));
                    } else {
                        assertTrue(index >= s.start(h) && index < s.end(h));
                    }
                    deletions += calls.isPureDeletion(i) ? 1 : 0;
                }
            }
            assertTrue(deletions > 0);
        }
    }

    @Test
    void windowsOutsideTheStoreAreTypedErrors() {
        try (Svar2Store store = Svar2Store.open(Svar2Fixtures.svar("z.svar2"))) {
            Svar2Contig z = store.contig("z");
            Svar2Calls calls = new Svar2Calls();
            InputFormatException e = assertThrows(InputFormatException.class,
                    () -> Svar2Gather.gather(z, 0, 1458, 2, 0, 0, 0, 0, 0, 0, 0, calls));
            assertTrue(e.getMessage().contains("var_key/snp"), e.getMessage());
            e = assertThrows(InputFormatException.class,
                    () -> Svar2Gather.gather(z, 0, 0, 0, 0, 0, 0, 0, 10, 282, 0, calls));
            assertTrue(e.getMessage().contains("dense/indel"), e.getMessage());
            // a zero-length window's start is never read (a cache miss reads as (0, 0))
            Svar2Gather.gather(z, 0, 999_999, 0, 999_999, 0, 5, 5, 7, 7, 0, calls);
            assertEquals(0, calls.size());
            assertThrows(IndexOutOfBoundsException.class,
                    () -> Svar2Gather.gather(z, 32, 0, 0, 0, 0, 0, 0, 0, 0, 0, calls));
        }
    }
}
