package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.io.fasta.Reference;
import io.gvl.io.fasta.ReferenceOptions;
import io.gvl.testing.TestFiles;
import io.gvl.io.svar.Svar2Calls;
import io.gvl.io.svar.Svar2Contig;
import io.gvl.io.svar.Svar2Gather;
import io.gvl.io.svar.Svar2Store;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes a genoray {@code .svar2} store (its {@code meta.json}, per-contig streams, keys, offsets and long alleles)
 * and the GenVarLoader dataset linked to it (with its range cache), one file at a time: the store is read directly,
 * every haplotype of every contig gathered, and then through the dataset. A changed length is refused by the link's
 * fingerprint, so it is the direct read that meets most mutations.
 */
class Svar2FuzzTest {
    private static final FileSet FILES = FileSet.of(Svar2FuzzTest.class, "");
    private static final Reference REFERENCE = Reference.open(TestFiles.gvl043("svar/inputs/yz.fa"),
            ReferenceOptions.defaults().withInMemory(true));

    @AfterAll
    static void close() {
        REFERENCE.close();
    }

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        FILES.apply(data);
        Contract.typedOrResult(FILES, () -> {
            try (Svar2Store store = Svar2Store.open(FILES.dir().resolve("yz.svar2"))) {
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
            DatasetReads.readAll(FILES.dir().resolve("ds"), REFERENCE);
        });
    }
}
