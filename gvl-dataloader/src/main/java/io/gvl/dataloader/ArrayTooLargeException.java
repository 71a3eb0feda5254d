package io.gvl.dataloader;

import java.util.Locale;

/**
 * A batch array is too large for the native view asked of it: a {@link java.nio.ByteBuffer} (and so an ONNX Runtime
 * tensor or a DJL NDArray made from one) addresses at most {@value #MAX_BYTES} bytes, and an Arrow vector holds at
 * most {@value #MAX_ELEMENTS} elements. Thrown before any native object is made, with the array's name, its size,
 * the limit and the fix: a smaller batch size or a shorter length, so that each array of a batch stays under 2 GiB.
 *
 * <p>It is an {@link IllegalStateException}, as {@link BatchView#data} has always thrown for this case.
 */
public final class ArrayTooLargeException extends IllegalStateException {
    /**
     * The most bytes the JDK wraps as a {@link java.nio.ByteBuffer} ({@code MemorySegment.asByteBuffer}):
     * {@code Integer.MAX_VALUE - 8}, the JDK's largest array length.
     */
    public static final long MAX_BYTES = Integer.MAX_VALUE - 8;
    /** The most elements an Arrow vector holds (its value count is an {@code int}): {@code Integer.MAX_VALUE}. */
    public static final long MAX_ELEMENTS = Integer.MAX_VALUE;

    private static final long serialVersionUID = 1L;

    /** What the array is, as named in the message. */
    private final String array;
    /** Its size, in bytes or elements. */
    private final long size;
    /** The most the consumer takes, in the same unit. */
    private final long limit;

    /**
     * An array of {@code size} units (bytes or elements) over {@code limit}.
     *
     * @param array what the array is, e.g. {@code "'haplotypes' data of batch 3"}
     * @param size its size in {@code unit}
     * @param unit {@code "bytes"} or {@code "elements"}
     * @param limit the most {@code consumer} takes
     * @param consumer what refused it, e.g. {@code "an ONNX Runtime tensor (a ByteBuffer)"}
     */
    public ArrayTooLargeException(String array, long size, String unit, long limit, String consumer) {
        super(String.format(Locale.ROOT, "%s holds %,d %s, more than %s can take (%,d %s): use a smaller batch size"
                + " or a shorter length (Dataset.withLen) so that each array of a batch stays under 2 GiB", array,
                size, unit, consumer, limit, unit));
        this.array = array;
        this.size = size;
        this.limit = limit;
    }

    /**
     * Refuses {@code bytes} over {@link #MAX_BYTES}.
     *
     * @param array what the array is, for the message
     * @param bytes its size in bytes
     * @param consumer what it is handed to, for the message
     * @throws ArrayTooLargeException if {@code bytes > MAX_BYTES}
     */
    public static void checkBytes(String array, long bytes, String consumer) {
        if (bytes > MAX_BYTES) {
            throw new ArrayTooLargeException(array, bytes, "bytes", MAX_BYTES, consumer);
        }
    }

    /**
     * Refuses {@code elements} over {@link #MAX_ELEMENTS}.
     *
     * @param array what the array is, for the message
     * @param elements its element count
     * @param consumer what it is handed to, for the message
     * @throws ArrayTooLargeException if {@code elements > MAX_ELEMENTS}
     */
    public static void checkElements(String array, long elements, String consumer) {
        if (elements > MAX_ELEMENTS) {
            throw new ArrayTooLargeException(array, elements, "elements", MAX_ELEMENTS, consumer);
        }
    }

    /**
     * What the array is, as the message names it.
     *
     * @return e.g. {@code 'haplotypes' data of batch 3}
     */
    public String array() {
        return array;
    }

    /**
     * The array's size, in the unit of the message (bytes or elements).
     *
     * @return the size
     */
    public long size() {
        return size;
    }

    /**
     * The limit the size exceeds, in the same unit.
     *
     * @return the limit
     */
    public long limit() {
        return limit;
    }
}
