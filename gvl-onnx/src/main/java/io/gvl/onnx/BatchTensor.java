package io.gvl.onnx;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.BatchView;
import io.gvl.dataloader.NativeBuffers;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An ONNX Runtime tensor over one output of a loader {@link Batch}, without a copy, that keeps the batch's memory
 * alive for as long as the tensor is open.
 *
 * <p>Why: {@code OnnxTensor.createTensor} of a direct buffer makes a tensor that reads the buffer's memory in place,
 * but nothing stops the loader from reusing that memory once the batch is closed. This class takes a
 * {@linkplain Batch#retain() retained view} of the batch for the tensor and closes it right after the tensor, so
 * the batch may be closed first (or the next batch requested) while the tensor is still fed to a session.
 *
 * <p>Thread-safety: may be closed from any thread; closing twice is harmless.
 */
public final class BatchTensor implements AutoCloseable {
    private final OnnxTensor tensor;
    private final BatchView view;
    private final AtomicBoolean closed = new AtomicBoolean();

    private BatchTensor(OnnxTensor tensor, BatchView view) {
        this.tensor = tensor;
        this.view = view;
    }

    /**
     * A tensor of the dense output {@code name} with the output's own shape ({@code [B, ...]}).
     *
     * @param env the ONNX Runtime environment
     * @param batch an open batch; it may be closed as soon as this returns
     * @param name the output name, e.g. {@code haplotypes}
     * @return the tensor; the caller must close it
     * @throws PredictionException if the output is ragged (give the view a fixed length) or ONNX Runtime refuses it
     * @throws IllegalStateException if the batch is closed
     * @throws java.util.NoSuchElementException if the batch has no such output
     */
    public static BatchTensor of(OrtEnvironment env, Batch batch, String name) {
        return of(env, batch, name, null);
    }

    /**
     * A tensor of the dense output {@code name} read with another shape of the same element count, e.g. haplotypes
     * {@code [B, P, L]} as {@code [B * P, L]}.
     *
     * @param env the ONNX Runtime environment
     * @param batch an open batch; it may be closed as soon as this returns
     * @param name the output name
     * @param shape the tensor's shape, or {@code null} for the output's own
     * @return the tensor; the caller must close it
     * @throws PredictionException if the output is ragged, the shape's element count differs from the output's, or
     *     ONNX Runtime refuses the tensor
     * @throws io.gvl.dataloader.ArrayTooLargeException if the output holds more than 2 GiB - 9 bytes (a tensor over
     *     a ByteBuffer cannot address more): use a smaller batch or a shorter length
     * @throws IllegalStateException if the batch is closed
     * @throws java.util.NoSuchElementException if the batch has no such output
     */
    public static BatchTensor of(OrtEnvironment env, Batch batch, String name, long[] shape) {
        BatchView view = batch.retain();
        try {
            FlatArray array = view.array(name).array();
            if (!(array instanceof Dense dense)) {
                throw new PredictionException("output '" + name + "' of batch " + batch.index() + " is ragged; a"
                        + " tensor needs a rectangular array: give the view a fixed length (Dataset.withLen)");
            }
            long[] own = dense.shape();
            long[] want = shape == null ? own : shape.clone();
            if (count(want) != count(own)) {
                throw new PredictionException("output '" + name + "' has shape " + Arrays.toString(own) + " ("
                        + count(own) + " values); shape " + Arrays.toString(want) + " holds " + count(want)
                        + ": pass a shape of the same element count");
            }
            MemorySegment data = dense.data();
            OnnxTensor tensor = OnnxTensor.createTensor(env, NativeBuffers.of("'" + name + "' data of batch "
                    + batch.index(), data, "an ONNX Runtime tensor"), want, javaType(dense.dtype()));
            return new BatchTensor(tensor, view);
        } catch (OrtException e) {
            view.close();
            throw new PredictionException("ONNX Runtime refused a tensor over output '" + name + "' of batch "
                    + batch.index() + " (" + e.getMessage() + ")", e);
        } catch (RuntimeException | Error e) {
            view.close();
            throw e;
        }
    }

    private static long count(long[] shape) {
        long n = 1;
        for (long d : shape) {
            n *= d;
        }
        return n;
    }

    /**
     * The ONNX Runtime element type of a gvl element type.
     *
     * @param dtype a gvl type
     * @return the ONNX Runtime type of the same width and meaning
     */
    static OnnxJavaType javaType(DType dtype) {
        return switch (dtype) {
            case U8 -> OnnxJavaType.UINT8;
            case I32 -> OnnxJavaType.INT32;
            case I64 -> OnnxJavaType.INT64;
            case F32 -> OnnxJavaType.FLOAT;
        };
    }

    /**
     * The tensor, to pass to {@code OrtSession.run}.
     *
     * @return the tensor, valid until this is closed
     */
    public OnnxTensor tensor() {
        return tensor;
    }

    /**
     * Whether the batch memory is still held.
     *
     * @return {@code true} until closed
     */
    public boolean isOpen() {
        return view.isOpen();
    }

    /** Closes the tensor, then releases the batch memory it read. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            tensor.close();
            view.close();
        }
    }
}
