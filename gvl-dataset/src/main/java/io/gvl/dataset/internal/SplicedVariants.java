package io.gvl.dataset.internal;

import io.gvl.core.buffer.NamedArray;
import java.lang.foreign.Arena;
import java.util.BitSet;
import java.util.List;

/**
 * Spliced {@code "variants"} ({@code _dataset/_splice.py}): per (spliced row, sample, ploid) the variant lists of the row's
 * elements concatenated in splice order, with the same fields, AF bounds and ploid folding as unspliced variants.
 * Alleles are reverse-complemented per row, so with {@code rc_neg} every element of a row must share a strand;
 * the exonic filter is not applied (as GVL's SVAR1 backend). Unlike GVL, the dummy variant fills a spliced row
 * that is empty as a whole, not every empty element (docs/differences.md).
 */
final class SplicedVariants {
    private SplicedVariants() {
    }

    static List<NamedArray> run(OpenedDataset ds, ViewState view, SplicedInstances inst, Arena arena) {
        Instances el = inst.elements();
        RegionTable rt = ds.regions();
        int[] metaContig = new int[el.size()];
        for (int i = 0; i < metaContig.length; i++) {
            metaContig[i] = rt.contig()[el.diskRegion()[i]];
        }
        BitSet pairRc = view.rcNeg() ? pairStrands(rt, view, inst) : new BitSet();
        VariantLayout layout = VariantLayout.spliced(el.cells(), inst.pairOffsets(), ds.ploidy(),
                view.variants().unphasedUnion(), pairRc);
        return new VariantReconstructor(ds, view, layout, inst.leadingShape(), arena, metaContig).run(true);
    }

    /** Pairs whose elements are all on the minus strand; a pair mixing strands cannot be reverse-complemented. */
    private static BitSet pairStrands(RegionTable rt, ViewState view, SplicedInstances inst) {
        BitSet minus = new BitSet(inst.pairs());
        int[] offsets = inst.pairOffsets();
        int[] region = inst.elements().diskRegion();
        for (int p = 0; p < inst.pairs(); p++) {
            if (offsets[p] == offsets[p + 1]) {
                continue;
            }
            int strand = rt.strand()[region[offsets[p]]];
            for (int q = offsets[p] + 1; q < offsets[p + 1]; q++) {
                if (rt.strand()[region[q]] != strand) {
                    String key = view.splice().keys().get(inst.pairGroup()[p]);
                    throw new IllegalArgumentException("spliced row '" + key + "' mixes strands (input rows "
                            + java.util.Arrays.toString(view.splice().rows(inst.pairGroup()[p])) + "): spliced VARIANTS"
                            + " reverse-complements whole rows, so all elements of a row must share a strand; fix"
                            + " the splice map, or set rcNeg to false");
                }
            }
            if (strand == -1) {
                minus.set(p);
            }
        }
        return minus;
    }
}
