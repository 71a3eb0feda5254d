package io.gvl.dataloader.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Serializes one chunk of outputs into a shared-memory slot, little-endian, and reads it back in the loader that
 * wrote it. An internal layout, not a format for other processes (the hand-off ring has its own, documented one):
 * <pre>
 *   0  u64 magic "GVLSLOT1"      8  u64 chunk sequence number   16 u64 instances
 *  24  u64 payload bytes        32  u32 arrays                 36  u32 header bytes (payload start)
 *  40  per array: u8 kind (0 dense, 1 ragged), u8 dtype (0 u8, 1 i32, 2 i64, 3 f32), u16 name bytes,
 *      u32 ndim, name (UTF-8, zero-padded to 8), i64 shape[ndim] (dense: full shape; ragged: leading shape),
 *      i64 data offset, i64 data bytes, i64 offsets offset, i64 offsets bytes (0, 0 for dense)
 *  payload: each data and offsets block 8-byte aligned, offsets measured from the slot start; blocks appear in
 *  any order (kernels write them in place), and the payload-bytes field is the end of the last block
 * </pre>
 */
public final class ChunkSlotHeader {
    public static final long MAGIC = 0x31544F4C534C5647L; // "GVLSLOT1" read as a little-endian u64
    public static final int HEADER_BYTES = 4096;
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private ChunkSlotHeader() {
    }

    /** Where a data or offsets block lives in the slot: its offset from the slot start. */
    private interface Placer {
        long place(MemorySegment block);
    }

    /** Writes {@code arrays} into {@code slot}, copying every block into the payload; fails clearly if they do not fit. */
    public static void write(MemorySegment slot, long sequence, long instances, List<NamedArray> arrays) {
        long payload = HEADER_BYTES;
        for (NamedArray a : arrays) {
            payload = align(payload) + dataOf(a.array()).byteSize();
            if (a.array() instanceof Ragged r) {
                payload = align(payload) + r.offsets().byteSize();
            }
        }
        checkHeader(arrays);
        if (payload > slot.byteSize()) {
            throw new IllegalStateException("chunk needs " + payload + " bytes but the slot holds " + slot.byteSize()
                    + ": the batch source under-reported instance bytes");
        }
        long[] p = {HEADER_BYTES};
        writeHeader(slot, sequence, instances, arrays, block -> {
            long at = align(p[0]);
            MemorySegment.copy(block, 0, slot, at, block.byteSize());
            p[0] = at + block.byteSize();
            return at;
        });
    }

    /**
     * Writes only the header for {@code arrays} that the kernels already wrote into {@code slot}'s payload: blocks
     * inside the slot are described where they are; any other block (e.g. small offsets a view made on the heap) is
     * copied into the slot's free space first.
     *
     * @throws IllegalStateException if a block outside the slot does not fit its free space
     */
    public static void describe(Slot slot, long sequence, long instances, List<NamedArray> arrays) {
        checkHeader(arrays);
        MemorySegment seg = slot.segment();
        writeHeader(seg, sequence, instances, arrays, block -> {
            MemorySegment in = block;
            if (!slot.contains(block)) {
                in = slot.bump(block.byteSize(), 8);
                if (!slot.contains(in)) {
                    throw new IllegalStateException("chunk does not fit its shared-memory slot of " + seg.byteSize()
                            + " bytes: the batch source under-reported instance bytes");
                }
                MemorySegment.copy(block, 0, in, 0, block.byteSize());
            }
            return in.address() - seg.address();
        });
    }

    private static void checkHeader(List<NamedArray> arrays) {
        long header = 40;
        for (NamedArray a : arrays) {
            byte[] name = a.name().getBytes(StandardCharsets.UTF_8);
            header += 8 + align(name.length) + 8L * storedShape(a.array()).length + 32;
        }
        if (header > HEADER_BYTES) {
            throw new IllegalArgumentException("slot header needs " + header + " bytes (> " + HEADER_BYTES
                    + "): too many outputs or names too long");
        }
    }

