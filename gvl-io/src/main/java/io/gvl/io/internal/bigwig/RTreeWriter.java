package io.gvl.io.internal.bigwig;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodes the R-tree over data blocks: leaves of up to {@link #BLOCK_SIZE} blocks, parents over up to
 * {@code BLOCK_SIZE} children, built bottom-up and laid out root first (as UCSC's writer does), so a reader
 * descends by file offsets. Bounds are (chromosome id, base) pairs.
 */
public final class RTreeWriter {
    static final int MAGIC = 0x2468ACE0;
    static final int BLOCK_SIZE = 256;
    private static final int HEADER = 48;
    private static final int LEAF_ITEM = 32;
    private static final int NODE_ITEM = 24;

    /** One data block: its bounds and where its compressed bytes are. */
    public record Block(int startChrom, int startBase, int endChrom, int endBase, long offset, long size) {}

    /** A node's bounds, computed from its children. */
    private record Bounds(int startChrom, int startBase, int endChrom, int endBase) {
        static Bounds of(List<Bounds> children) {
            Bounds f = children.getFirst();
            Bounds l = children.getLast();
            int ec = l.endChrom;
            int eb = l.endBase;
            for (Bounds c : children) {
                if (c.endChrom > ec || (c.endChrom == ec && Integer.compareUnsigned(c.endBase, eb) > 0)) {
                    ec = c.endChrom;
                    eb = c.endBase;
                }
            }
            return new Bounds(f.startChrom, f.startBase, ec, eb);
        }
    }

    private RTreeWriter() {}

    /** The index bytes, to be placed at file offset {@code indexOffset}; {@code dataEnd} is where the data ends. */
    public static byte[] encode(List<Block> blocks, long indexOffset, long dataEnd, int itemsPerSlot) {
        List<List<Bounds>> levels = new ArrayList<>();
        List<Bounds> level = blocks.stream().map(b -> new Bounds(b.startChrom, b.startBase, b.endChrom, b.endBase)).toList();
        levels.add(level);
        while (level.size() > BLOCK_SIZE) {
            List<Bounds> up = new ArrayList<>();
            for (int i = 0; i < level.size(); i += BLOCK_SIZE) {
                up.add(Bounds.of(level.subList(i, Math.min(level.size(), i + BLOCK_SIZE))));
            }
            levels.add(up);
            level = up;
        }
        // levels.get(0) = data blocks (leaf items); the last level holds the root's items.
        int depth = levels.size();
        long[] levelOffset = new long[depth];
        long at = indexOffset + HEADER;
        for (int d = depth - 1; d >= 0; d--) {
            levelOffset[d] = at;
            int items = levels.get(d).size();
            int nodes = Math.max(1, ceilDiv(items, BLOCK_SIZE));
            at += (long) nodes * 4 + (long) items * (d == 0 ? LEAF_ITEM : NODE_ITEM);
        }
        ByteBuffer b = ByteBuffer.allocate((int) (at - indexOffset)).order(ByteOrder.LITTLE_ENDIAN);
        Bounds all = blocks.isEmpty() ? new Bounds(0, 0, 0, 0) : Bounds.of(levels.getFirst());
        b.putInt(MAGIC).putInt(BLOCK_SIZE).putLong(blocks.size())
                .putInt(all.startChrom).putInt(all.startBase).putInt(all.endChrom).putInt(all.endBase)
                .putLong(dataEnd).putInt(itemsPerSlot).putInt(0);
        for (int d = depth - 1; d >= 0; d--) {
            List<Bounds> items = levels.get(d);
            int nodes = Math.max(1, ceilDiv(items.size(), BLOCK_SIZE));
            for (int n = 0; n < nodes; n++) {
                int from = n * BLOCK_SIZE;
                int to = Math.min(items.size(), from + BLOCK_SIZE);
                b.put((byte) (d == 0 ? 1 : 0)).put((byte) 0).putShort((short) (to - from));
                for (int i = from; i < to; i++) {
                    Bounds x = items.get(i);
                    b.putInt(x.startChrom).putInt(x.startBase).putInt(x.endChrom).putInt(x.endBase);
                    if (d == 0) {
                        b.putLong(blocks.get(i).offset).putLong(blocks.get(i).size);
                    } else {
                        b.putLong(childOffset(levelOffset[d - 1], i, d - 1 == 0));
                    }
                }
            }
        }
        return b.array();
    }

    /** File offset of child node {@code i} in the level below, whose nodes are full except the last. */
    private static long childOffset(long childLevelOffset, int i, boolean leaf) {
        int item = leaf ? LEAF_ITEM : NODE_ITEM;
        long fullNode = 4 + (long) BLOCK_SIZE * item;
        return childLevelOffset + i * fullNode;
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
