package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.io.table.IntervalTable;
import java.nio.file.Path;
import java.util.Map;

/**
 * Fuzzes interval tables (table tracks and annotation tables) in every format gvl reads: TSV, CSV, Parquet and
 * Arrow IPC. The selector picks the format; each table is read with and without a required sample column and every
 * row is touched.
 */
class IntervalTableFuzzTest {
    private static final FileSet FILES = FileSet.of(IntervalTableFuzzTest.class, "");

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        Path table = FILES.file(FILES.apply(data));
        Contract.typedOrResult(FILES, () -> {
            for (boolean sampleRequired : new boolean[] {false, true}) {
                IntervalTable t = IntervalTable.read(table, Map.of(), sampleRequired);
                long sum = t.contigs().size() + (t.hasSamples() ? t.samples().size() : 0);
                for (int i = 0; i < t.size(); i++) {
                    if (t.end(i) < t.start(i)) {
                        throw new AssertionError(t.location(i) + ": end before start was accepted");
                    }
                    sum += t.chrom(i).length() + t.end(i) - t.start(i) + (long) t.value(i);
                    if (t.hasSamples()) {
                        sum += t.sample(i).length();
                    }
                }
                if (sum == Long.MIN_VALUE) {
                    throw new AssertionError("unreachable");
                }
            }
        });
    }
}
