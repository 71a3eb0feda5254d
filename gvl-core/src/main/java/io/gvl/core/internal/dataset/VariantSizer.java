package io.gvl.core.internal.dataset;

import io.gvl.core.dataset.DatasetOutput;
import io.gvl.core.dataset.SeqKind;
import io.gvl.core.dataset.VarWindowOpt;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantTable;

/**
 * Bytes one instance, or one spliced pair of element instances, occupies in variant outputs, from the stored calls
 * alone: exact without AF bounds, an upper bound with them (filtered calls are counted). Tracks are sized by
 * {@link OutputSizer}.
 */
final class VariantSizer {
    private VariantSizer() {
    }

    /** @param dsIdx the instance, or the elements of a spliced pair (whose rows concatenate their calls) */
    static long bytes(OpenedDataset ds, ViewState view, long... dsIdx) {
        VariantStore store = ds.variants();
        VariantOptions o = view.variants();
        SparseGenotypes geno = store.genotypes();
        VariantTable t = store.table();
        int p = ds.ploidy();
        int groups = o.unphasedUnion() ? 1 : p;
        long scalarBytes = 4 + (o.wants(DatasetOutput.ILEN) ? 4 : 0) + (o.wants(DatasetOutput.DOSAGE) ? 4 : 0);
        for (String f : o.varFields()) {
            scalarBytes += store.isInfo(f) ? store.column(f).dtype().byteSize() : 0;
        }
        long scalarFields = 1 + (o.wants(DatasetOutput.ILEN) ? 1 : 0) + (o.wants(DatasetOutput.DOSAGE) ? 1 : 0)
                + o.varFields().stream().filter(store::isInfo).count();
        long total = 8L * groups * scalarFields;
        int dummies = 0;
        long rowCalls = 0;
        for (int h = 0; h < p; h++) {
            rowCalls = o.unphasedUnion() ? rowCalls : 0;
            for (long d : dsIdx) {
                long g = d * p + h;
                for (long j = geno.start(g); j < geno.stop(g); j++) {
                    total += scalarBytes + perVariant(t, store, view, o, geno.variant(j));
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
            // Upper bound: the dummy's alleles and their offsets, plus up to four flanks of int32 tokens.
            total += dummies * (scalarBytes + alleles + 16 + 4L * (alleles + 4L * flank));
        }
        return total;
    }

    private static long perVariant(VariantTable t, VariantStore store, ViewState view, VariantOptions o, int v) {
        long alt = t.altEnd(v) - t.altStart(v);
        long ref = t.refEnd(v) - t.start(v);
        if (view.seqs() == SeqKind.VARIANT_WINDOWS) {
            VarWindowOpt w = o.windowOpt();
            int es = w.tokens().bytesSuffice() ? 1 : 4;
            long l2 = 2L * w.flankLength();
            long refTokens = w.ref() == VarWindowOpt.Part.WINDOW ? ref + l2 : ref;
            long altTokens = w.alt() == VarWindowOpt.Part.WINDOW ? alt + l2 : alt;
            return es * (refTokens + altTokens) + 16;
        }
        long bytes = alt + 8;
        if (o.wants(DatasetOutput.REF)) {
            bytes += ref + 8;
        }
        if (o.flankLength() > 0 && o.tokens().isPresent()) {
            bytes += 2L * o.flankLength() * (o.tokens().get().bytesSuffice() ? 1 : 4);
        }
        return bytes;
    }
}
