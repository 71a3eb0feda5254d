package io.gvl.write.internal;

import java.util.Arrays;

/** A growable {@code int} list without boxing (gvl-core does not depend on a primitive-collections library). */
final class IntList {
    private int[] data;
    private int size;

    IntList() {
        this(8);
    }

    IntList(int capacity) {
        data = new int[Math.max(1, capacity)];
    }

    void add(int v) {
        if (size == data.length) {
            data = Arrays.copyOf(data, data.length * 2);
        }
        data[size++] = v;
    }

    void addAll(int[] v, int off, int len) {
        if (size + len > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, size + len));
        }
        System.arraycopy(v, off, data, size, len);
        size += len;
    }

    int get(int i) {
        return data[i];
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }

    /** The backing array; elements {@code [0, size())} are valid until the next change. */
    int[] array() {
        return data;
    }

    int[] toArray() {
        return Arrays.copyOf(data, size);
    }
}
