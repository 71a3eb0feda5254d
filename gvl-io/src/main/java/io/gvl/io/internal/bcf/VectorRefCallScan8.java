package io.gvl.io.internal.bcf;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/** {@link RefCallScan8} one vector register (64 bytes, 32 calls, with AVX-512) a block. */
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
        while (i + n <= to && ByteVector.fromArray(SPECIES, buf, i).and((byte) 0xfe).eq((byte) 2).allTrue()) {
            i += n;
        }
        return i - from;
    }
}
