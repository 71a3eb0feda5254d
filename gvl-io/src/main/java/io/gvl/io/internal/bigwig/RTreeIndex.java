package io.gvl.io.internal.bigwig;

import io.gvl.io.InputFormatException;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.nio.ByteBuffer;

/**
 * The R-tree over data blocks, flattened at open into its leaves in file order (a few bytes per block, so
 * even large files stay small). Positions are packed as {@code chromId << 32 | base} so block bounds compare
 * as single longs; a running maximum of block ends makes the first candidate block a binary search even
 * when blocks overlap.
 */
public final class RTreeIndex {
    private static final int MAGIC = 0x2468ACE0;

    private final long[] starts;
    private final long[] ends;
    private final long[] maxEnds;
    private final long[] offsets;
    private final long[] sizes;

    private RTreeIndex(long[] starts, long[] ends, long[] offsets, long[] sizes) {
        this.starts = starts;
        this.ends = ends;
        this.offsets = offsets;
        this.sizes = sizes;
        this.maxEnds = new long[ends.length];
        long max = Long.MIN_VALUE;
        for (int i = 0; i < ends.length; i++) {
            max = Math.max(max, ends[i]);
            maxEnds[i] = max;
        }
    }

    public static RTreeIndex read(PositionalFile file, long offset) {
        ByteBuffer h = file.read(offset, 48, "R-tree index header");
        if (h.getInt(0) != MAGIC) {
            throw new InputFormatException(file.path(), "R-tree index at offset " + offset, "bad R-tree magic.",
                    "the bigWig is corrupt; re-create it.");
        }
        LongArrayList s = new LongArrayList();
        LongArrayList e = new LongArrayList();
        LongArrayList o = new LongArrayList();
        LongArrayList z = new LongArrayList();
        walk(file, offset + 48, s, e, o, z, 0);
        return new RTreeIndex(s.toLongArray(), e.toLongArray(), o.toLongArray(), z.toLongArray());
    }

    private static void walk(PositionalFile file, long node, LongArrayList s, LongArrayList e, LongArrayList o,
            LongArrayList z, int depth) {
        if (depth > 64) {
            throw new InputFormatException(file.path(), "R-tree node at offset " + node,
                    "the tree is deeper than any real file (cycle?).", "the bigWig is corrupt; re-create it.");
        }
        ByteBuffer h = file.read(node, 4, "R-tree node");
        boolean leaf = h.get(0) != 0;
        int count = Short.toUnsignedInt(h.getShort(2));
        int item = leaf ? 32 : 24;
        ByteBuffer b = file.read(node + 4, count * item, "R-tree node");
        for (int i = 0; i < count; i++) {
            int at = i * item;
            if (leaf) {
                s.add(pack(b.getInt(at), b.getInt(at + 4)));
                e.add(pack(b.getInt(at + 8), b.getInt(at + 12)));
                o.add(b.getLong(at + 16));
                z.add(b.getLong(at + 24));
            } else {
                walk(file, b.getLong(at + 16), s, e, o, z, depth + 1);
            }
        }
    }

    /** Packs a (chromosome id, base) pair so that pairs compare as longs. */
    public static long pack(int chromId, int base) {
        return (Integer.toUnsignedLong(chromId) << 32) | Integer.toUnsignedLong(base);
    }

    /** Calls {@code visit} with the index of every block overlapping {@code [from, to)} (packed), in file order. */
    public void overlapping(long from, long to, IntVisitor visit) {
        int lo = 0;
        int hi = maxEnds.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (maxEnds[mid] <= from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < starts.length && starts[i] < to; i++) {
            if (ends[i] > from) {
                visit.accept(i);
            }
        }
    }

    public long offset(int block) {
        return offsets[block];
    }

    public long size(int block) {
        return sizes[block];
    }

    public int blockCount() {
        return starts.length;
    }

    /** Receives block indexes. */
    @FunctionalInterface
    public interface IntVisitor {
        void accept(int block);
    }
}
