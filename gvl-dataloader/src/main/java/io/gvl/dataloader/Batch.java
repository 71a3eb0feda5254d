package io.gvl.dataloader;

import io.gvl.core.buffer.NamedArray;

import java.util.List;
import java.util.NoSuchElementException;

/**
 * One mini-batch: the instances it holds and one array per output, each with the instance axis first.
 * Closing frees copied memory (mode {@code copy=true}) or invalidates the views into the loader's buffers
 * ({@code copy=false}, where a batch is also invalidated when the next one is requested). After that, touching
 * any of its arrays throws {@link IllegalStateException}. Closing twice is harmless.
 */
public final class Batch implements AutoCloseable {
    private final long index;
    private final int[] regions;
    private final int[] samples;
    private final List<NamedArray> arrays;
    private final Runnable release;
    private boolean closed;

    Batch(long index, int[] regions, int[] samples, List<NamedArray> arrays, Runnable release) {
        this.index = index;
        this.regions = regions;
        this.samples = samples;
        this.arrays = List.copyOf(arrays);
        this.release = release;
    }

    /** Position of this batch in its epoch (0-based). */
    public long index() {
        return index;
    }

    /** Number of instances. */
    public int size() {
        return regions.length;
    }

    /** Region index of each instance (relative to the batch source's grid). */
    public int[] regions() {
        return regions.clone();
    }

    /** Sample index of each instance. */
    public int[] samples() {
        return samples.clone();
    }

    /** The outputs in the source's order. */
    public List<NamedArray> arrays() {
        ensureOpen();
        return arrays;
    }

    /** The output called {@code name}. */
    public NamedArray array(String name) {
        ensureOpen();
        for (NamedArray a : arrays) {
            if (a.name().equals(name)) {
                return a;
            }
        }
        throw new NoSuchElementException("batch has no output '" + name + "'; it has "
                + arrays.stream().map(NamedArray::name).toList());
    }

    public boolean isOpen() {
        return !closed;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("batch " + index + " is closed");
        }
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            release.run();
        }
    }
}
