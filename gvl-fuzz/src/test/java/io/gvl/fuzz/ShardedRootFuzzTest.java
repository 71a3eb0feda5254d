package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.testing.TestFiles;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes a sharded dataset root written in parts: its {@code manifest.json} (layout, block sizes, shard list with
 * sizes and CRC32C sums) and each shard's files, one file at a time, through {@code Dataset.open} of the root.
 */
class ShardedRootFuzzTest {
    private static final DatasetTarget TARGET = new DatasetTarget(ShardedRootFuzzTest.class,
            TestFiles.gvl043("svar/inputs/yz.fa"));

    @AfterAll
    static void close() {
        TARGET.close();
    }

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        TARGET.read(data, "root", () -> { });
    }
}
