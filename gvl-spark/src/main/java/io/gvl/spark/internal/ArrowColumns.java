package io.gvl.spark.internal;

import io.gvl.core.buffer.Ragged;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Arrow vectors for one batch. Ragged gvl rows become {@code VarBinary} (sequences) or {@code List<Float32>}
 * (tracks); when the batch's rows are a contiguous run of gvl rows the data buffer is gvl's own memory
 * ({@link ArenaRelease#wrap}) and only the int32 offsets are new. Other row orders (a haplotype subset, reference
 * rows repeated per haplotype, one track out of several) gather the rows into the batch's arena first.
 */
final class ArrowColumns {
    private ArrowColumns() {
    }

    static IntVector ints(String name, BufferAllocator allocator, int[] values) {
        IntVector v = new IntVector(name, allocator);
        v.allocateNew(values.length);
        for (int i = 0; i < values.length; i++) {
            v.set(i, values[i]);
        }
        v.setValueCount(values.length);
        return v;
    }

    static VarCharVector strings(String name, BufferAllocator allocator, String[] values) {
        VarCharVector v = new VarCharVector(name, allocator);
        v.allocateNew(values.length);
        for (int i = 0; i < values.length; i++) {
            v.setSafe(i, values[i].getBytes(StandardCharsets.UTF_8));
        }
        v.setValueCount(values.length);
        return v;
    }

    /** {@code List<Int32>} from CSR arrays (variant indices are small and gathered from several slots). */
    static ListVector intLists(String name, BufferAllocator allocator, int[] offsets, int[] values) {
        ListVector list = ListVector.empty(name, allocator);
        list.addOrGetVector(FieldType.notNullable(new ArrowType.Int(32, true)));
        ArrowBuf data = allocator.buffer(Math.max(1, values.length * 4L));
        for (int i = 0; i < values.length; i++) {
            data.setInt(i * 4L, values[i]);
        }
        load(list, allocator, offsets.length - 1, values.length, offsetBuffer(allocator, offsets), data);
        return list;
    }

    /** Sequence rows {@code srcRows} of a uint8 ragged array as {@code VarBinary}. */
    static VarBinaryVector binary(String name, BufferAllocator allocator, ArenaRelease memory, Ragged src,
                                  long[] srcRows) {
        Rows rows = Rows.of(memory, src, srcRows, 1);
        VarBinaryVector v = new VarBinaryVector(name, allocator);
        ArrowBuf off = offsetBuffer(allocator, rows.offsets);
        ArrowBuf data = memory.wrap(allocator, rows.data);
        ArrowBuf validity = allocator.getEmpty();
        v.loadFieldBuffers(new ArrowFieldNode(srcRows.length, 0), List.of(validity, off, data));
        off.close();
        data.close();
        return v;
    }

    /** Track rows {@code srcRows} of a float32 ragged array as {@code List<Float32>}. */
    static ListVector floatLists(String name, BufferAllocator allocator, ArenaRelease memory, Ragged src,
                                 long[] srcRows) {
        Rows rows = Rows.of(memory, src, srcRows, Float.BYTES);
        ListVector list = ListVector.empty(name, allocator);
        list.addOrGetVector(FieldType.notNullable(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
        load(list, allocator, srcRows.length, rows.offsets[srcRows.length], offsetBuffer(allocator, rows.offsets),
                memory.wrap(allocator, rows.data));
        return list;
    }

    private static void load(ListVector list, BufferAllocator allocator, int n, long children, ArrowBuf off,
                             ArrowBuf data) {
        list.loadFieldBuffers(new ArrowFieldNode(n, 0), List.of(allocator.getEmpty(), off));
        FieldVector child = list.getDataVector();
        ((BaseFixedWidthVector) child).loadFieldBuffers(new ArrowFieldNode(children, 0),
                List.of(allocator.getEmpty(), data));
        off.close();
        data.close();
    }

    private static ArrowBuf offsetBuffer(BufferAllocator allocator, int[] offsets) {
        ArrowBuf buf = allocator.buffer(offsets.length * 4L);
        for (int i = 0; i < offsets.length; i++) {
            buf.setInt(i * 4L, offsets[i]);
        }
        return buf;
    }

    /** The batch-local int32 offsets of some gvl rows and the memory holding their elements. */
    private record Rows(int[] offsets, MemorySegment data) {
        static Rows of(ArenaRelease memory, Ragged src, long[] srcRows, int elementBytes) {
            int n = srcRows.length;
            int[] offsets = new int[n + 1];
            boolean contiguous = true;
            long total = 0;
            for (int k = 0; k < n; k++) {
                total += src.length(srcRows[k]);
                if (total > Integer.MAX_VALUE) {
                    throw new IllegalStateException("a gvl batch holds more than 2^31 - 1 elements in one column,"
                            + " the most a Spark array column can address: set a smaller option "
                            + ReadOptions.REGIONS_PER_BATCH);
                }
                offsets[k + 1] = (int) total;
                contiguous &= srcRows[k] == srcRows[0] + k;
            }
            if (n == 0) {
                return new Rows(offsets, MemorySegment.NULL);
            }
            if (contiguous) {
                long first = src.offset(srcRows[0]);
                return new Rows(offsets, src.data().asSlice(first * elementBytes, total * elementBytes));
            }
            MemorySegment copy = memory.arena().allocate(Math.max(1, total * elementBytes), elementBytes);
            long at = 0;
            for (long r : srcRows) {
                MemorySegment row = src.row(r);
                MemorySegment.copy(row, 0, copy, at, row.byteSize());
                at += row.byteSize();
            }
            return new Rows(offsets, copy.asSlice(0, at));
        }
    }
}
