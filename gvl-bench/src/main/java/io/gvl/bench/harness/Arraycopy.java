package io.gvl.bench.harness;

/**
 * The same-run baseline of every cell: {@code System.arraycopy} of exactly the bytes the cell's workload
 * produced per run, between two heap arrays allocated once. Its rate is what the machine can move at all, so a
 * workload's ratio to it is comparable across machines and across noisy runs.
 */
public final class Arraycopy implements Workload {
    private static final int MAX_CHUNK = 1 << 30;

    private final long bytes;
    private final byte[] src;
    private final byte[] dst;

    /** A baseline copying {@code bytes} per run (in chunks of at most 1 GiB). */
    public Arraycopy(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("baseline needs at least 1 byte, got " + bytes);
        }
        this.bytes = bytes;
        int size = (int) Math.min(bytes, MAX_CHUNK);
        this.src = new byte[size];
        this.dst = new byte[size];
        java.util.Arrays.fill(src, (byte) 'A');
    }

    @Override
    public long run() {
        long left = bytes;
        while (left > 0) {
            int n = (int) Math.min(left, src.length);
            System.arraycopy(src, 0, dst, 0, n);
            left -= n;
        }
        return bytes;
    }
}
