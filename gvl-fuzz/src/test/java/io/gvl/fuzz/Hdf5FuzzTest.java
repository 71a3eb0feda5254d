package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.write.internal.Hdf5Probe;

/**
 * Fuzzes HDF5 coverage input (per-sample groups of per-contig 1-D datasets, chunked or contiguous, compressed or
 * not), read through jHDF as a write reads it.
 */
class Hdf5FuzzTest {
    private static final FileSet FILES = FileSet.of(Hdf5FuzzTest.class, "");

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        FILES.apply(data);
        Contract.typedOrResult(FILES, () -> Hdf5Probe.readAll(FILES.file("in.h5")));
    }
}
