package io.gvl.core.internal.dataset;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Turns boolean masks and names into the view-relative index lists that {@code Dataset.subsetTo} takes. */
public final class Subsets {
    private Subsets() {
    }

    /** Positions of the set flags; {@code mask} must have one flag per row of the axis. */
    public static int[] selected(boolean[] mask, int n, String axis) {
        if (mask.length != n) {
            throw new IllegalArgumentException("the " + axis + " mask has " + mask.length + " flags but the view has "
                    + n + " " + axis + "s");
        }
        int count = 0;
        for (boolean b : mask) {
            count += b ? 1 : 0;
        }
        int[] out = new int[count];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (mask[i]) {
                out[k++] = i;
            }
        }
        return out;
    }

    /**
     * Positions of {@code names} among {@code available} (the axis's names in view order), in the order asked.
     * {@code column} names the region column that holds the names, for messages (null for samples).
     */
    public static int[] byName(List<?> available, List<String> names, String axis, String column) {
        String where = column == null ? "" : " in column '" + column + "'";
        Map<String, Integer> index = new HashMap<>(available.size() * 2);
        for (int i = 0; i < available.size(); i++) {
            Object v = available.get(i);
            if (v == null) {
                continue;
            }
            Integer before = index.put(String.valueOf(v), i);
            if (before != null) {
                throw new IllegalArgumentException("the " + axis + " name '" + v + "'" + where + " appears in rows "
                        + before + " and " + i + "; names must be unique to select by name");
            }
        }
        int[] out = new int[names.size()];
        for (int i = 0; i < out.length; i++) {
            Integer j = index.get(names.get(i));
            if (j == null) {
                throw new IllegalArgumentException("no " + axis + " named '" + names.get(i) + "'" + where
                        + " in this view (" + available.size() + " " + axis + "s)");
            }
            out[i] = j;
        }
        return out;
    }
}
