package io.gvl.dataloader.internal;

import io.gvl.core.buffer.NamedArray;
import io.gvl.core.dataset.DatasetOutput;
import java.util.List;

/** Where a prefetched chunk waits for the consumer: as fetched (in-process) or serialized into a shared slot. */
public interface ChunkStore extends AutoCloseable {

    /** Takes ownership of {@code fetched} and returns what the consumer will read from slot {@code slot}. */
    List<NamedArray> store(int slot, long sequence, long instances, DatasetOutput fetched);

    /** The consumer is done with slot {@code slot}'s chunk. */
    void release(int slot);

    /** Number of slots (chunks that may be alive at once). */
    int slots();

    @Override
    void close();

    /** Keeps fetched outputs as they are (their own off-heap memory) and frees them on release. */
    static ChunkStore inProcess() {
        return new ChunkStore() {
            private final DatasetOutput[] held = new DatasetOutput[2];

            @Override
            public List<NamedArray> store(int slot, long sequence, long instances, DatasetOutput fetched) {
                held[slot] = fetched;
                return fetched.arrays();
            }

            @Override
            public void release(int slot) {
                DatasetOutput o = held[slot];
                held[slot] = null;
                if (o != null) {
                    o.close();
                }
            }

            @Override
            public int slots() {
                return 2;
            }

            @Override
            public void close() {
                release(0);
                release(1);
            }
        };
    }
}
