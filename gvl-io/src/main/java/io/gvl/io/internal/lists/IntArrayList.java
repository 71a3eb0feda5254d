package io.gvl.io.internal.lists;

import java.util.Arrays;

/** A growable list of primitive {@code int}s (no boxing), amortized O(1) appends by doubling. */
public final class IntArrayList {
    private int[] a;
    private int size;

    public IntArrayList() {
        a = new int[16];
    }

    /** A list holding {@code values}. */
    public static IntArrayList of(int... values) {
        IntArrayList l = new IntArrayList();
        l.addElements(0, values);
        return l;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public void add(int v) {
        grow(size + 1);
        a[size++] = v;
    }

    public int getInt(int i) {
        check(i);
        return a[i];
    }

    public void set(int i, int v) {
        check(i);
        a[i] = v;
    }

    /** Inserts all of {@code values} at {@code index} (at {@link #size()} this appends). */
    public void addElements(int index, int[] values) {
        addElements(index, values, 0, values.length);
    }

    /** Inserts {@code values[offset, offset + length)} at {@code index} (at {@link #size()} this appends). */
    public void addElements(int index, int[] values, int offset, int length) {
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException("index " + index + " outside 0.." + size);
        }
        grow(size + length);
        System.arraycopy(a, index, a, index + length, size - index);
        System.arraycopy(values, offset, a, index, length);
        size += length;
    }

    /** A copy of the elements. */
    public int[] toIntArray() {
        return Arrays.copyOf(a, size);
    }

    private void grow(int need) {
        if (need > a.length) {
            a = Arrays.copyOf(a, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * a.length)));
        }
    }

    private void check(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("index " + i + " outside 0.." + (size - 1));
        }
    }
}
