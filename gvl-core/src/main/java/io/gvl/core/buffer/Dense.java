package io.gvl.core.buffer;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * A rectangular buffer (C order), the form of fixed-length and padded ("variable") outputs. Like
 * {@link Ragged} it either owns its arena or borrows memory.
 */
public final class Dense implements FlatArray {
    private final DType dtype;
    private final long[] shape;
    private final MemorySegment data;
    private final Ownership ownership;

    private Dense(DType dtype, long[] shape, MemorySegment data, Ownership ownership) {
        this.dtype = dtype;
        this.shape = shape;
        this.data = data;
        this.ownership = ownership;
    }

    /**
     * Allocates a zero-filled buffer owning a fresh shared arena.
     *
     * @param dtype the element type
     * @param shape the full shape; the last dimension is the row width
     * @return a buffer that owns its memory; the caller must close it
     */
    public static Dense allocate(DType dtype, long[] shape) {
        Arena arena = Arena.ofShared();
        try {
            MemorySegment data = arena.allocate(byteSize(dtype, shape), 64);
            return new Dense(dtype, shape.clone(), data, Ownership.owning(arena, data, "Dense buffer"));
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Allocates a zero-filled buffer in a caller-owned arena.
     *
     * @param arena the caller's arena; the buffer borrows it
     * @param dtype the element type
     * @param shape the full shape; the last dimension is the row width
     * @return a buffer valid while {@code arena} is open
     */
    public static Dense allocate(Arena arena, DType dtype, long[] shape) {
        MemorySegment data = arena.allocate(byteSize(dtype, shape), 64);
        return new Dense(dtype, shape.clone(), data, Ownership.borrowing(data, "Dense buffer"));
    }

    /**
     * Wraps existing memory without copying; its size must match the shape exactly.
     *
     * @param dtype the element type of {@code data}
     * @param shape the full shape; the last dimension is the row width
     * @param data the elements in C order; the caller keeps ownership
     * @return a buffer that borrows {@code data}
     * @throws IllegalArgumentException if the size of {@code data} does not match the shape
     */
    public static Dense wrap(DType dtype, long[] shape, MemorySegment data) {
        long need = byteSize(dtype, shape);
        if (data.byteSize() != need) {
            throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " of " + dtype + " needs "
                    + need + " bytes, segment has " + data.byteSize());
        }
        return new Dense(dtype, shape.clone(), data, Ownership.borrowing(data, "Dense buffer"));
    }

    private static long byteSize(DType dtype, long[] shape) {
        if (shape.length == 0) {
            throw new IllegalArgumentException("a dense buffer needs at least one dimension");
        }
        return Math.multiplyExact(Shapes.product(shape), dtype.byteSize());
    }

    /** Fills {@code seg} (a whole number of elements) with {@code value} converted to {@code dtype}. */
    static void fill(MemorySegment seg, DType dtype, double value) {
        switch (dtype) {
            case U8 -> seg.fill((byte) (long) value);
            case I32 -> {
                int v = (int) (long) value;
                for (long i = 0, n = seg.byteSize() / 4; i < n; i++) {
                    seg.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, v);
                }
            }
            case I64 -> {
                long v = (long) value;
                for (long i = 0, n = seg.byteSize() / 8; i < n; i++) {
                    seg.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, v);
                }
            }
            case F32 -> {
                float v = (float) value;
                for (long i = 0, n = seg.byteSize() / 4; i < n; i++) {
                    seg.setAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i, v);
                }
            }
        }
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    @Override
    public long[] leadingShape() {
        return Arrays.copyOf(shape, shape.length - 1);
    }

    @Override
    public long byteSize() {
        return data.byteSize();
    }

    @Override
    public Dense sliceLeading(long from, long to) {
        ownership.ensureOpen();
        if (from < 0 || to > shape[0] || from > to) {
            throw new IndexOutOfBoundsException("[" + from + ", " + to + ") outside [0, " + shape[0] + ")");
        }
        long perInstance = Shapes.product(Arrays.copyOfRange(shape, 1, shape.length)) * dtype.byteSize();
        long[] viewShape = shape.clone();
        viewShape[0] = to - from;
        return new Dense(dtype, viewShape, data.asSlice(from * perInstance, (to - from) * perInstance),
                Ownership.borrowing(data, "Dense view"));
    }

    /**
     * The full shape (a copy); the last dimension is the row width.
     *
     * @return a new array of the dimensions
     */
    public long[] shape() {
        return shape.clone();
    }

    /**
     * Number of rows: the product of all but the last dimension.
     *
     * @return the row count
     */
    public long rows() {
        return Shapes.product(Arrays.copyOf(shape, shape.length - 1));
    }

    /**
     * Row width: the last dimension.
     *
     * @return the width in elements
     */
    public long width() {
        return shape[shape.length - 1];
    }

    /**
     * The whole data segment, rows back to back in C order.
     *
     * @return the segment, valid while the buffer is open
     * @throws IllegalStateException if the buffer is closed
     */
    public MemorySegment data() {
        ownership.ensureOpen();
        return data;
    }

    /**
     * Zero-copy view of one row.
     *
     * @param row row index, {@code 0 <= row < rows()}
     * @return a slice of the data segment, valid while the buffer is open
     * @throws IndexOutOfBoundsException if {@code row} is out of range
     */
    public MemorySegment row(long row) {
        ownership.ensureOpen();
        long rows = rows();
        if (row < 0 || row >= rows) {
            throw new IndexOutOfBoundsException("row " + row + " outside [0, " + rows + ")");
        }
        long rowBytes = width() * dtype.byteSize();
        return data.asSlice(row * rowBytes, rowBytes);
    }

    /**
     * The same bytes viewed as a ragged buffer whose rows all have the full width (a fixed-length output
     * is a reshape). The offsets are allocated in {@code arena}.
     *
     * @param arena the arena the offsets are allocated in (the view borrows it)
     * @return a ragged view sharing this buffer's data; valid while both this buffer and {@code arena} are open
     */
    public Ragged asRagged(Arena arena) {
        ownership.ensureOpen();
        long rows = rows();
        MemorySegment offsets = arena.allocate(ValueLayout.JAVA_LONG.byteSize() * (rows + 1), 8);
        long width = width();
        for (long i = 0; i <= rows; i++) {
            offsets.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, i * width);
        }
        return Ragged.wrap(dtype, Arrays.copyOf(shape, shape.length - 1), data, offsets);
    }

    @Override
    public boolean isOpen() {
        return ownership.isOpen();
    }

    @Override
    public void close() {
        ownership.close();
    }

    @Override
    public String toString() {
        return "Dense[" + dtype + ", shape=" + Arrays.toString(shape) + (isOpen() ? "" : ", closed") + "]";
    }
}
