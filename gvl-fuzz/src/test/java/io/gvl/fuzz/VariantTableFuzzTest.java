package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.format.VariantTable;
import io.gvl.format.io.VariantTableFile;
import java.nio.file.Path;

/**
 * Fuzzes a dataset's variant table, {@code genotypes/variants.arrow} (Arrow IPC, GVL's and gvl's schemas): the core
 * columns, every numeric column and the fingerprint a linked dataset is checked against.
 */
class VariantTableFuzzTest {
    private static final FileSet FILES = FileSet.of(VariantTableFuzzTest.class, "");

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        FILES.apply(data);
        Path file = FILES.file("variants.arrow");
        Contract.typedOrResult(FILES, () -> {
            VariantTable t = VariantTableFile.read(file);
            for (int i = 0; i < t.size(); i++) {
                if (t.chrom()[i] == null || t.ref()[i] == null || t.alt()[i] == null) {
                    throw new AssertionError("row " + i + " has a null core value");
                }
            }
            VariantTableFile.int64Positions(file);
            for (String name : VariantTableFile.numericColumns(file).keySet()) {
                if (VariantTableFile.readNumeric(file, name).size() != t.size()) {
                    throw new AssertionError("column " + name + " has another length than the table");
                }
            }
            VariantTableFile.fingerprint(file);
        });
    }
}
