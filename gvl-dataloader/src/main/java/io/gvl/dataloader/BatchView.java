package io.gvl.dataloader;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.internal.Lease;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A reference-counted view of one batch's arrays ({@link Batch#retain()}): while it is open, the loader neither
 * reuses nor frees the memory, whether or not the batch is closed. Hand it (or its {@link #data buffers}) to native
 * code, e.g. a tensor made from a direct {@link ByteBuffer}, and close it when that code is done. After close its
 * arrays throw {@link IllegalStateException}; a raw segment or buffer taken from it must not be used any more (with
 * {@code -Dgvl.debugMemory=true} released memory is overwritten with {@code 0xDB} bytes so such use shows up).
 * A view that is never closed is released, with a WARN line, when it becomes unreachable or the loader closes.
 *
 * <p>Thread-safe: it may be closed from another thread than the one that made it.
 */
public final class BatchView implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();

    private final long index;
    private final List<NamedArray> arrays;
    private final Lease lease;
    private final Cleaner.Cleanable cleanable;

    BatchView(long index, List<NamedArray> arrays, Lease lease) {
        this.index = index;
        this.arrays = List.copyOf(arrays);
        this.lease = lease;
        this.cleanable = CLEANER.register(this, lease);
    }

    /**
     * The index of the batch this view was taken from.
     *
     * @return the batch index in its epoch
     */
    public long index() {
        return index;
    }

    /**
     * The arrays, the same bytes as the batch's.
     *
     * @return the arrays, valid until this view is closed
     * @throws IllegalStateException if the view is closed
     */
    public List<NamedArray> arrays() {
        ensureOpen();
        return arrays;
    }

    /**
     * The array called {@code name}.
     *
     * @param name an output name, e.g. {@code haplotypes}
     * @return the array
     * @throws IllegalStateException if the view is closed
     * @throws NoSuchElementException if there is no such output
     */
    public NamedArray array(String name) {
        ensureOpen();
        return find(arrays, name, "batch view");
    }

    /**
     * The data of array {@code name} as a {@link ByteBuffer} in native byte order (little-endian on every platform
     * gvl runs on), as the kernels wrote it; direct whenever the memory is off-heap. Valid until this view is closed.
     *
     * @param name an output name
     * @return a buffer over the array's data, position 0, limit its byte size
     * @throws IllegalStateException if the view is closed
     * @throws ArrayTooLargeException if the data is larger than a ByteBuffer can address (2 GiB - 9 bytes): use the
     *     array's {@code MemorySegment}, or a smaller batch or a shorter length
     * @throws NoSuchElementException if there is no such output
     */
    public ByteBuffer data(String name) {
        FlatArray a = array(name).array();
        MemorySegment data = switch (a) {
            case Ragged r -> r.data();
            case Dense d -> d.data();
        };
        return buffer(name + "' data", data);
    }

    /**
     * The int64 row offsets of ragged array {@code name} ({@code rows + 1} values, from 0) as a native-order buffer.
     *
     * @param name the name of a ragged output
     * @return a buffer over the offsets, valid until this view is closed
     * @throws IllegalStateException if the view is closed or the array is not ragged
     * @throws ArrayTooLargeException if the offsets exceed 2 GiB - 9 bytes
     * @throws NoSuchElementException if there is no such output
     */
    public ByteBuffer offsets(String name) {
        if (!(array(name).array() instanceof Ragged r)) {
            throw new IllegalStateException("array '" + name + "' is dense: it has no offsets");
        }
        return buffer(name + "' offsets", r.offsets());
    }

    private ByteBuffer buffer(String what, MemorySegment segment) {
        return NativeBuffers.of("'" + what + " of batch " + index, segment, "a native buffer");
    }

    static NamedArray find(List<NamedArray> arrays, String name, String what) {
        for (NamedArray a : arrays) {
            if (a.name().equals(name)) {
                return a;
            }
        }
        throw new NoSuchElementException(what + " has no output '" + name + "'; it has "
                + arrays.stream().map(NamedArray::name).toList());
    }

    /**
     * Whether the view is open.
     *
     * @return {@code true} until closed (by the caller, or the loader's close)
     */
    public boolean isOpen() {
        return lease.isOpen();
    }

    private void ensureOpen() {
        if (!lease.isOpen()) {
            throw new IllegalStateException("view of batch " + index + " is closed");
        }
    }

    /** Releases this view's hold; the memory is reused once the batch and every view of it are closed. */
    @Override
    public void close() {
        lease.close();
        cleanable.clean();
    }
}
