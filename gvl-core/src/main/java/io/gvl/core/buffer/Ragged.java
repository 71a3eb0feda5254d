package io.gvl.core.buffer;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * A ragged array: leading dimensions {@code shape} (C order) whose rows have variable length, stored as one
 * typed data segment and {@code rows + 1} int64 element offsets. See the package documentation for ownership.
 *
 * <p>Instances are immutable as objects; the bytes they point at are mutable so kernels can fill them.
 * Thread-safe for concurrent reads and for concurrent writes to distinct rows.
 */
public final class Ragged implements FlatArray {
    private static final ValueLayout.OfLong OFFSET = ValueLayout.JAVA_LONG_UNALIGNED;

    private final DType dtype;
    private final long[] shape;
    private final long rows;
    private final MemorySegment data;
    private final MemorySegment offsets;
    private final Ownership ownership;

    private Ragged(DType dtype, long[] shape, MemorySegment data, MemorySegment offsets, Ownership ownership) {
        this.dtype = dtype;
        this.shape = shape;
        this.rows = Shapes.product(shape);
        this.data = data;
        this.offsets = offsets;
        this.ownership = ownership;
    }

    /**
     * Allocates a buffer that owns a fresh shared arena, with row {@code i} of length {@code lengths[i]}
     * (rows in C order over {@code shape}). The data is zero-filled.
     *
     * @param dtype the element type
     * @param shape the leading dimensions
     * @param lengths the length in elements of every row, {@code >= 0}, one per row of {@code shape}
     * @return a buffer that owns its memory; the caller must close it
     * @throws IllegalArgumentException if the number of lengths differs from the row count or a length is negative
     */
    public static Ragged allocate(DType dtype, long[] shape, long[] lengths) {
        Arena arena = Arena.ofShared();
        try {
            Ragged r = layOut(arena, dtype, shape, lengths);
            return new Ragged(dtype, r.shape, r.data, r.offsets, Ownership.owning(arena, r.offsets, "Ragged buffer"));
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Allocates in a caller-owned arena; the buffer borrows it and is freed when the arena closes.
     *
     * @param arena the caller's arena; the buffer borrows it
     * @param dtype the element type
     * @param shape the leading dimensions
     * @param lengths the length in elements of every row, {@code >= 0}
     * @return a buffer valid while {@code arena} is open
     * @throws IllegalArgumentException if the number of lengths differs from the row count or a length is negative
     */
    public static Ragged allocate(Arena arena, DType dtype, long[] shape, long[] lengths) {
        return layOut(arena, dtype, shape, lengths);
    }

    private static Ragged layOut(Arena arena, DType dtype, long[] shape, long[] lengths) {
        long[] dims = shape.clone();
        long rows = Shapes.product(dims);
        if (lengths.length != rows) {
            throw new IllegalArgumentException("shape " + Arrays.toString(dims) + " has " + rows
                    + " rows but " + lengths.length + " lengths were given");
        }
        MemorySegment offsets = arena.allocate(OFFSET.byteSize() * (rows + 1), 8);
        long total = 0;
        for (int i = 0; i < lengths.length; i++) {
            if (lengths[i] < 0) {
                throw new IllegalArgumentException("row " + i + " has negative length " + lengths[i]);
            }
            offsets.setAtIndex(OFFSET, i, total);
            total = Math.addExact(total, lengths[i]);
        }
        offsets.setAtIndex(OFFSET, rows, total);
        MemorySegment data = arena.allocate(Math.multiplyExact(total, dtype.byteSize()), 64);
        return new Ragged(dtype, dims, data, offsets, Ownership.borrowing(offsets, "Ragged buffer"));
    }

    /**
     * Wraps existing memory without copying. {@code offsets} holds {@code rows + 1} little-endian int64 element
     * offsets that start at 0, never decrease, and end within {@code data}; this is checked.
     *
     * @param dtype the element type of {@code data}
     * @param shape the leading dimensions
     * @param data the elements of all rows back to back; the caller keeps ownership
     * @param offsets the row offsets, in elements
     * @return a buffer that borrows both segments
     * @throws IllegalArgumentException if the offsets have the wrong size, decrease, or point outside {@code data}
     */
    public static Ragged wrap(DType dtype, long[] shape, MemorySegment data, MemorySegment offsets) {
        long[] dims = shape.clone();
        long rows = Shapes.product(dims);
        if (offsets.byteSize() != (rows + 1) * OFFSET.byteSize()) {
            throw new IllegalArgumentException("offsets hold " + offsets.byteSize() / OFFSET.byteSize()
                    + " values but shape " + Arrays.toString(dims) + " needs " + (rows + 1));
        }
        long prev = offsets.getAtIndex(OFFSET, 0);
        if (prev != 0) {
            throw new IllegalArgumentException("offsets must start at 0, found " + prev);
        }
        for (long i = 1; i <= rows; i++) {
            long o = offsets.getAtIndex(OFFSET, i);
            if (o < prev) {
                throw new IllegalArgumentException("offsets decrease at row " + (i - 1) + ": " + prev + " then " + o);
            }
            prev = o;
        }
        if (prev * dtype.byteSize() > data.byteSize()) {
            throw new IllegalArgumentException("offsets end at element " + prev + " but data holds only "
                    + data.byteSize() / dtype.byteSize() + " " + dtype + " elements");
        }
        return new Ragged(dtype, dims, data, offsets, Ownership.borrowing(offsets, "Ragged buffer"));
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    /**
     * The leading shape (a copy).
     *
     * @return a new array of the leading dimensions
     */
    public long[] shape() {
        return shape.clone();
    }

    /**
     * Number of rows: the product of the leading shape.
     *
     * @return the row count
     */
    public long rows() {
        return rows;
    }

    /**
     * The whole data segment (all rows back to back).
     *
     * @return the data segment, valid while the buffer is open
     * @throws IllegalStateException if the buffer is closed
     */
    public MemorySegment data() {
        ownership.ensureOpen();
        return data;
    }

    /**
     * The {@code rows + 1} int64 offsets, in elements.
     *
     * @return the offsets segment, valid while the buffer is open
     * @throws IllegalStateException if the buffer is closed
     */
    public MemorySegment offsets() {
        ownership.ensureOpen();
        return offsets;
    }

    /**
     * Element offset of the start of {@code row}; {@code offset(rows())} is the total element count.
     *
     * @param row row index, {@code 0 <= row <= rows()}
     * @return the element offset
     * @throws IndexOutOfBoundsException if {@code row} is out of range
     */
    public long offset(long row) {
        ownership.ensureOpen();
        if (row < 0 || row > rows) {
            throw new IndexOutOfBoundsException("row " + row + " outside [0, " + rows + "]");
        }
        return offsets.getAtIndex(OFFSET, row);
    }

    /**
     * Length (in elements) of {@code row}.
     *
     * @param row row index, {@code 0 <= row < rows()}
     * @return the length in elements
     * @throws IndexOutOfBoundsException if {@code row} is out of range
     */
    public long length(long row) {
        checkRow(row);
        return offsets.getAtIndex(OFFSET, row + 1) - offsets.getAtIndex(OFFSET, row);
    }

    /**
     * Total number of elements in all rows.
     *
     * @return the element count
     */
    public long totalLength() {
        return offset(rows);
    }

    /**
     * The largest row length (0 when there are no rows).
     *
     * @return the longest row length in elements
     */
    public long maxLength() {
        ownership.ensureOpen();
        long max = 0;
        for (long i = 0; i < rows; i++) {
            max = Math.max(max, offsets.getAtIndex(OFFSET, i + 1) - offsets.getAtIndex(OFFSET, i));
        }
        return max;
    }

    /**
     * Zero-copy view of one row's elements.
     *
     * @param row row index, {@code 0 <= row < rows()}
     * @return a slice of the data segment, valid while the buffer is open
     * @throws IndexOutOfBoundsException if {@code row} is out of range
     */
    public MemorySegment row(long row) {
        checkRow(row);
        long start = offsets.getAtIndex(OFFSET, row);
        long end = offsets.getAtIndex(OFFSET, row + 1);
        return data.asSlice(start * dtype.byteSize(), (end - start) * dtype.byteSize());
    }

    /**
     * Row contents as a fresh byte array (for tests and small outputs); only for {@link DType#U8}.
     *
     * @param row row index, {@code 0 <= row < rows()}
     * @return a new array of the row's bytes
     * @throws IllegalArgumentException if the element type is not {@link DType#U8}
     */
    public byte[] rowBytes(long row) {
        requireType(DType.U8);
        return row(row).toArray(ValueLayout.JAVA_BYTE);
    }

    /**
     * Pads every row on the right to {@code width} elements with {@code fill} into a new rectangular buffer of
     * shape {@code shape + [width]} allocated in {@code arena}. Rows longer than {@code width} are an error.
     *
     * @param arena the arena the result is allocated in (it borrows it)
     * @param width the row width of the result in elements, at least {@link #maxLength()}
     * @param fill the pad value, converted to the element type
     * @return a new dense buffer
     * @throws IllegalArgumentException if a row is longer than {@code width}
     */
    public Dense toPadded(Arena arena, long width, double fill) {
        ownership.ensureOpen();
        long max = maxLength();
        if (width < max) {
            throw new IllegalArgumentException("pad width " + width + " is shorter than the longest row (" + max + ")");
        }
        long[] denseShape = Arrays.copyOf(shape, shape.length + 1);
        denseShape[shape.length] = width;
        Dense out = Dense.allocate(arena, dtype, denseShape);
        MemorySegment dst = out.data();
        long es = dtype.byteSize();
        for (long i = 0; i < rows; i++) {
            long len = length(i);
            MemorySegment.copy(row(i), 0, dst, i * width * es, len * es);
            Dense.fill(dst.asSlice((i * width + len) * es, (width - len) * es), dtype, fill);
        }
        return out;
    }

    /**
     * {@link #toPadded(Arena, long, double)} to the longest row's length (GVL's "variable" length).
     *
     * @param arena the arena the result is allocated in (it borrows it)
     * @param fill the pad value, converted to the element type
     * @return a new dense buffer of width {@link #maxLength()}
     */
    public Dense toPadded(Arena arena, double fill) {
        return toPadded(arena, maxLength(), fill);
    }

    /**
     * The inverse of {@link #toPadded}: takes the first {@code lengths[i]} elements of each row of a rectangular
     * buffer into a new ragged buffer allocated in {@code arena}. The leading shape is the dense shape minus its
     * last dimension.
     *
     * @param arena the arena the result is allocated in (it borrows it)
     * @param dense a buffer with at least one dimension
     * @param lengths the number of leading elements to keep per row, each at most the last dimension
     * @return a new ragged buffer
     * @throws IllegalArgumentException if a length is negative or wider than the rows
     */
    public static Ragged fromPadded(Arena arena, Dense dense, long[] lengths) {
        long[] dshape = dense.shape();
        long width = dshape[dshape.length - 1];
        long[] lead = Arrays.copyOf(dshape, dshape.length - 1);
        for (int i = 0; i < lengths.length; i++) {
            if (lengths[i] > width) {
                throw new IllegalArgumentException("row " + i + " length " + lengths[i] + " exceeds width " + width);
            }
        }
        Ragged out = allocate(arena, dense.dtype(), lead, lengths);
        long es = dense.dtype().byteSize();
        MemorySegment src = dense.data();
        for (int i = 0; i < lengths.length; i++) {
            MemorySegment.copy(src, i * width * es, out.data, out.offsets.getAtIndex(OFFSET, i) * es, lengths[i] * es);
        }
        return out;
    }

    /**
     * Zero-copy view of rows {@code [from, to)} as a one-dimensional ragged buffer that borrows this one's memory.
     *
     * @param from first row, inclusive
     * @param to last row, exclusive
     * @return a view that is valid only while this buffer is open
     * @throws IndexOutOfBoundsException unless {@code 0 <= from <= to <= rows()}
     */
    public Ragged slice(long from, long to) {
        return view(from, to, new long[] {to - from});
    }

    @Override
    public long[] leadingShape() {
        return shape();
    }

    @Override
    public long byteSize() {
        return data.byteSize() + offsets.byteSize();
    }

    @Override
    public Ragged sliceLeading(long from, long to) {
        if (shape.length == 0) {
            throw new IllegalStateException("a 0-d ragged buffer has no leading axis to slice");
        }
        if (from < 0 || to > shape[0] || from > to) {
            throw new IndexOutOfBoundsException("[" + from + ", " + to + ") outside [0, " + shape[0] + ")");
        }
        long perInstance = Shapes.product(Arrays.copyOfRange(shape, 1, shape.length));
        long[] viewShape = shape.clone();
        viewShape[0] = to - from;
        return view(from * perInstance, to * perInstance, viewShape);
    }

    private Ragged view(long from, long to, long[] viewShape) {
        ownership.ensureOpen();
        if (from < 0 || to > rows || from > to) {
            throw new IndexOutOfBoundsException("rows [" + from + ", " + to + ") outside [0, " + rows + ")");
        }
        long base = offsets.getAtIndex(OFFSET, from);
        long end = offsets.getAtIndex(OFFSET, to);
        // Offsets of a view must start at 0, so a view needs its own (small) offset array when base != 0.
        MemorySegment viewOffsets;
        if (base == 0) {
            viewOffsets = offsets.asSlice(from * OFFSET.byteSize(), (to - from + 1) * OFFSET.byteSize());
        } else {
            viewOffsets = MemorySegment.ofArray(new long[Math.toIntExact(to - from + 1)]);
            for (long i = from; i <= to; i++) {
                viewOffsets.setAtIndex(ValueLayout.JAVA_LONG, i - from, offsets.getAtIndex(OFFSET, i) - base);
            }
        }
        MemorySegment viewData = data.asSlice(base * dtype.byteSize(), (end - base) * dtype.byteSize());
        return new Ragged(dtype, viewShape, viewData, viewOffsets, Ownership.borrowing(data, "Ragged view"));
    }

    /** Whether the memory is still usable. */
    @Override
    public boolean isOpen() {
        return ownership.isOpen();
    }

    /** Frees the memory if this buffer owns its arena; harmless when repeated. */
    @Override
    public void close() {
        ownership.close();
    }

    private void checkRow(long row) {
        ownership.ensureOpen();
        if (row < 0 || row >= rows) {
            throw new IndexOutOfBoundsException("row " + row + " outside [0, " + rows + ")");
        }
    }

    private void requireType(DType expected) {
        if (dtype != expected) {
            throw new IllegalStateException("buffer holds " + dtype + ", not " + expected);
        }
    }

    @Override
    public String toString() {
        return "Ragged[" + dtype + ", shape=" + Arrays.toString(shape) + (isOpen() ? "" : ", closed") + "]";
    }
}
