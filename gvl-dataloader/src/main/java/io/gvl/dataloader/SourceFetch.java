package io.gvl.dataloader;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataloader.internal.ArrayViews;
import io.gvl.dataloader.internal.LoaderMemory;
import io.gvl.dataset.output.DatasetOutput;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How a loader gets a source's outputs into its own memory (a slot or a pooled block). A source that overrides
 * {@link BatchSource#fetch(int[], int[], Arena)} (a dataset view does) writes them there in place; any other is
 * fetched and its arrays copied once, and that copy is counted (bytes in {@link LoaderMemory}, time here) so an
 * epoch's statistics show it.
 */
final class SourceFetch {
    private final BatchSource source;
    private final boolean inPlace;
    private final LoaderMemory memory;
    private final AtomicLong copyNanos = new AtomicLong();

    public SourceFetch(BatchSource source, LoaderMemory memory) {
        this.source = source;
        this.inPlace = writesInPlace(source);
        this.memory = memory;
    }

    /** Whether {@code source} writes its outputs into a given arena rather than inheriting the copying default. */
    static boolean writesInPlace(BatchSource source) {
        try {
            return source.getClass().getMethod("fetch", int[].class, int[].class, Arena.class).getDeclaringClass()
                    != BatchSource.class;
        } catch (NoSuchMethodException e) {
            throw new AssertionError("BatchSource declares fetch(int[], int[], Arena)", e);
        }
    }

    public BatchSource source() {
        return source;
    }

    /**
     * Whether the consumer may fetch a chunk itself while the producer fetches another: only for gvl's own
     * sources over dataset views, which are safe to call from two threads at once and never wait on user code (a
     * custom source is promised one call at a time, on the producer, where a stall is detected).
     */
    public boolean consumerMayFetch() {
        return source instanceof DatasetSource || source instanceof RefDatasetSource;
    }

    /** Whether outputs land in the loader's memory without a copy. */
    public boolean inPlace() {
        return inPlace;
    }

    /** The outputs of instances {@code (regions[i], samples[i])}, every array allocated in {@code arena}. */
    public List<NamedArray> into(int[] regions, int[] samples, Arena arena) {
        if (inPlace) {
            return source.fetch(regions, samples, arena);
        }
        try (DatasetOutput out = source.fetch(regions, samples)) {
            long t0 = System.nanoTime();
            List<NamedArray> copies = ArrayViews.copies(out.arrays(), arena);
            copyNanos.addAndGet(System.nanoTime() - t0);
            long bytes = 0;
            for (NamedArray a : copies) {
                bytes += a.array().byteSize();
            }
            memory.addCopied(bytes);
            return copies;
        }
    }

    /** Time spent copying outputs of a source that does not write in place, in nanoseconds. */
    public long copyNanos() {
        return copyNanos.get();
    }
}
