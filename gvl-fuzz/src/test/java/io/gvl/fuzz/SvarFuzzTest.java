package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.testing.TestFiles;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes a genoray {@code .svar} store ({@code metadata.json}, {@code index.arrow}, {@code offsets.npy},
 * {@code variant_idxs.npy}) and the GenVarLoader dataset linked to it, one file at a time, read as a user reads it.
 */
class SvarFuzzTest {
    private static final DatasetTarget TARGET = new DatasetTarget(SvarFuzzTest.class,
            TestFiles.gvl043("svar/inputs/yz.fa"));

    @AfterAll
    static void close() {
        TARGET.close();
    }

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        TARGET.read(data, "ds", () -> { });
    }
}
