package io.gvl.testing;

import io.gvl.format.DatasetLayout;
import io.gvl.format.TrackScope;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Reads a written dataset's raw arrays straight from disk, independently of the format module's readers. */
public final class Stored {
    private Stored() {
    }

    public static ByteBuffer bytes(Path file) {
        try {
            return ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static long[] longs(Path file) {
        ByteBuffer b = bytes(file);
        long[] out = new long[b.remaining() / 8];
        b.asLongBuffer().get(out);
        return out;
    }

    public static int[] ints(Path file) {
        if (!Files.exists(file)) {
            return new int[0];
        }
        ByteBuffer b = bytes(file);
        int[] out = new int[b.remaining() / 4];
        b.asIntBuffer().get(out);
        return out;
    }

    public static float[] floats(Path file) {
        ByteBuffer b = bytes(file);
        float[] out = new float[b.remaining() / 4];
        b.asFloatBuffer().get(out);
        return out;
    }

    /** Genotype offsets and variant indices. */
    public record Genotypes(long[] offsets, int[] idx) {
        public int[] slot(long k) {
            return Arrays.copyOfRange(idx, (int) offsets[(int) k], (int) offsets[(int) k + 1]);
        }
    }

    public static Genotypes genotypes(Path dataset) {
        Path g = DatasetLayout.genotypes(dataset);
        return new Genotypes(longs(g.resolve(DatasetLayout.OFFSETS)), ints(g.resolve(DatasetLayout.VARIANT_IDXS)));
    }

    /** One track's arrays. */
    public record Track(long[] offsets, int[] starts, int[] ends, float[] values) {
        public int[] starts(int cell) {
            return Arrays.copyOfRange(starts, (int) offsets[cell], (int) offsets[cell + 1]);
        }

        public int[] ends(int cell) {
            return Arrays.copyOfRange(ends, (int) offsets[cell], (int) offsets[cell + 1]);
        }

        public float[] values(int cell) {
            return Arrays.copyOfRange(values, (int) offsets[cell], (int) offsets[cell + 1]);
        }
    }

    public static Track track(Path dataset, TrackScope kind, String name) {
        Path d = DatasetLayout.track(dataset, kind, name);
        return new Track(longs(d.resolve(DatasetLayout.OFFSETS)), ints(d.resolve(DatasetLayout.STARTS)),
                ints(d.resolve(DatasetLayout.ENDS)), floats(d.resolve(DatasetLayout.VALUES)));
    }

    /** Every regular file under {@code root} with its bytes, keyed by relative path, for byte-identity checks. */
    public static java.util.SortedMap<String, byte[]> tree(Path root) {
        java.util.SortedMap<String, byte[]> out = new java.util.TreeMap<>();
        try (var walk = Files.walk(root)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(p).toString(), Files.readAllBytes(p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
