package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

/** Fuzzes a bgzipped VCF and its tabix index: header, records, genotypes, INFO/FORMAT fields and the index. */
class VcfGzFuzzTest {
    private static final FileSet FILES = FileSet.of(VcfGzFuzzTest.class, "");

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        FILES.apply(data);
        Contract.typedOrResult(FILES, () -> VariantFiles.readAll(FILES.file("in.vcf.gz")));
    }
}
