package io.gvl.io.internal.bcf;

import io.gvl.io.internal.vcf.ByteWords;

/** {@link RefCallScan8} eight bytes (four calls) a step, over blocks of a given size. */
final class SwarRefCallScan8 implements RefCallScan8 {
    private static final long PHASE_MASK = 0xfefefefefefefefeL;
    private static final long REF_CALLS = 0x0202020202020202L;

    private final int block;

    /** @param block bytes per block, a positive multiple of 8 */
    SwarRefCallScan8(int block) {
        if (block <= 0 || block % Long.BYTES != 0) {
            throw new IllegalArgumentException("block " + block + " is not a positive multiple of 8");
        }
        this.block = block;
    }

    @Override
    public int block() {
        return block;
    }

    @Override
    public int refRun(byte[] buf, int from, int to) {
        int i = from;
        outer:
        while (i + block <= to) {
            for (int k = 0; k < block; k += Long.BYTES) {
                if ((ByteWords.at(buf, i + k) & PHASE_MASK) != REF_CALLS) {
                    break outer;
                }
            }
            i += block;
        }
        return i - from;
    }
}
