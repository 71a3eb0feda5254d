package io.gvl.djl;

import io.gvl.dataset.RegionColumns;
import java.util.Arrays;
import java.util.List;

/**
 * Where the labels of a training instance come from: a fixed number of float32 values per (region, sample)
 * instance, gathered for a whole batch into one {@code [B, width]} array. Region metadata columns
 * ({@link #regionColumns}) and a plain function ({@link #of}) cover the common cases.
 *
 * <p>Implementations must be safe to call from DJL's prefetch threads (one call at a time per batch).
 */
public interface Labels {

    /**
     * The values per instance.
     *
     * @return the label width, {@code >= 1}
     */
    int width();

    /**
     * Writes the labels of instances {@code (regions[i], samples[i])} to {@code out[i * width() + j]}.
     *
     * @param regions region index of each instance (of the dataset view)
     * @param samples sample index of each instance
     * @param out the destination, {@code regions.length * width()} long
     */
    void fill(int[] regions, int[] samples, float[] out);

    /** The labels of one instance, for {@link #of}. */
    @FunctionalInterface
    interface PerInstance {
        /**
         * Writes the labels of one instance.
         *
         * @param region the region index
         * @param sample the sample index
         * @param out the destination, {@code width} long, zero-filled
         */
        void label(int region, int sample, float[] out);
    }

    /**
     * Labels computed by a function of (region, sample).
     *
     * @param width the values per instance, {@code >= 1}
     * @param label the function
     * @return the labels
     * @throws IllegalArgumentException if {@code width < 1}
     */
    static Labels of(int width, PerInstance label) {
        if (width < 1) {
            throw new IllegalArgumentException("label width must be >= 1, got " + width);
        }
        return new Labels() {
            @Override
            public int width() {
                return width;
            }

            @Override
            public void fill(int[] regions, int[] samples, float[] out) {
                float[] one = new float[width];
                for (int i = 0; i < regions.length; i++) {
                    Arrays.fill(one, 0f);
                    label.label(regions[i], samples[i], one);
                    System.arraycopy(one, 0, out, i * width, width);
                }
            }
        };
    }

    /**
     * Labels read from numeric region metadata columns, one value per column (the same for every sample of a
     * region); missing values become NaN.
     *
     * @param columns the view's region columns ({@code Dataset.regionColumns()})
     * @param names the numeric columns, at least one
     * @return the labels, read once now
     * @throws IllegalArgumentException if no column is named, or a column is missing or not numeric
     */
    static Labels regionColumns(RegionColumns columns, String... names) {
        if (names.length == 0) {
            throw new IllegalArgumentException("name at least one region column to read labels from; the regions"
                    + " have " + columns.columnNames());
        }
        List<double[]> values = Arrays.stream(names).map(n -> {
            if (!columns.has(n)) {
                throw new IllegalArgumentException("region column '" + n + "' does not exist; the regions have "
                        + columns.columnNames());
            }
            return columns.doubles(n);
        }).toList();
        int width = names.length;
        return new Labels() {
            @Override
            public int width() {
                return width;
            }

            @Override
            public void fill(int[] regions, int[] samples, float[] out) {
                for (int i = 0; i < regions.length; i++) {
                    for (int j = 0; j < width; j++) {
                        out[i * width + j] = (float) values.get(j)[regions[i]];
                    }
                }
            }
        };
    }
}
