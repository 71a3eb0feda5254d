package io.gvl.handoff.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * Where a batch's arrays go in a slot file, and their descriptor entries. Every buffer starts on a 64-byte boundary
 * (numpy and Arrow like aligned buffers); a ragged array whose offsets equal an earlier array's (haplotypes and their
 * realigned tracks) points at those offsets instead of storing them again.
 */
public final class SlotLayout {
    private static final long ALIGN = 64;

    private record Placed(NamedArray array, long dataOffset, long offsetsOffset, int offsetsOf) {
    }

    private final List<Placed> placed = new ArrayList<>();
    private final long bytes;

    public SlotLayout(List<NamedArray> arrays) {
        long at = 0;
        for (NamedArray a : arrays) {
            long dataOffset = at;
            at = align(at + data(a.array()).byteSize());
            long offsetsOffset = -1;
            int offsetsOf = -1;
            if (a.array() instanceof Ragged r) {
                for (int j = 0; j < placed.size() && offsetsOf < 0; j++) {
                    if (placed.get(j).array().array() instanceof Ragged earlier && same(earlier.offsets(),
                            r.offsets())) {
                        offsetsOf = j;
                        offsetsOffset = placed.get(j).offsetsOffset();
                    }
                }
                if (offsetsOf < 0) {
                    offsetsOffset = at;
                    at = align(at + r.offsets().byteSize());
                }
            }
            placed.add(new Placed(a, dataOffset, offsetsOffset, offsetsOf));
        }
        this.bytes = Math.max(at, 1);
    }

    /** Bytes the slot needs. */
    public long bytes() {
        return bytes;
    }

    /**
     * Copies every array into {@code slot} and returns the descriptor entries.
     *
     * @param slot the slot's mapping, at least {@link #bytes()} long
     * @param checksums whether to add a CRC32 of each buffer (a pass over every byte)
     * @return one descriptor entry per array
     */
    public List<Map<String, Object>> write(MemorySegment slot, boolean checksums) {
        List<Map<String, Object>> out = new ArrayList<>(placed.size());
        for (Placed p : placed) {
            FlatArray a = p.array().array();
            MemorySegment data = data(a);
            MemorySegment.copy(data, 0, slot, p.dataOffset(), data.byteSize());
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("name", p.array().name());
            d.put("kind", a instanceof Ragged ? "ragged" : "dense");
            d.put("dtype", dtype(a.dtype()));
            d.put("shape", a instanceof Dense dense ? dense.shape() : a.leadingShape());
            d.put("data_offset", p.dataOffset());
            d.put("data_bytes", data.byteSize());
            if (checksums) {
                d.put("data_crc32", crc32(data));
            }
            if (a instanceof Ragged r) {
                if (p.offsetsOf() < 0) {
                    MemorySegment.copy(r.offsets(), 0, slot, p.offsetsOffset(), r.offsets().byteSize());
                }
                d.put("offsets_offset", p.offsetsOffset());
                d.put("offsets_bytes", r.offsets().byteSize());
                if (checksums) {
                    d.put("offsets_crc32", crc32(r.offsets()));
                }
            }
            out.add(d);
        }
        return out;
    }

