package io.gvl.dataset.internal;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.List;

/** Turns boolean masks, names and view-relative picks into the index lists of a {@code Dataset} subset. */
public final class Subsets {
    private Subsets() {
    }

    /**
     * Composes a subset: {@code picks} are indices into the current view's axis of {@code n} entries (negative ones
     * count from the end, as in Python), {@code current} maps that axis to the dataset's ({@code null}: identity).
     */
    public static int[] compose(int[] current, int[] picks, int n, String what) {
        int[] out = new int[picks.length];
        for (int i = 0; i < picks.length; i++) {
            int j = picks[i] < 0 ? picks[i] + n : picks[i];
            if (j < 0 || j >= n) {
                throw new IndexOutOfBoundsException(what + " index " + picks[i] + " is out of range for " + n + " "
                        + what + "s");
            }
            out[i] = current == null ? j : current[j];
        }
        return out;
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
        Object2IntOpenHashMap<String> index = new Object2IntOpenHashMap<>(available.size());
        index.defaultReturnValue(-1);
        for (int i = 0; i < available.size(); i++) {
            Object v = available.get(i);
            if (v == null) {
                continue;
            }
            int before = index.put(String.valueOf(v), i);
            if (before >= 0) {
                throw new IllegalArgumentException("the " + axis + " name '" + v + "'" + where + " appears in rows "
                        + before + " and " + i + "; names must be unique to select by name");
            }
        }
        int[] out = new int[names.size()];
        for (int i = 0; i < out.length; i++) {
            int j = index.getInt(names.get(i));
            if (j < 0) {
                throw new IllegalArgumentException("no " + axis + " named '" + names.get(i) + "'" + where
                        + " in this view (" + available.size() + " " + axis + "s)");
            }
            out[i] = j;
        }
        return out;
    }
}
