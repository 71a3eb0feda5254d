package io.gvl.format.array;

import io.gvl.format.DatasetFormatException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A read-only view of one header-less little-endian array file ({@code offsets.npy}, {@code variant_idxs.npy},
 * track {@code starts/ends/values/offsets.npy}). The file is memory-mapped into the caller's arena without copying;
 * indices are {@code long}, so files larger than 2 GiB work. The arena's owner decides the lifetime: once it is
 * closed, every access throws {@link IllegalStateException}.
 */
public final class RawArray {
    private final Path file;
    private final RawDtype dtype;
    private final MemorySegment data;
    private final long length;

    private RawArray(Path file, RawDtype dtype, MemorySegment data) {
        this.file = file;
        this.dtype = dtype;
        this.data = data;
        this.length = data.byteSize() / dtype.size();
    }

    /**
     * Maps {@code file} read-only into {@code arena} (which owns the mapping). The byte size must be a multiple of
     * the element size; an empty file gives an empty array.
     *
     * @param file a header-less little-endian array file
     * @param dtype the element type
     * @param arena the arena that owns the mapping; the array is valid until it closes
     * @return a read-only view of the whole file
     * @throws DatasetFormatException if the file is missing, unreadable, or not a whole number of elements
     */
    public static RawArray map(Path file, RawDtype dtype, Arena arena) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size % dtype.size() != 0) {
                throw new DatasetFormatException(file + ": size " + size + " bytes is not a multiple of "
                        + dtype.size() + " (" + dtype.descr() + " elements); the file is truncated or corrupt,"
                        + " rewrite the dataset");
            }
            MemorySegment seg = size == 0 ? arena.allocate(0)
                    : ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            return new RawArray(file, dtype, seg);
        } catch (NoSuchFileException e) {
            throw new DatasetFormatException(file + ": required file is missing", e);
        } catch (IOException e) {
            throw new DatasetFormatException(file + ": cannot map (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Wraps memory the caller owns (for tests and in-memory data); {@code source} names it in errors.
     *
     * @param source a name for the memory, used in error messages
     * @param dtype the element type
     * @param data little-endian elements; the caller keeps ownership
     * @return a view over {@code data}
     * @throws IllegalArgumentException if the segment is not a whole number of elements
     */
    public static RawArray wrap(Path source, RawDtype dtype, MemorySegment data) {
        if (data.byteSize() % dtype.size() != 0) {
            throw new IllegalArgumentException(source + ": segment size is not a multiple of " + dtype.size());
        }
        return new RawArray(source, dtype, data);
    }

    /**
     * The file the array was mapped from (or the name given to {@link #wrap}), used in error messages.
     *
     * @return the file
     */
    public Path file() {
        return file;
    }

    /**
     * The element type.
     *
     * @return the element type
     */
    public RawDtype dtype() {
        return dtype;
    }

    /**
     * Number of elements.
     *
     * @return the element count
     */
    public long length() {
        return length;
    }

    /**
     * The mapped bytes (little-endian elements); valid while the owning arena is open.
     *
     * @return the little-endian element bytes
     */
    public MemorySegment segment() {
        return data;
    }

    /**
     * Element {@code i} of an {@link RawDtype#INT32} array.
     *
     * @param i element index, {@code 0 <= i < length()}
     * @return the element
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     * @throws IllegalStateException if the array is not INT32 or its memory is closed
     */
    public int getInt(long i) {
        check(RawDtype.INT32, i);
        try {
            return data.get(RawDtype.LE_INT, i * 4);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
    }

    /**
     * Element {@code i} of an {@link RawDtype#INT64} array.
     *
     * @param i element index, {@code 0 <= i < length()}
     * @return the element
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     * @throws IllegalStateException if the array is not INT64 or its memory is closed
     */
    public long getLong(long i) {
        check(RawDtype.INT64, i);
        try {
            return data.get(RawDtype.LE_LONG, i * 8);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
    }

    /**
     * Element {@code i} of a {@link RawDtype#FLOAT32} array.
     *
     * @param i element index, {@code 0 <= i < length()}
     * @return the element
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     * @throws IllegalStateException if the array is not FLOAT32 or its memory is closed
     */
    public float getFloat(long i) {
        check(RawDtype.FLOAT32, i);
        try {
            return data.get(RawDtype.LE_FLOAT, i * 4);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
    }

    /**
     * Elements {@code [from, to)} as a view over the same mapping.
     *
     * @param from first element, inclusive
     * @param to last element, exclusive
     * @return a view sharing this array's memory and lifetime
     * @throws IndexOutOfBoundsException unless {@code 0 <= from <= to <= length()}
     */
    public RawArray slice(long from, long to) {
        if (from < 0 || to < from || to > length) {
            throw new IndexOutOfBoundsException("slice [" + from + ", " + to + ") of " + length + " elements");
        }
        try {
            return new RawArray(file, dtype, data.asSlice(from * dtype.size(), (to - from) * dtype.size()));
        } catch (IllegalStateException e) {
            throw closed(e);
        }
    }

    /**
     * Copies elements {@code [from, to)} of an INT32 array to the heap.
     *
     * @param from first element, inclusive
     * @param to last element, exclusive
     * @return a new heap array
     */
    public int[] toIntArray(long from, long to) {
        checkType(RawDtype.INT32);
        return slice(from, to).copyOut(RawDtype.LE_INT);
    }

    /**
     * Copies all elements of an INT64 array to the heap (small arrays only).
     *
     * @return a new heap array of every element
     */
    public long[] toLongArray() {
        checkType(RawDtype.INT64);
        try {
            return data.toArray(RawDtype.LE_LONG);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
    }

    /**
     * Copies all elements of a FLOAT32 array to the heap (small arrays only).
     *
     * @return a new heap array of every element
     */
    public float[] toFloatArray() {
        checkType(RawDtype.FLOAT32);
        try {
            return data.toArray(RawDtype.LE_FLOAT);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
    }

    private int[] copyOut(java.lang.foreign.ValueLayout.OfInt layout) {
        try {
            return data.toArray(layout);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
    }

    private void check(RawDtype expected, long i) {
        checkType(expected);
        if (i < 0 || i >= length) {
            throw new IndexOutOfBoundsException("index " + i + " of " + length + " elements in " + file);
        }
    }

    private void checkType(RawDtype expected) {
        if (dtype != expected) {
            throw new IllegalStateException(file + " holds " + dtype + ", not " + expected);
        }
    }

    private IllegalStateException closed(IllegalStateException cause) {
        return new IllegalStateException(file + ": the dataset files are closed; reopen the dataset to read",
                cause);
    }

    @Override
    public String toString() {
        return "RawArray[" + file + ", " + dtype + ", " + length + "]";
    }
}
