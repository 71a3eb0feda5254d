package io.gvl.io.internal.vcf;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link RefCallScan} one vector register (64 bytes, 16 calls, with AVX-512) a block, compared with both patterns.
 * Runs of phased calls go four registers per test (about 1.5× faster: the test and its branch bound the one-register
 * loop); the one-register loop then finds the block where the run ends, or goes on through unphased calls.
 */
final class VectorRefCallScan implements RefCallScan {
    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_PREFERRED;
    private static final ByteVector PHASED = pattern('|');
    private static final ByteVector UNPHASED = pattern('/');

    private static ByteVector pattern(char separator) {
        byte[] b = new byte[SPECIES.length()];
        for (int i = 0; i < b.length; i += 4) {
            b[i] = '0';
            b[i + 1] = (byte) separator;
            b[i + 2] = '0';
            b[i + 3] = '\t';
        }
        return ByteVector.fromArray(SPECIES, b, 0);
    }

    @Override
    public int block() {
        return SPECIES.length();
    }

    @Override
    public int refRun(byte[] line, int from, int to) {
        int n = SPECIES.length();
        int i = from;
        while (i + 4 * n <= to && ByteVector.fromArray(SPECIES, line, i).eq(PHASED)
                .and(ByteVector.fromArray(SPECIES, line, i + n).eq(PHASED))
                .and(ByteVector.fromArray(SPECIES, line, i + 2 * n).eq(PHASED))
                .and(ByteVector.fromArray(SPECIES, line, i + 3 * n).eq(PHASED)).allTrue()) {
            i += 4 * n;
        }
        while (i + n <= to) {
            ByteVector v = ByteVector.fromArray(SPECIES, line, i);
            if (!v.eq(PHASED).allTrue() && !v.eq(UNPHASED).allTrue()) {
                break;
            }
            i += n;
        }
        return i - from;
    }
}
