package io.gvl.dataloader;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Native-order {@link ByteBuffer}s over batch memory, for libraries that take direct buffers (ONNX Runtime's
 * {@code OnnxTensor.createTensor}, DJL's {@code NDManager.create}), with the 2 GiB size check made first so that an
 * array too large for a buffer is refused by name rather than failing inside the library. The buffer reads the
 * segment in place and is valid only as long as the segment's memory (see {@link BatchView}).
 */
public final class NativeBuffers {
    private NativeBuffers() {
    }

    /**
     * A buffer over {@code segment} in native byte order (little-endian on every platform gvl runs on).
     *
     * @param array what the segment is, for the message, e.g. {@code "'haplotypes' data of batch 3"}
     * @param segment the memory
     * @param consumer what the buffer is for, for the message, e.g. {@code "an ONNX Runtime tensor"}
     * @return a buffer at position 0 with limit {@code segment.byteSize()}, direct when the segment is off-heap
     * @throws ArrayTooLargeException if the segment holds more than {@link ArrayTooLargeException#MAX_BYTES} bytes
     * @throws IllegalStateException if the segment's arena is closed
     */
    public static ByteBuffer of(String array, MemorySegment segment, String consumer) {
        ArrayTooLargeException.checkBytes(array, segment.byteSize(), consumer + " (a ByteBuffer)");
        return segment.asByteBuffer().order(ByteOrder.nativeOrder());
    }
}
