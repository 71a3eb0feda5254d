package io.gvl.dataset.export;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * Shapes and memory of one export, known before any array is allocated: the sequence and track arrays
 * ({@code instances} first, then the per-instance shape a probe query returned), the heap they take as nested Java
 * arrays, and the checks that the export fits both the caller's bound and jhdf's limit of 2^31-1 bytes per chunked
 * dataset.
 *
 * @param instances     number of (region, sample) instances
 * @param sequenceShape full shape of the sequence dataset, or {@code null} without sequences
 * @param oneHot        whether the sequences are one-hot (their shape ends with an axis of 4)
 * @param trackShape    full shape of the track dataset, or {@code null} without tracks
 */
record ExportPlan(int instances, int[] sequenceShape, boolean oneHot, int[] trackShape) {
    /** Per-instance bytes of the index datasets: region, strand, start, end, and references to chrom and sample. */
    private static final long INDEX_BYTES = 4 + 1 + 8 + 8 + 4 + 4;
    /** Target uncompressed bytes of one chunk: a few instances, so h5py reads of single instances stay cheap. */
    private static final long CHUNK_BYTES = 1 << 20;

    /**
     * @param perInstanceSequence sequence shape of one instance as the dataset returns it, or {@code null}
     * @param oneHot              whether bases become a trailing axis of 4
     */
    static ExportPlan of(long instances, long[] perInstanceSequence, boolean oneHot, long[] perInstanceTracks) {
        int n = Math.toIntExact(instances);
        int[] seq = perInstanceSequence == null ? null : withLeading(n, perInstanceSequence, oneHot ? 4 : 0);
        int[] tracks = perInstanceTracks == null ? null : withLeading(n, perInstanceTracks, 0);
        return new ExportPlan(n, seq, oneHot, tracks);
    }

    private static int[] withLeading(int n, long[] rest, int trailing) {
        int[] out = new int[1 + rest.length + (trailing > 0 ? 1 : 0)];
        out[0] = n;
        for (int i = 0; i < rest.length; i++) {
            out[1 + i] = Math.toIntExact(rest[i]);
        }
        if (trailing > 0) {
            out[out.length - 1] = trailing;
        }
        return out;
    }

    /** Heap the export holds: the nested arrays, the index arrays, plus jhdf's flat copy of the largest dataset. */
    long memoryBytes() {
        long seq = sequenceShape == null ? 0 : oneHot()
                ? HeapArrays.heapBytes(Arrays.copyOf(sequenceShape, sequenceShape.length - 1), HeapArrays.REF)
                : HeapArrays.heapBytes(sequenceShape, 1);
        long tracks = trackShape == null ? 0 : HeapArrays.heapBytes(trackShape, 4);
        long index = (long) instances * INDEX_BYTES;
        return seq + tracks + index + Math.max(payload(sequenceShape, 1), payload(trackShape, 4));
    }

    /** Fails unless the export fits {@code maxBytes} and jhdf's per-dataset limit. */
    void check(Path out, long maxBytes) {
        long need = memoryBytes();
        if (need > maxBytes) {
            throw new ExportException(out + ": exporting " + instances + " instances (sequences "
                    + Arrays.toString(sequenceShape) + ", tracks " + Arrays.toString(trackShape) + ") needs about "
                    + mib(need) + " MiB of heap, more than the bound of " + mib(maxBytes) + " MiB (jhdf writes whole"
                    + " in-memory arrays, so an export is held in memory until the file is written).",
                    "export fewer regions or samples per file (--regions/--samples), a shorter length, bytes instead"
                    + " of one-hot, or raise the bound (--max-bytes, with a larger -Xmx).");
        }
        checkPayload(out, sequenceShape, 1);
        checkPayload(out, trackShape, 4);
    }

    private static void checkPayload(Path out, int[] shape, int elementSize) {
        long bytes = payload(shape, elementSize);
        if (bytes > Integer.MAX_VALUE) {
            throw new ExportException(out + ": the array of shape " + Arrays.toString(shape) + " has " + bytes
                    + " bytes; jhdf writes at most 2^31-1 bytes per chunked dataset.",
                    "export fewer instances per file (--regions/--samples).");
        }
    }

    /** Chunk shape of a dataset: whole instances, about {@link #CHUNK_BYTES} per chunk. */
    static int[] chunk(int[] shape, int elementSize) {
        long perInstance = payload(shape, elementSize) / Math.max(1, shape[0]);
        int[] c = shape.clone();
        c[0] = (int) Math.clamp(CHUNK_BYTES / Math.max(1, perInstance), 1, shape[0]);
        return c;
    }

    static long payload(int[] shape, int elementSize) {
        if (shape == null) {
            return 0;
        }
        long n = elementSize;
        for (int d : shape) {
            n *= d;
        }
        return n;
    }

    private static long mib(long bytes) {
        return (bytes + (1 << 20) - 1) >> 20;
    }
}
