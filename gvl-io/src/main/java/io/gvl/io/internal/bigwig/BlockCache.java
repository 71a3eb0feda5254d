package io.gvl.io.internal.bigwig;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * A small least-recently-used cache of decompressed data blocks keyed by file offset. Neighbouring queries
 * (regions of one sample, jittered windows) hit the same blocks, so a few dozen entries save most inflates.
 */
public final class BlockCache {
    private final Map<Long, byte[]> map;

    public BlockCache(int capacity) {
        this.map = new LinkedHashMap<>(capacity * 2, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, byte[]> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The cached block at {@code offset}, loading it (outside the lock) on a miss. */
    public byte[] get(long offset, LongFunction<byte[]> loader) {
        synchronized (map) {
            byte[] hit = map.get(offset);
            if (hit != null) {
                return hit;
            }
        }
        byte[] loaded = loader.apply(offset);
        synchronized (map) {
            map.put(offset, loaded);
        }
        return loaded;
    }
}
