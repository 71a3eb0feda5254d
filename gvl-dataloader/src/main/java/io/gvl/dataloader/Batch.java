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

    /**
     * Position of this batch in its epoch (0-based).
     *
     * @return the batch index, {@code >= 0}
     */
    public long index() {
        return index;
    }

    /**
     * Number of instances.
     *
     * @return the instance count; the last batch of an epoch may be smaller unless {@code dropLast}
     */
    public int size() {
        return regions.length;
    }

    /**
     * Region index of each instance (relative to the batch source's grid).
     *
     * @return a new array
     */
    public int[] regions() {
        return regions.clone();
    }

    /**
     * Sample index of each instance.
     *
     * @return a new array
     */
    public int[] samples() {
        return samples.clone();
    }

    /**
     * The outputs in the source's order.
     *
     * @return the arrays, valid until the batch is closed (and, with {@code copy=false}, until the next batch)
     * @throws IllegalStateException if the batch is closed
     */
    public List<NamedArray> arrays() {
        ensureOpen();
        return arrays;
    }

    /**
     * The output called {@code name}.
     *
     * @param name an output name, e.g. {@code haplotypes}
     * @return the array
     * @throws IllegalStateException if the batch is closed
     * @throws java.util.NoSuchElementException if there is no such output
     */
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

    /**
     * Whether the batch's arrays can still be read.
     *
     * @return {@code true} until the batch is closed
     */
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
