package io.gvl.dataset.internal;

import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import io.gvl.dataset.output.DatasetOutput;

/**
 * Bytes one instance, or one spliced pair of element instances, adds to an arena that variant outputs are built in,
 * from the stored calls alone: the outputs (values, alleles or tokens, their offsets; the row offsets are shared by
 * every per-row field) plus the scratch the reconstruction builds in the same arena (gathered call indices, gathered
 * alleles, fetched windows). Exact without AF bounds and dummies, an upper bound with them (filtered calls are
 * counted). Tracks are sized by the kind.
 */
final class VariantSizer {
    private VariantSizer() {
    }

    /**
     * @param cells the instance's cell in the stores, or the elements' of a spliced pair (whose rows concatenate
     *              their calls)
     */
    static long bytes(OpenedDataset ds, ViewState view, long... cells) {
        VariantStore store = ds.variants();
        VariantOptions o = view.variants();
        SparseGenotypes geno = store.genotypes();
        VariantArrays t = store.table();
        VariantsKind kind = (VariantsKind) OutputKind.of(view.seqs());
        int p = ds.ploidy();
        int groups = o.unphasedUnion() ? 1 : p;
        long scalarBytes = 4 + (o.wants(DatasetOutput.ILEN) ? 4 : 0) + (o.wants(DatasetOutput.DOSAGE) ? 4 : 0);
        for (String f : o.varFields()) {
            scalarBytes += store.isInfo(f) ? store.column(f).dtype().byteSize() : 0;
        }
        // One set of row offsets serves every per-row field; AF filtering keeps a flag and a compacted index.
        long total = 8L * groups;
        long perCall = 4 + scalarBytes + (o.filtersAf() ? 5 : 0);
        int dummies = 0;
        long rowCalls = 0;
        for (int h = 0; h < p; h++) {
            rowCalls = o.unphasedUnion() ? rowCalls : 0;
            for (long d : cells) {
                long g = d * p + h;
                for (long j = geno.start(g); j < geno.stop(g); j++) {
                    total += perCall + perVariant(t, kind, o, geno.variant(j));
                    rowCalls++;
                }
            }
            if (rowCalls == 0 && (!o.unphasedUnion() || h == p - 1)) {
                dummies++;
            }
        }
        if (o.dummy().isPresent()) {
            int alleles = o.dummy().get().alt().length + o.dummy().get().ref().length;
            int flank = Math.max(o.flankLength(), o.windowOpt() == null ? 0 : o.windowOpt().flankLength());
            // Upper bound: filling empty rows copies every array once more, and adds the dummy's alleles and their
            // offsets, plus up to four flanks of int32 tokens.
            total = 2 * total + dummies * (scalarBytes + alleles + 16 + 4L * (alleles + 4L * flank));
        }
        return total;
    }

    /** Bytes of one kept variant's alleles, windows or tokens, with the scratch they are built from. */
    private static long perVariant(VariantArrays t, VariantsKind kind, VariantOptions o, int v) {
        return kind.sequenceBytes(t.altEnd(v) - t.altStart(v), t.refEnd(v) - t.start(v), o);
    }
}
