package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedReader;
import io.gvl.io.bed.BedRegion;

/** Fuzzes BED and BED-like region files (header lines, strands, extra and block columns, BED12 blocks). */
class BedFuzzTest {
    private static final FileSet FILES = FileSet.of(BedFuzzTest.class, "");

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        FILES.apply(data);
        Contract.typedOrResult(FILES, () -> {
            BedFile bed = BedReader.read(FILES.file("in.bed"));
            long sum = bed.contigs().size();
            for (int row = 0; row < bed.size(); row++) {
                BedRegion r = bed.get(row);
                if (r.end() < r.start()) {
                    throw new AssertionError("row " + row + " ends before it starts: " + r);
                }
                sum += r.length();
                for (String extra : r.extras()) {
                    sum += extra == null ? 0 : extra.length(); // '.' reads as null
                }
                if (bed.hasBlocks()) {
                    sum += bed.blocks(row).count();
                }
            }
            if (sum < 0) {
                throw new AssertionError("negative total length");
            }
        });
    }
}
