package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

/** Fuzzes a BCF and its CSI index: header, records, genotypes, INFO/FORMAT fields and the index. */
class BcfFuzzTest {
    private static final FileSet FILES = FileSet.of(BcfFuzzTest.class, "");

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        FILES.apply(data);
        Contract.typedOrResult(FILES, () -> VariantFiles.readAll(FILES.file("in.bcf")));
    }
}
