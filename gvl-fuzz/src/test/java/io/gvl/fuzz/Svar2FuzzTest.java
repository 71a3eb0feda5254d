package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.io.svar.Svar2Calls;
import io.gvl.io.svar.Svar2Contig;
import io.gvl.io.svar.Svar2Gather;
import io.gvl.io.svar.Svar2Store;
import io.gvl.testing.TestFiles;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes a genoray {@code .svar2} store (its {@code meta.json}, per-contig streams, keys, offsets and long alleles)
 * and the GenVarLoader dataset linked to it (with its range cache), one file at a time: the store is read directly,
 * every haplotype of every contig gathered, and then through the dataset. A changed length is refused by the link's
 * fingerprint, so it is the direct read that meets most mutations.
 */
class Svar2FuzzTest {
    private static final DatasetTarget TARGET = new DatasetTarget(Svar2FuzzTest.class,
            TestFiles.gvl043("svar/inputs/yz.fa"));

    @AfterAll
    static void close() {
        TARGET.close();
    }

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        TARGET.read(data, "ds", () -> gatherAll());
    }

    private static void gatherAll() {
        try (Svar2Store store = Svar2Store.open(TARGET.files().dir().resolve("yz.svar2"))) {
            Svar2Calls calls = new Svar2Calls();
            for (String name : store.contigs()) {
                Svar2Contig contig = store.contig(name);
                for (int h = 0; h < contig.haplotypes(); h++) {
                    calls.clear();
                    Svar2Gather.gatherAll(contig, h, calls);
                    for (int i = 0; i < calls.size(); i++) {
                        if (calls.altStart(i) + calls.altLength(i) > calls.altBytes().length) {
                            throw new AssertionError(name + " haplotype " + h + " call " + i
                                    + ": ALT runs past the allele bytes");
                        }
                    }
                }
            }
        }
    }
}
