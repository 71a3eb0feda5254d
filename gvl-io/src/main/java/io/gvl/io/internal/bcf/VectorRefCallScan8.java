package io.gvl.io.internal.bcf;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link RefCallScan8} one vector register (64 bytes, 32 calls, with AVX-512) a block. Long runs go four registers per
 * test (the test and its branch, not the loads, bound the one-register loop), then one register at a time to the
 * block where the run ends.
 */
final class VectorRefCallScan8 implements RefCallScan8 {
    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_PREFERRED;

    @Override
    public int block() {
        return SPECIES.length();
    }

    @Override
    public int refRun(byte[] buf, int from, int to) {
        int n = SPECIES.length();
        int i = from;
        while (i + 4 * n <= to && ref(buf, i).and(ref(buf, i + n)).and(ref(buf, i + 2 * n)).and(ref(buf, i + 3 * n))
                .allTrue()) {
            i += 4 * n;
        }
        while (i + n <= to && ref(buf, i).allTrue()) {
            i += n;
        }
        return i - from;
    }

    /** Which bytes of the register at {@code i} are 2 or 3. */
    private static VectorMask<Byte> ref(byte[] buf, int i) {
        return ByteVector.fromArray(SPECIES, buf, i).and((byte) 0xfe).eq((byte) 2);
    }
}
