package io.gvl.dataloader.internal;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.buffer.NamedArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/** Deep copies of output arrays into a given arena (a batch source that cannot write into a loader slot itself). */
public final class ArrayViews {
    private ArrayViews() {
    }

    /** Deep copies into {@code arena}. */
    public static List<NamedArray> copies(List<NamedArray> arrays, Arena arena) {
        List<NamedArray> out = new ArrayList<>(arrays.size());
        for (NamedArray a : arrays) {
            out.add(new NamedArray(a.name(), copy(a.array(), arena)));
        }
        return out;
    }

    private static FlatArray copy(FlatArray array, Arena arena) {
        return switch (array) {
            case Ragged r -> Ragged.wrap(r.dtype(), r.leadingShape(), copyOf(r.data(), arena), copyOf(r.offsets(), arena));
            case Dense d -> Dense.wrap(d.dtype(), d.shape(), copyOf(d.data(), arena));
        };
    }

    private static MemorySegment copyOf(MemorySegment src, Arena arena) {
        MemorySegment dst = arena.allocate(Math.max(1, src.byteSize()), 8).asSlice(0, src.byteSize());
        MemorySegment.copy(src, 0, dst, 0, src.byteSize());
        return dst;
    }
}
