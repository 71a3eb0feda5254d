package io.gvl.dataloader.internal;

import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.output.DatasetOutput;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts the outputs of instances {@code [from, to)} out of a prefetched chunk. Instance-major arrays are sliced on
 * their leading axis; the per-variant arrays of variant outputs (alleles, windows, flank tokens) are sliced on the
 * variant range that those instances' {@value DatasetOutput#START} rows cover, so a batch cut from a chunk holds the
 * same arrays as the same batch fetched on its own.
 */
public final class InstanceSlices {
    private InstanceSlices() {
    }

    public static List<NamedArray> cut(List<NamedArray> chunk, long from, long to) {
        long variantFrom = -1;
        long variantTo = -1;
        for (NamedArray a : chunk) {
            if (a.name().equals(DatasetOutput.START) && a.array() instanceof Ragged start) {
                long[] lead = start.leadingShape();
                long perInstance = lead.length > 1 ? lead[1] : 1;
                variantFrom = start.offset(from * perInstance);
                variantTo = start.offset(to * perInstance);
            }
        }
        List<NamedArray> out = new ArrayList<>(chunk.size());
        for (NamedArray a : chunk) {
            boolean perVariant = DatasetOutput.isPerVariant(a.name());
            if (perVariant && variantFrom < 0) {
                throw new IllegalStateException("a chunk holds the per-variant array '" + a.name() + "' but no '"
                        + DatasetOutput.START + "' array to locate its variants");
            }
            FlatArray s = perVariant ? a.array().sliceLeading(variantFrom, variantTo) : a.array().sliceLeading(from, to);
            out.add(new NamedArray(a.name(), s));
        }
        return out;
    }
}