    /**
     * The descriptor entries of arrays a query wrote into {@code slot} itself (through a {@link SlotAllocator}):
     * nothing is copied, each buffer is described where it lies. A ragged array whose offsets equal an earlier
     * array's points at the earlier offsets, as {@link #write} lays them out.
     *
     * @param slot the slot's mapping
     * @param arrays the query's arrays
     * @param checksums whether to add a CRC32 of each buffer
     * @return the entries, or {@code null} if some buffer is not inside {@code slot} on a 64-byte boundary (the
     *     caller then copies the batch with {@link #write})
     */
    public static List<Map<String, Object>> inPlace(MemorySegment slot, List<NamedArray> arrays, boolean checksums) {
        List<Map<String, Object>> out = new ArrayList<>(arrays.size());
        List<MemorySegment> offsetsSeen = new ArrayList<>();
        List<Long> offsetsAt = new ArrayList<>();
        for (NamedArray na : arrays) {
            FlatArray a = na.array();
            MemorySegment data = data(a);
            long dataOffset = offsetIn(slot, data);
            if (dataOffset < 0) {
                return null;
            }
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("name", na.name());
            d.put("kind", a instanceof Ragged ? "ragged" : "dense");
            d.put("dtype", dtype(a.dtype()));
            d.put("shape", a instanceof Dense dense ? dense.shape() : a.leadingShape());
            d.put("data_offset", dataOffset);
            d.put("data_bytes", data.byteSize());
            if (checksums) {
                d.put("data_crc32", crc32(data));
            }
            if (a instanceof Ragged r) {
                long at = -1;
                for (int j = 0; j < offsetsSeen.size() && at < 0; j++) {
                    if (same(offsetsSeen.get(j), r.offsets())) {
                        at = offsetsAt.get(j);
                    }
                }
                if (at < 0) {
                    at = offsetIn(slot, r.offsets());
                    if (at < 0) {
                        return null;
                    }
                    offsetsSeen.add(r.offsets());
                    offsetsAt.add(at);
                }
                d.put("offsets_offset", at);
                d.put("offsets_bytes", r.offsets().byteSize());
                if (checksums) {
                    d.put("offsets_crc32", crc32(r.offsets()));
                }
            }
            out.add(d);
        }
        return out;
    }

    /**
     * Copies of {@code arrays} in {@code arena}, for a batch whose outputs must leave the memory they were written in.
     *
     * @param arrays the arrays
     * @param arena where the copies live
     * @return the copies, in order
     */
    public static List<NamedArray> copies(List<NamedArray> arrays, Arena arena) {
        List<NamedArray> out = new ArrayList<>(arrays.size());
        for (NamedArray na : arrays) {
            FlatArray copy = switch (na.array()) {
                case Dense d -> Dense.wrap(d.dtype(), d.shape(), copy(d.data(), arena));
                case Ragged r -> Ragged.wrap(r.dtype(), r.leadingShape(), copy(r.data(), arena),
                        copy(r.offsets(), arena));
            };
            out.add(new NamedArray(na.name(), copy));
        }
        return out;
    }

    private static MemorySegment copy(MemorySegment s, Arena arena) {
        return arena.allocate(Math.max(s.byteSize(), 1), ALIGN).asSlice(0, s.byteSize()).copyFrom(s);
    }

    /** Where {@code s} starts in {@code slot}, or -1 if it is not inside it on a 64-byte boundary. */
    private static long offsetIn(MemorySegment slot, MemorySegment s) {
        if (!s.isNative()) {
            return -1;
        }
        long at = s.address() - slot.address();
        boolean inside = at >= 0 && at + s.byteSize() <= slot.byteSize();
        return inside && at % ALIGN == 0 ? at : -1;
    }

    private static MemorySegment data(FlatArray a) {
        return switch (a) {
            case Ragged r -> r.data();
            case Dense d -> d.data();
        };
    }

    private static boolean same(MemorySegment a, MemorySegment b) {
        return a.byteSize() == b.byteSize() && a.mismatch(b) == -1;
    }

    /** The numpy name of a gvl element type (all little-endian). */
    public static String dtype(DType t) {
        return switch (t) {
            case U8 -> "uint8";
            case I32 -> "int32";
            case I64 -> "int64";
            case F32 -> "float32";
        };
    }

    /** CRC32 (as {@code zlib.crc32}) of the segment's bytes. */
    public static long crc32(MemorySegment s) {
        CRC32 crc = new CRC32();
        long chunk = 1L << 30;
        for (long at = 0; at < s.byteSize(); at += chunk) {
            crc.update(s.asSlice(at, Math.min(chunk, s.byteSize() - at)).asByteBuffer());
        }
        return crc.getValue();
    }

    private static long align(long n) {
        return Math.ceilDiv(n, ALIGN) * ALIGN;
    }
}
