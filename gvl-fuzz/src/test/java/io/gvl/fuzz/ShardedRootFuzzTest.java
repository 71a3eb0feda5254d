package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.io.fasta.Reference;
import io.gvl.io.fasta.ReferenceOptions;
import io.gvl.testing.TestFiles;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes a sharded dataset root written in parts: its {@code manifest.json} (layout, block sizes, shard list with
 * sizes and CRC32C sums) and each shard's files, one file at a time, through {@code Dataset.open} of the root.
 */
class ShardedRootFuzzTest {
    private static final FileSet FILES = FileSet.of(ShardedRootFuzzTest.class, "");
    private static final Reference REFERENCE = Reference.open(TestFiles.gvl043("svar/inputs/yz.fa"),
            ReferenceOptions.defaults().withInMemory(true));

    @AfterAll
    static void close() {
        REFERENCE.close();
    }

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        FILES.apply(data);
        Contract.typedOrResult(FILES, () -> DatasetReads.readAll(FILES.dir().resolve("root"), REFERENCE));
    }
}