    private static void writeHeader(MemorySegment slot, long sequence, long instances, List<NamedArray> arrays,
                                    Placer placer) {
        slot.set(I64, 0, MAGIC);
        slot.set(I64, 8, sequence);
        slot.set(I64, 16, instances);
        slot.set(I32, 32, arrays.size());
        slot.set(I32, 36, HEADER_BYTES);
        long h = 40;
        long end = HEADER_BYTES;
        for (NamedArray a : arrays) {
            FlatArray arr = a.array();
            byte[] name = a.name().getBytes(StandardCharsets.UTF_8);
            long[] shape = storedShape(arr);
            slot.set(ValueLayout.JAVA_BYTE, h, (byte) (arr instanceof Ragged ? 1 : 0));
            slot.set(ValueLayout.JAVA_BYTE, h + 1, (byte) arr.dtype().ordinal());
            slot.set(I16, h + 2, (short) name.length);
            slot.set(I32, h + 4, shape.length);
            h += 8;
            slot.asSlice(h, align(name.length)).fill((byte) 0);
            MemorySegment.copy(name, 0, slot, ValueLayout.JAVA_BYTE, h, name.length);
            h += align(name.length);
            for (long d : shape) {
                slot.set(I64, h, d);
                h += 8;
            }
            MemorySegment data = dataOf(arr);
            long dataAt = placer.place(data);
            slot.set(I64, h, dataAt);
            slot.set(I64, h + 8, data.byteSize());
            end = Math.max(end, dataAt + data.byteSize());
            long offOffset = 0;
            long offBytes = 0;
            if (arr instanceof Ragged r) {
                offBytes = r.offsets().byteSize();
                offOffset = placer.place(r.offsets());
                end = Math.max(end, offOffset + offBytes);
            }
            slot.set(I64, h + 16, offOffset);
            slot.set(I64, h + 24, offBytes);
            h += 32;
        }
        slot.set(I64, 24, end - HEADER_BYTES);
    }

    /** A parsed slot: its sequence number, instance count and views of its arrays (borrowing the slot memory). */
    public record Contents(long sequence, long instances, List<NamedArray> arrays) {
    }

    /** Reads a slot written by {@link #write}; the arrays are zero-copy views into {@code slot}. */
    public static Contents read(MemorySegment slot) {
        if (slot.get(I64, 0) != MAGIC) {
            throw new IllegalStateException("slot does not start with GVLSLOT1");
        }
        long sequence = slot.get(I64, 8);
        long instances = slot.get(I64, 16);
        int n = slot.get(I32, 32);
        long h = 40;
        List<NamedArray> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int kind = slot.get(ValueLayout.JAVA_BYTE, h);
            DType dtype = DType.values()[slot.get(ValueLayout.JAVA_BYTE, h + 1)];
            int nameLen = Short.toUnsignedInt(slot.get(I16, h + 2));
            int ndim = slot.get(I32, h + 4);
            h += 8;
            String name = new String(slot.asSlice(h, nameLen).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
            h += align(nameLen);
            long[] shape = new long[ndim];
            for (int d = 0; d < ndim; d++) {
                shape[d] = slot.get(I64, h);
                h += 8;
            }
            MemorySegment data = slot.asSlice(slot.get(I64, h), slot.get(I64, h + 8));
            FlatArray arr = kind == 1
                    ? Ragged.wrap(dtype, shape, data, slot.asSlice(slot.get(I64, h + 16), slot.get(I64, h + 24)))
                    : Dense.wrap(dtype, shape, data);
            h += 32;
            out.add(new NamedArray(name, arr));
        }
        return new Contents(sequence, instances, out);
    }

    private static long[] storedShape(FlatArray a) {
        return a instanceof Dense d ? d.shape() : a.leadingShape();
    }

    private static MemorySegment dataOf(FlatArray a) {
        return switch (a) {
            case Ragged r -> r.data();
            case Dense d -> d.data();
        };
    }

    private static long align(long n) {
        return (n + 7) & ~7L;
    }
}
