package io.gvl.dataset.settings;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SequencedMap;

/**
 * Which input regions (elements, e.g. exons) make up each spliced row (e.g. a transcript), independent of samples
 * (GVL's {@code SpliceMap}, {@code _dataset/_splice.py}). Groups keep the order in which their keys first appear;
 * elements are concatenated in the order given here, and each is reverse-complemented on its own when it lies on the
 * minus strand, so a minus-strand transcript must list its exons 5' to 3' on the transcript (see docs/splicing.md).
 * Immutable.
 */
public final class SpliceMap {
    private final List<String> keys;
    private final Object2IntOpenHashMap<String> index;
    private final int[] offsets;
    private final int[] rows;

    private SpliceMap(List<String> keys, int[] offsets, int[] rows) {
        this.keys = Collections.unmodifiableList(keys);
        this.offsets = offsets;
        this.rows = rows;
        Object2IntOpenHashMap<String> idx = new Object2IntOpenHashMap<>(keys.size());
        idx.defaultReturnValue(-1);
        for (int t = 0; t < keys.size(); t++) {
            idx.put(keys.get(t), t);
        }
        this.index = idx;
    }

    /**
     * Groups input rows by key, groups in order of first appearance, elements in row order. {@code keyPerRow.get(i)}
     * is the key of input row {@code i}; a null key leaves the row out of every group; the list may be shorter than
     * the dataset's region count (the remaining rows belong to no group).
     *
     * @param keyPerRow the group key of each input row, {@code null} for none
     * @return the map
     */
    public static SpliceMap fromKeys(List<String> keyPerRow) {
        return fromKeys(keyPerRow, null);
    }

    /**
     * As {@link #fromKeys(List)}, with the elements of each group sorted (stably) by {@code orderPerRow}, e.g. exon
     * numbers. Order values of grouped rows must not be null; numbers and numeric text compare numerically when every
     * value is an integer, otherwise values compare as text.
     *
     * @param keyPerRow the group key of each input row, {@code null} for none
     * @param orderPerRow the sort value of each input row, or {@code null} to keep row order
     * @return the map
     * @throws IllegalArgumentException if the lists differ in length or a grouped row has a null order value
     */
    public static SpliceMap fromKeys(List<String> keyPerRow, List<?> orderPerRow) {
        Objects.requireNonNull(keyPerRow, "keyPerRow");
        if (orderPerRow != null && orderPerRow.size() != keyPerRow.size()) {
            throw new IllegalArgumentException("order values (" + orderPerRow.size() + ") and keys ("
                    + keyPerRow.size() + ") must cover the same rows");
        }
        SequencedMap<String, IntArrayList> groups = new LinkedHashMap<>();
        for (int i = 0; i < keyPerRow.size(); i++) {
            String k = keyPerRow.get(i);
            if (k != null) {
                groups.computeIfAbsent(k, x -> new IntArrayList()).add(i);
            }
        }
        IntComparator order = orderPerRow == null ? null : orderComparator(keyPerRow, orderPerRow);
        SequencedMap<String, int[]> out = new LinkedHashMap<>();
        groups.forEach((k, members) -> {
            int[] rows = members.toIntArray();
            if (order != null) {
                IntArrays.mergeSort(rows, order); // stable: equal order values keep row order
            }
            out.put(k, rows);
        });
        return of(out);
    }

    /**
     * An explicit map from key to the input rows of its elements, in splice order; iteration order is group order.
     *
     * @param groups key to input rows, in group order
     * @return the map
     * @throws IllegalArgumentException if a group is empty or a row is negative
     */
    public static SpliceMap of(SequencedMap<String, int[]> groups) {
        List<String> keys = new ArrayList<>(groups.size());
        int[] offsets = new int[groups.size() + 1];
        int total = 0;
        for (Map.Entry<String, int[]> e : groups.entrySet()) {
            String k = Objects.requireNonNull(e.getKey(), "splice key");
            int[] members = e.getValue();
            if (members == null || members.length == 0) {
                throw new IllegalArgumentException("spliced row '" + k + "' has no elements; every group needs at"
                        + " least one region");
            }
            for (int r : members) {
                if (r < 0) {
                    throw new IllegalArgumentException("spliced row '" + k + "' lists input row " + r
                            + "; rows are 0-based input rows of the dataset");
                }
            }
            keys.add(k);
            total = Math.addExact(total, members.length);
            offsets[keys.size()] = total;
        }
        int[] rows = new int[total];
        int at = 0;
        for (int[] members : groups.values()) {
            System.arraycopy(members, 0, rows, at, members.length);
            at += members.length;
        }
        return new SpliceMap(keys, offsets, rows);
    }

    private static IntComparator orderComparator(List<String> keys, List<?> order) {
        boolean numeric = true;
        long[] asLong = new long[order.size()];
        for (int i = 0; i < order.size(); i++) {
            if (keys.get(i) == null) {
                continue;
            }
            Object o = order.get(i);
            if (o == null) {
                throw new IllegalArgumentException("row " + i + " of spliced row '" + keys.get(i)
                        + "' has no order value; give every grouped row one (e.g. its exon number)");
            }
            if (numeric) {
                Long v = integer(o);
                if (v == null) {
                    numeric = false;
                } else {
                    asLong[i] = v;
                }
            }
        }
        if (numeric) {
            return (a, b) -> Long.compare(asLong[a], asLong[b]);
        }
        return (a, b) -> String.valueOf(order.get(a)).compareTo(String.valueOf(order.get(b)));
    }

    private static Long integer(Object o) {
        if (o instanceof Long || o instanceof Integer || o instanceof Short || o instanceof Byte) {
            return ((Number) o).longValue();
        }
        if (o instanceof String s) {
            try {
                return Long.parseLong(s.strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    /**
     * Number of spliced rows (groups).
     *
     * @return the group count
     */
    public int size() {
        return keys.size();
    }

    /**
     * Group keys in group order.
     *
     * @return an unmodifiable list of keys
     */
    public List<String> keys() {
        return keys;
    }

    /**
     * Position of {@code key}, or -1.
     *
     * @param key a group key
     * @return its group index, or -1 if absent
     */
    public int indexOf(String key) {
        return index.getInt(key);
    }

    /**
     * Number of elements of group {@code t}.
     *
     * @param t group index, {@code 0 <= t < size()}
     * @return the element count
     */
    public int elementCount(int t) {
        return offsets[t + 1] - offsets[t];
    }

    /**
     * Input row of element {@code e} of group {@code t}.
     *
     * @param t group index, {@code 0 <= t < size()}
     * @param e element index, {@code 0 <= e < elementCount(t)}
     * @return the input row
     */
    public int row(int t, int e) {
        return rows[offsets[t] + e];
    }

    /**
     * The input rows of group {@code t}, in splice order (a copy).
     *
     * @param t group index, {@code 0 <= t < size()}
     * @return a new array of input rows
     */
    public int[] rows(int t) {
        return Arrays.copyOfRange(rows, offsets[t], offsets[t + 1]);
    }

    /**
     * Largest input row referenced, or -1 when empty.
     *
     * @return the largest input row, or -1
     */
    public int maxRow() {
        int max = -1;
        for (int r : rows) {
            max = Math.max(max, r);
        }
        return max;
    }

    @Override
    public String toString() {
        return "SpliceMap[" + keys.size() + " rows, " + rows.length + " elements]";
    }
}
