package io.gvl.djl;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.BatchView;
import io.gvl.dataloader.NativeBuffers;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.UUID;

/**
 * DJL NDArrays over the outputs of a loader {@link Batch}, without a copy, that keep the batch's memory alive until
 * they are closed.
 *
 * <p>Why: an NDArray made from a direct buffer reads that memory in place, and the loader reuses a batch's memory
 * once the batch is closed. The arrays here live in a sub-manager of their own that holds a
 * {@linkplain Batch#retain() retained view} of the batch; closing this object (or the parent manager) closes the
 * arrays first and then the view. So the batch may be closed, and later batches produced, while the arrays are still
 * in use. DJL scopes native memory by manager, not by array: closing one array alone does not release the view.
 *
 * <p>Arrays: one per output, named as the output, in the batch's order. Dense outputs keep their shape
 * ({@code [B, ...]}); a ragged output gives its data ({@code [total]}, named as the output) and its int64 row offsets
 * ({@code [rows + 1]}, named {@code <output>.offsets}). The arrays are on the CPU of the parent manager's engine.
 *
 * <p>Thread-safety: may be closed from any thread; closing twice is harmless.
 */
public final class BatchNDArrays implements AutoCloseable {
    private final NDManager manager;
    private final NDList arrays;
    private final BatchView view;

    private BatchNDArrays(NDManager manager, NDList arrays, BatchView view) {
        this.manager = manager;
        this.arrays = arrays;
        this.view = view;
    }

    /**
     * Wraps every output of {@code batch}.
     *
     * @param parent the manager the arrays' sub-manager is made in; closing it also closes these arrays
     * @param batch an open batch; it may be closed as soon as this returns
     * @return the arrays; the caller must close them (or the parent manager)
     * @throws IllegalStateException if the batch is closed
     */
    public static BatchNDArrays of(NDManager parent, Batch batch) {
        BatchView view = batch.retain();
        NDManager sub = parent.newSubManager();
        List<NDArray> made = new ArrayList<>();
        sub.attachInternal("gvl-batch-view-" + UUID.randomUUID(), () -> {
            for (NDArray a : made) {
                a.close();
            }
            view.close();
        });
        try {
            NDList list = new NDList();
            for (NamedArray a : view.arrays()) {
                switch (a.array()) {
                    case Dense d -> list.add(wrap(sub, a.name(), d.data(), new Shape(d.shape()), d.dtype(), made));
                    case Ragged r -> {
                        MemorySegment data = r.data().asSlice(0, r.totalLength() * r.dtype().byteSize());
                        list.add(wrap(sub, a.name(), data, new Shape(r.totalLength()), r.dtype(), made));
                        list.add(wrap(sub, a.name() + ".offsets", r.offsets(), new Shape(r.rows() + 1), DType.I64,
                                made));
                    }
                }
            }
            return new BatchNDArrays(sub, list, view);
        } catch (RuntimeException | Error e) {
            sub.close();
            throw e;
        }
    }

    private static NDArray wrap(NDManager sub, String name, MemorySegment memory, Shape shape, DType dtype,
            List<NDArray> made) {
        NDArray a = sub.create(NativeBuffers.of("'" + name + "' of the batch", memory, "a DJL NDArray"), shape,
                GvlDjlDataset.dataType(dtype));
        a.setName(name);
        made.add(a);
        return a;
    }

    /**
     * The arrays, in the batch's output order (a ragged output's offsets right after its data).
     *
     * @return the list, valid until this is closed
     */
    public NDList arrays() {
        return arrays;
    }

    /**
     * The array called {@code name}.
     *
     * @param name an output name, or {@code <output>.offsets} for a ragged output's offsets
     * @return the array, valid until this is closed
     * @throws NoSuchElementException if there is no such array
     */
    public NDArray get(String name) {
        NDArray a = arrays.get(name);
        if (a == null) {
            throw new NoSuchElementException("batch arrays have no '" + name + "'; they have "
                    + arrays.stream().map(NDArray::getName).toList());
        }
        return a;
    }

    /**
     * The sub-manager the arrays live in; results of operations on them may be attached here to share their
     * lifetime.
     *
     * @return the manager, closed by {@link #close()}
     */
    public NDManager manager() {
        return manager;
    }

    /**
     * Whether the batch memory is still held.
     *
     * @return {@code true} until closed (by this, or the parent manager's close)
     */
    public boolean isOpen() {
        return view.isOpen();
    }

    /** Closes the arrays and their sub-manager, then releases the batch memory they read. */
    @Override
    public void close() {
        manager.close();
    }
}
