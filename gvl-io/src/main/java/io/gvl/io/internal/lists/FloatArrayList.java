package io.gvl.io.internal.lists;

import java.util.Arrays;

/** A growable list of primitive {@code float}s (no boxing), amortized O(1) appends by doubling. */
public final class FloatArrayList {
    private float[] a;
    private int size;

    public FloatArrayList() {
        a = new float[16];
    }

    /** A list holding {@code values}. */
    public static FloatArrayList of(float... values) {
        FloatArrayList l = new FloatArrayList();
        l.addElements(0, values);
        return l;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public void add(float v) {
        grow(size + 1);
        a[size++] = v;
    }

    public float getFloat(int i) {
        check(i);
        return a[i];
    }

    public void set(int i, float v) {
        check(i);
        a[i] = v;
    }

    /** Inserts all of {@code values} at {@code index} (at {@link #size()} this appends). */
    public void addElements(int index, float[] values) {
        addElements(index, values, 0, values.length);
    }

    /** Inserts {@code values[offset, offset + length)} at {@code index} (at {@link #size()} this appends). */
    public void addElements(int index, float[] values, int offset, int length) {
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException("index " + index + " outside 0.." + size);
        }
        grow(size + length);
        System.arraycopy(a, index, a, index + length, size - index);
        System.arraycopy(values, offset, a, index, length);
        size += length;
    }

    /** A copy of the elements. */
    public float[] toFloatArray() {
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
