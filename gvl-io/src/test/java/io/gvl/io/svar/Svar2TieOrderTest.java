package io.gvl.io.svar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * §7.1's tie order and {@code qs} filters on a hand-made store where all four streams hold a call at one position,
 * and a store whose indel streams are 0-byte files.
 */
class Svar2TieOrderTest {
    private static final int INSERT_CA = 0x0A000000;
    private static final int DELETE_2 = -2 << 1;
    private static final int DELETE_1 = -1 << 1;
    private static final int LOOKUP_0 = 1;
    private static final String LONG = "ACGTACGTACGTACGT";

    /** One haplotype: every stream has a call at 10; more at 12, 15 and 20. */
    static Path tieStore(Path dir) throws IOException {
        Path store = dir.resolve("tie.svar2");
        TinyStore.meta(store, 1, 1);
        Path c = store.resolve("c");
        // SNP codes G=3, T=2 -> 0b10_11; A=0, C=1 -> 0b01_00.
        TinyStore.stream(c, Svar2StreamKind.VAR_KEY_SNP, new int[]{10, 20}, new byte[]{0x0B}, new long[]{0, 2}, null);
        TinyStore.stream(c, Svar2StreamKind.VAR_KEY_INDEL, new int[]{10, 20}, TinyStore.u32(INSERT_CA, DELETE_2),
                new long[]{0, 2}, null);
        TinyStore.stream(c, Svar2StreamKind.DENSE_SNP, new int[]{10, 15}, new byte[]{0x04}, null, new byte[]{3});
        TinyStore.stream(c, Svar2StreamKind.DENSE_INDEL, new int[]{10, 12}, TinyStore.u32(LOOKUP_0, DELETE_1), null,
                new byte[]{3});
        TinyStore.longAlleles(c, LONG);
        TinyStore.maxDel(c, 1, 1, 2);
        return store;
    }

    private static List<String> gather(Svar2Contig c, long qs) {
        Svar2Calls calls = new Svar2Calls();
        Svar2Gather.gather(c, 0, 0, 2, 0, 2, 0, 2, 0, 2, qs, calls);
        return Svar2GatherTest.calls(calls);
    }

    @Test
    void equalPositionsGoVarKeySnpVarKeyIndelDenseSnpDenseIndel(@TempDir Path tmp) throws IOException {
        try (Svar2Store store = Svar2Store.open(tieStore(tmp))) {
            Svar2Contig c = store.contig("c");
            assertEquals(List.of(
                    "10 0 G VAR_KEY_SNP:0",
                    "10 1 CA VAR_KEY_INDEL:0",
                    "10 0 A DENSE_SNP:0",
                    "10 15 " + LONG + " DENSE_INDEL:0",
                    "12 -1  DENSE_INDEL:1",
                    "15 0 C DENSE_SNP:1",
                    "20 0 T VAR_KEY_SNP:1",
                    "20 -2  VAR_KEY_INDEL:1"), gather(c, 0));
            Svar2Calls all = new Svar2Calls();
            Svar2Gather.gatherAll(c, 0, all);
            assertEquals(gather(c, 0), Svar2GatherTest.calls(all));
        }
    }

    @Test
    void qsDropsSnpsBeforeItAndIndelsEndingAtIt(@TempDir Path tmp) throws IOException {
        try (Svar2Store store = Svar2Store.open(tieStore(tmp))) {
            Svar2Contig c = store.contig("c");
            // qs 11: the insertions at 10 end at 11 and go; the deletion at 12 stays.
            assertEquals(List.of("12 -1  DENSE_INDEL:1", "15 0 C DENSE_SNP:1", "20 0 T VAR_KEY_SNP:1",
                    "20 -2  VAR_KEY_INDEL:1"), gather(c, 11));
            // qs 21: the SNP at 20 goes, the 2-bp deletion at 20 covers 21..22 and stays; at 23 it goes too.
            assertEquals(List.of("20 -2  VAR_KEY_INDEL:1"), gather(c, 21));
            assertEquals(List.of("20 -2  VAR_KEY_INDEL:1"), gather(c, 22));
            assertEquals(List.of(), gather(c, 23));
        }
    }

    @Test
    void zeroByteStreamsOpenAsEmpty(@TempDir Path tmp) throws IOException {
        Path store = tmp.resolve("snps.svar2");
        TinyStore.meta(store, 1, 2);
        Path c = store.resolve("c");
        TinyStore.stream(c, Svar2StreamKind.VAR_KEY_SNP, new int[]{5}, new byte[]{0x02}, new long[]{0, 1, 1}, null);
        TinyStore.stream(c, Svar2StreamKind.VAR_KEY_INDEL, new int[0], new byte[0], new long[]{0, 0, 0}, null);
        TinyStore.stream(c, Svar2StreamKind.DENSE_SNP, new int[]{7}, new byte[]{0x01}, null, new byte[]{2});
        TinyStore.stream(c, Svar2StreamKind.DENSE_INDEL, new int[0], new byte[0], null, new byte[0]);
        TinyStore.longAlleles(c);
        TinyStore.maxDel(c, 0, 2, 0, 0);
        try (Svar2Store s = Svar2Store.open(store)) {
            Svar2Contig contig = s.contig("c");
            assertEquals(0, contig.stream(Svar2StreamKind.DENSE_INDEL).size());
            assertEquals(0, contig.longAlleleCount());
            Svar2Calls calls = new Svar2Calls();
            Svar2Gather.gatherAll(contig, 0, calls);
            assertEquals(List.of("5 0 T VAR_KEY_SNP:0"), Svar2GatherTest.calls(calls));
            calls.clear();
            Svar2Gather.gatherAll(contig, 1, calls);
            assertEquals(List.of("7 0 C DENSE_SNP:0"), Svar2GatherTest.calls(calls));
        }
    }
}
