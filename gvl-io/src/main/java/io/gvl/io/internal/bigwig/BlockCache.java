package io.gvl.io.internal.bigwig;

import it.unimi.dsi.fastutil.longs.Long2ObjectLinkedOpenHashMap;
import java.util.function.LongFunction;

/**
 * A small least-recently-used cache of decompressed data blocks keyed by file offset. Neighbouring queries
 * (regions of one sample, jittered windows) hit the same blocks, so a few dozen entries save most inflates.
 */
public final class BlockCache {
    private final Long2ObjectLinkedOpenHashMap<byte[]> map;
    private final int capacity;

    public BlockCache(int capacity) {
        this.capacity = capacity;
        this.map = new Long2ObjectLinkedOpenHashMap<>(capacity + 1);
    }

    /** The cached block at {@code offset}, loading it (outside the lock) on a miss. */
    public byte[] get(long offset, LongFunction<byte[]> loader) {
        synchronized (map) {
            byte[] hit = map.getAndMoveToLast(offset);
            if (hit != null) {
                return hit;
            }
        }
        byte[] loaded = loader.apply(offset);
        synchronized (map) {
            map.putAndMoveToLast(offset, loaded);
            if (map.size() > capacity) {
                map.removeFirst(); // the least recently used block
            }
        }
        return loaded;
    }
}
