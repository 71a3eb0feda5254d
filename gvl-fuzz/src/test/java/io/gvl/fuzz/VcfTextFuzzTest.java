package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

/** Fuzzes a plain-text VCF (no index): header, records, genotypes, INFO/FORMAT fields and the index. */
class VcfTextFuzzTest {
    private static final FileSet FILES = FileSet.of(VcfTextFuzzTest.class, "");

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        FILES.apply(data);
        Contract.typedOrResult(FILES, () -> VariantFiles.readAll(FILES.file("in.vcf")));
    }
}
