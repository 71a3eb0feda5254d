package io.gvl.dataloader.internal;

import io.gvl.core.buffer.NamedArray;
import java.util.List;

/** Where a prefetched chunk waits for the consumer: as fetched (in-process) or serialized into a shared slot. */
public interface ChunkStore extends AutoCloseable {

    /** Takes ownership of {@code fetched} and returns what the consumer will read from slot {@code slot}. */
    List<NamedArray> store(int slot, long sequence, long instances, List<NamedArray> fetched);

    /** The consumer is done with slot {@code slot}'s chunk {@code stored}. */
    void release(int slot, List<NamedArray> stored);

    /** Number of slots (chunks that may be alive at once). */
    int slots();

    @Override
    void close();

    /** Keeps fetched arrays as they are (their own off-heap memory) and frees them on release. */
    static ChunkStore inProcess() {
        return new ChunkStore() {
            @Override
            public List<NamedArray> store(int slot, long sequence, long instances, List<NamedArray> fetched) {
                return fetched;
            }

            @Override
            public void release(int slot, List<NamedArray> stored) {
                stored.forEach(a -> a.array().close());
            }

            @Override
            public int slots() {
                return 2;
            }

            @Override
            public void close() {
            }
        };
    }
}
