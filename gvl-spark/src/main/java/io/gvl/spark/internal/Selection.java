package io.gvl.spark.internal;

import java.io.Serializable;
import java.util.BitSet;

/**
 * Which regions, samples and haplotypes pushed filters allow. It is coarse by design: Spark still applies every
 * filter to the rows, so a selection only has to contain every matching row, and pruning only saves work.
 *
 * @param regions allowed region indices
 * @param samples allowed sample indices
 * @param haplotypes allowed haplotype indices
 */
record Selection(BitSet regions, BitSet samples, BitSet haplotypes) implements Serializable {

    static Selection all(int regions, int[] samples, int ploidy) {
        BitSet r = new BitSet();
        r.set(0, regions);
        BitSet s = new BitSet();
        for (int i : samples) {
            s.set(i);
        }
        BitSet h = new BitSet();
        h.set(0, ploidy);
        return new Selection(r, s, h);
    }
}
