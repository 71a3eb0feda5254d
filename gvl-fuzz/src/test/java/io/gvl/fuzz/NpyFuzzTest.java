package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.format.array.Npy;
import io.gvl.format.array.NpyArray;
import io.gvl.format.array.Npz;

/**
 * Fuzzes NumPy arrays: {@code .npy} headers (magic, version, the Python dict, dtype, shape, order) and {@code .npz}
 * archives of them. Every element an array claims is read, so a shape larger than the file cannot go unnoticed.
 */
class NpyFuzzTest {
    private static final FileSet FILES = FileSet.of(NpyFuzzTest.class, "");

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        int selected = FILES.apply(data);
        Contract.typedOrResult(FILES, () -> {
            if (selected == 0) {
                touch(Npy.read(FILES.file(0)));
            } else {
                Npz.read(FILES.file(1)).values().forEach(NpyFuzzTest::touch);
            }
        });
    }

    private static void touch(NpyArray a) {
        long bytes = a.size() * a.itemSize();
        if (bytes != a.data().byteSize()) {
            throw new AssertionError(a.source() + ": shape gives " + bytes + " bytes but " + a.data().byteSize()
                    + " are mapped");
        }
        a.toByteArray();
    }
}
