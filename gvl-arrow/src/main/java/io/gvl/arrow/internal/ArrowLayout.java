package io.gvl.arrow.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.ArrayTooLargeException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The Arrow form of gvl arrays. The instance axis is the record-batch row; every further leading axis is a
 * {@code FixedSizeList} level; a ragged array's rows are a {@code LargeList} over its int64 offsets (gvl's offsets
 * start at 0 and are exactly Arrow's large-list offsets), and a dense array's last axis is a {@code FixedSizeList}.
 * Field nodes and buffers are listed in Arrow's pre-order, as {@code VectorLoader} expects.
 */
public final class ArrowLayout {
    private ArrowLayout() {
    }

    /** The field of {@code array}: non-nullable at every level. */
    public static Field field(NamedArray array) {
        FlatArray a = array.array();
        long[] lead = a.leadingShape();
        Field inner = switch (a) {
            case Ragged r -> new Field(array.name(), FieldType.notNullable(ArrowType.LargeList.INSTANCE),
                    List.of(item(r.dtype())));
            case Dense d -> new Field(array.name(), FieldType.notNullable(new ArrowType.FixedSizeList(width(d))),
                    List.of(item(d.dtype())));
        };
        for (int axis = lead.length - 1; axis >= 1; axis--) {
            inner = new Field(array.name(), FieldType.notNullable(new ArrowType.FixedSizeList(Math.toIntExact(
                    lead[axis]))), List.of(rename(inner, "item")));
        }
        return inner;
    }

    /** The instance count of {@code array}: its first leading axis. */
    public static int instances(NamedArray array) {
        long[] lead = array.array().leadingShape();
        if (lead.length == 0) {
            throw new IllegalArgumentException("array '" + array.name() + "' has no instance axis (shape "
                    + Arrays.toString(lead) + "); only batch arrays can be viewed as Arrow columns");
        }
        return Math.toIntExact(lead[0]);
    }

    /**
     * Appends the nodes and buffers of {@code array}; the data and offsets buffers come from {@code buffers}, and a
     * ragged array whose offsets equal {@code sharedOffsets}'s bytes reuses that buffer (returned for the next one).
     */
    public static OffsetsBuf append(NamedArray array, BufferAllocator allocator, ViewBuffers buffers,
            OffsetsBuf sharedOffsets, List<ArrowFieldNode> nodes, List<ArrowBuf> out) {
        FlatArray a = array.array();
        long[] lead = a.leadingShape();
        long rows = 1;
        for (int axis = 0; axis < lead.length; axis++) {
            rows *= lead[axis];
            if (axis < lead.length - 1) {
                nodes.add(new ArrowFieldNode(rows, 0));
                out.add(allocator.getEmpty());
            }
        }
        switch (a) {
            case Ragged r -> {
                nodes.add(new ArrowFieldNode(rows, 0));
                out.add(allocator.getEmpty());
                OffsetsBuf offsets = sharedOffsets != null && sharedOffsets.sameBytes(r.offsets())
                        ? sharedOffsets : new OffsetsBuf(r.offsets(), buffers.wrap(r.offsets()));
                out.add(offsets.buf());
                nodes.add(new ArrowFieldNode(r.totalLength(), 0));
                out.add(allocator.getEmpty());
                out.add(buffers.wrap(r.data()));
                return offsets;
            }
            case Dense d -> {
                nodes.add(new ArrowFieldNode(rows, 0));
                out.add(allocator.getEmpty());
                nodes.add(new ArrowFieldNode(rows * width(d), 0));
                out.add(allocator.getEmpty());
                out.add(buffers.wrap(d.data()));
                return sharedOffsets;
            }
        }
    }

    /**
     * Refuses, before any buffer is wrapped, an array whose values an Arrow vector cannot count (its value count is
     * an {@code int}): the data of a ragged array, or every value of a dense one.
     *
     * @throws ArrayTooLargeException naming the array, its element count and the fix
     */
    public static void checkSize(NamedArray array) {
        long elements = switch (array.array()) {
            case Ragged r -> r.totalLength();
            case Dense d -> d.data().byteSize() / d.dtype().byteSize();
        };
        ArrayTooLargeException.checkElements("array '" + array.name() + "'", elements, "an Arrow vector");
    }

    /** An offsets buffer already made, with the segment it was made from, so equal offsets can share it. */
    public record OffsetsBuf(MemorySegment segment, ArrowBuf buf) {
        boolean sameBytes(MemorySegment other) {
            return segment.byteSize() == other.byteSize() && segment.mismatch(other) == -1;
        }
    }

    private static int width(Dense d) {
        return Math.toIntExact(d.width());
    }

    private static Field item(DType dtype) {
        ArrowType type = switch (dtype) {
            case U8 -> new ArrowType.Int(8, false);
            case I32 -> new ArrowType.Int(32, true);
            case I64 -> new ArrowType.Int(64, true);
            case F32 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
        };
        return new Field("item", FieldType.notNullable(type), null);
    }

    private static Field rename(Field f, String name) {
        return new Field(name, f.getFieldType(), f.getChildren());
    }
}
