package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.io.fasta.Reference;
import io.gvl.io.fasta.ReferenceOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes every file of a GenVarLoader-written dataset with genotypes and a bigWig track ({@code metadata.json},
 * {@code regions.npy}, {@code input_regions.arrow}, the genotype offsets and indexes, the variant table, the
 * interval arrays), one file at a time, through {@code Dataset.open} and reads of every instance.
 */
class DatasetFuzzTest {
    private static final FileSet FILES = FileSet.of(DatasetFuzzTest.class, "");
    private static final Reference REFERENCE = Reference.open(
            Path.of(System.getProperty("gvl.shared.data"), "real/vg-1mb1kgp/z.fa"),
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
