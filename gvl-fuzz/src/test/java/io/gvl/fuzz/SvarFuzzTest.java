package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.io.fasta.Reference;
import io.gvl.io.fasta.ReferenceOptions;
import io.gvl.testing.TestFiles;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes a genoray {@code .svar} store ({@code metadata.json}, {@code index.arrow}, {@code offsets.npy},
 * {@code variant_idxs.npy}) and the GenVarLoader dataset linked to it, one file at a time, read as a user reads it.
 */
class SvarFuzzTest {
    private static final FileSet FILES = FileSet.of(SvarFuzzTest.class, "");
    private static final Reference REFERENCE = Reference.open(TestFiles.gvl043("svar/inputs/yz.fa"),
            ReferenceOptions.defaults().withInMemory(true));

    @AfterAll
    static void close() {
        REFERENCE.close();
    }

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        FILES.apply(data);
        Contract.typedOrResult(FILES, () -> DatasetReads.readAll(FILES.dir().resolve("ds"), REFERENCE));
    }
}
