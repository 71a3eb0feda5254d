package io.gvl.io.internal.pgen;

/**
 * Aux track 2 (hardcall phase, plink-ng's {@code pgen_spec}): one bit per het, in ascending sample order, saying
 * which haplotype carries the ALT; with an explicit phasepresent array first when not every het is phased. Shared
 * by the dense decode (codes indexed by sample) and the sparse one (codes indexed by list entry).
 */
final class PhaseTrack {
    private PhaseTrack() {
    }

    /**
     * Reads the track at the cursor and turns the hets it phases into {@link CallCodes#PHASED_0_1} or
     * {@link CallCodes#PHASED_1_0}: het {@code j} is {@code codes[hets[j]]}, for {@code j < count}, in ascending
     * sample order.
     */
    static void apply(RecordCursor c, int[] hets, int count, byte[] codes) {
        if (count == 0) {
            throw new PgenCorruptException("the record has a phase track but no heterozygous call");
        }
        byte[] b = c.bytes();
        int first = c.take(1 + count / 8);
        boolean explicit = (b[first] & 1) != 0;
        if (!explicit) {
            for (int j = 0; j < count; j++) {
                codes[hets[j]] = bit(b, first, j + 1) ? CallCodes.PHASED_1_0 : CallCodes.PHASED_0_1;
            }
            return;
        }
        int phased = 0;
        for (int j = 0; j < count; j++) {
            if (bit(b, first, j + 1)) {
                phased++;
            }
        }
        int info = c.take((phased + 7) / 8);
        int p = 0;
        for (int j = 0; j < count; j++) {
            if (bit(b, first, j + 1)) {
                codes[hets[j]] = bit(b, info, p) ? CallCodes.PHASED_1_0 : CallCodes.PHASED_0_1;
                p++;
            }
        }
    }

    private static boolean bit(byte[] b, int at, int k) {
        return ((b[at + (k >> 3)] >> (k & 7)) & 1) != 0;
    }
}
