package io.gvl.testing;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.DatasetCreationOptions;
import io.jhdf.api.WritableGroup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Test-side dense coverage: seeded values with runs and zeros, HDF5 files written with jhdf (chunked, shuffled,
 * deflated, as h5py users write them), and an independent oracle for the intervals a window should store.
 */
public final class Coverage {
    private Coverage() {
    }

    /** Seeded values: runs of 1-40 bases, about a third of them zero, values with one decimal. */
    public static float[] seeded(long seed, int length) {
        SplittableRandom rng = new SplittableRandom(seed);
        float[] v = new float[length];
        int i = 0;
        while (i < length) {
            int run = 1 + rng.nextInt(40);
            float value = rng.nextInt(3) == 0 ? 0f : (1 + rng.nextInt(50)) / 10f;
            for (int k = i; k < Math.min(length, i + run); k++) {
                v[k] = value;
            }
            i += run;
        }
        return v;
    }

    /** Element types a coverage dataset may have, converting the test's floats (integer types round). */
    public enum Dtype {
        FLOAT32, FLOAT64, INT32, INT16, INT8;

        public Object array(float[] v) {
            return switch (this) {
                case FLOAT32 -> v.clone();
                case FLOAT64 -> {
                    double[] d = new double[v.length];
                    for (int i = 0; i < v.length; i++) {
                        d[i] = v[i];
                    }
                    yield d;
                }
                case INT32 -> {
                    int[] d = new int[v.length];
                    for (int i = 0; i < v.length; i++) {
                        d[i] = Math.round(v[i]);
                    }
                    yield d;
                }
                case INT16 -> {
                    short[] d = new short[v.length];
                    for (int i = 0; i < v.length; i++) {
                        d[i] = (short) Math.round(v[i]);
                    }
                    yield d;
                }
                case INT8 -> {
                    byte[] d = new byte[v.length];
                    for (int i = 0; i < v.length; i++) {
                        d[i] = (byte) Math.round(v[i]);
                    }
                    yield d;
                }
            };
        }

        /** The values as stored (rounded for integer types), as floats. */
        public float[] stored(float[] v) {
            if (this == FLOAT32 || this == FLOAT64) {
                return v.clone();
            }
            float[] out = new float[v.length];
            for (int i = 0; i < v.length; i++) {
                out[i] = Math.round(v[i]);
            }
            return out;
        }
    }

    /**
     * Writes {@code groups} (group name, or "" for the root, to contig datasets) into {@code file}; 1-D numeric
     * arrays chunked, shuffled and deflated.
     */
    public static Path write(Path file, Map<String, Map<String, Object>> groups) {
        try (WritableHdfFile f = HdfFile.write(file)) {
            groups.forEach((group, contigs) -> {
                WritableGroup g = group.isEmpty() ? f : f.putGroup(group);
                contigs.forEach((contig, data) -> {
                    if (data.getClass().getComponentType().isPrimitive()) {
                        g.putDataset(contig, data, DatasetCreationOptions.builder()
                                .chunkDimensions(Math.min(1000, java.lang.reflect.Array.getLength(data))).shuffle()
                                .deflate().build());
                    } else {
                        g.putDataset(contig, data); // nested or string arrays, for the error tests
                    }
                });
            });
        }
        return file;
    }

    /** Oracle: maximal runs of equal non-zero values of {@code v} over {@code [start, end)} clipped to the array. */
    public static List<float[]> runs(float[] v, int start, int end) {
        List<float[]> out = new ArrayList<>();
        int s = Math.max(0, start);
        int e = Math.min(v.length, end);
        int i = s;
        while (i < e) {
            int j = i;
            while (j < e && v[j] == v[i]) {
                j++;
            }
            if (v[i] != 0f) {
                out.add(new float[] {i, j, v[i]});
            }
            i = j;
        }
        return out;
    }

    /** A stored cell as {@code [start, end, value]} triples, comparable with {@link #runs}. */
    public static List<float[]> cell(Stored.Track t, int cell) {
        List<float[]> out = new ArrayList<>();
        int[] s = t.starts(cell);
        int[] e = t.ends(cell);
        float[] v = t.values(cell);
        for (int i = 0; i < s.length; i++) {
            out.add(new float[] {s[i], e[i], v[i]});
        }
        return out;
    }

    public static String show(List<float[]> cell) {
        return cell.stream().map(java.util.Arrays::toString).toList().toString();
    }
}
