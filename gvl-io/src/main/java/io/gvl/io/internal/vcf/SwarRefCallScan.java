package io.gvl.io.internal.vcf;

/** {@link RefCallScan} eight bytes (two calls) a step, over blocks of a given size. */
final class SwarRefCallScan implements RefCallScan {
    private static final long PHASED = words('|');
    private static final long UNPHASED = words('/');

    private final int block;

    /** @param block bytes per block, a positive multiple of 8 */
    SwarRefCallScan(int block) {
        if (block <= 0 || block % Long.BYTES != 0) {
            throw new IllegalArgumentException("block " + block + " is not a positive multiple of 8");
        }
        this.block = block;
    }

    private static long words(char separator) {
        return ByteWords.lanes('0') & 0x00ff00ff00ff00ffL | (long) separator << 8 | (long) separator << 40
                | (long) '\t' << 24 | (long) '\t' << 56;
    }

    @Override
    public int block() {
        return block;
    }

    @Override
    public int refRun(byte[] line, int from, int to) {
        int i = from;
        while (i + block <= to && allRef(line, i)) {
            i += block;
        }
        return i - from;
    }

    private boolean allRef(byte[] line, int at) {
        long first = ByteWords.at(line, at);
        if (first != PHASED && first != UNPHASED) {
            return false;
        }
        for (int k = Long.BYTES; k < block; k += Long.BYTES) {
            if (ByteWords.at(line, at + k) != first) {
                return false;
            }
        }
        return true;
    }
}
