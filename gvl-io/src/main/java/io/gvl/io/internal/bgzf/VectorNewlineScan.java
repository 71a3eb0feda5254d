package io.gvl.io.internal.bgzf;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link NewlineScan} a vector register per step (64 bytes with AVX-512): compare every lane with {@code \n} and take
 * the first lane that matches; the tail shorter than a vector goes through {@link SwarNewlineScan}.
 */
final class VectorNewlineScan implements NewlineScan {
    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_PREFERRED;
    @Override
    public int find(byte[] b, int from, int to) {
        int step = SPECIES.length();
        int i = from;
        for (; i + step <= to; i += step) {
            VectorMask<Byte> hit = ByteVector.fromArray(SPECIES, b, i).eq((byte) '\n');
            if (hit.anyTrue()) {
                return i + hit.firstTrue();
            }
        }
        return SwarNewlineScan.scan(b, i, to);
    }
}
