package io.gvl.dataset.internal;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Applies the output length (ragged as is; variable = padded to the array's longest row with GVL's pad values;
 * fixed = a zero-copy reshape to a dense array; interval-form tracks stay ragged, as in GVL) and replaces the batch
 * axis by the query's leading shape.
 */
final class OutputShaper {
    private OutputShaper() {
    }

    static List<NamedArray> shape(List<NamedArray> raw, OutputLength length, long[] leading, Arena arena) {
        List<NamedArray> out = new ArrayList<>(raw.size());
        for (NamedArray a : raw) {
            Ragged r = (Ragged) a.array();
            long[] inner = Arrays.copyOfRange(r.shape(), 1, r.shape().length);
            long[] lead = concat(leading, inner);
            OutputLength rowLength = IntervalOutput.NAMES.contains(a.name()) ? OutputLength.ragged() : length;
            FlatArray shaped = switch (rowLength) {
                case OutputLength.Ragged x -> Ragged.wrap(r.dtype(), lead, r.data(), r.offsets());
                case OutputLength.Variable x -> {
                    Dense d = r.toPadded(arena, padValue(a.name()));
                    yield Dense.wrap(d.dtype(), concat(lead, new long[] {d.width()}), d.data());
                }
                case OutputLength.Fixed f -> Dense.wrap(r.dtype(), concat(lead, new long[] {f.n()}), r.data());
            };
            out.add(new NamedArray(a.name(), shaped));
        }
        return out;
    }

    static double padValue(String name) {
        return DatasetOutput.padValue(name);
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
