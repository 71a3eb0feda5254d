package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes every file of a GenVarLoader-written dataset with genotypes and a bigWig track ({@code metadata.json},
 * {@code regions.npy}, {@code input_regions.arrow}, the genotype offsets and indexes, the variant table, the
 * interval arrays), one file at a time, through {@code Dataset.open} and reads of every instance.
 */
class DatasetFuzzTest {
    private static final DatasetTarget TARGET = new DatasetTarget(DatasetFuzzTest.class,
            Path.of(System.getProperty("gvl.shared.data"), "real/vg-1mb1kgp/z.fa"));

    @AfterAll
    static void close() {
        TARGET.close();
    }

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        TARGET.read(data, "ds", () -> { });
    }
}
