package io.gvl.write.internal;

import io.gvl.io.variant.GenotypeRows;
import io.gvl.io.variant.VariantBatch;
import io.gvl.write.spec.CarrierBlock;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The ALT carriers of a VCF's or BCF's records, kept from the read of its variant table, so that a write reads a
 * text or BCF file once instead of twice (once for the table, once per region for the calls). The read gives each
 * record's carrier slots among the write's samples ({@link GenotypeRows#acceptCarriers}; a record the genotype-only
 * decode hands to its full parser comes as a dense row, which a {@link Run} turns into slots); the run appends them,
 * as gaps in unsigned LEB128 varints, to a spill file: at a biobank's density a few bytes per
 * carrier, on disk rather than on the heap. Only the records near the write's regions are kept (their start within
 * {@link #MARGIN} of a region's window); the rows of any other record, should the genotype stage need them (a long
 * deletion reaching in from far away, the walk that extends a haplotype to its length), are read from the file as
 * before, stretch by stretch ({@link #sameKeeping}).
 *
 * <p>The spill file is made in the given directory and unlinked at once where the platform allows, so a killed write
 * leaves nothing behind; elsewhere it is deleted on {@link #close()}. Runs are filled by the table read's threads and
 * append whole pieces under a lock; reads ({@link #carriers}) are positional and may come from any thread once
 * {@link #index} has run. Closing twice is harmless; reading after close fails with an {@link IllegalStateException}.
 */
final class CarrierCache implements AutoCloseable {
    /** How far from a region's window a record may start and still be kept. */
    static final int MARGIN = 32 << 10;
    /**
     * Bytes a run codes before appending them to the spill file; every run of the table read holds one such piece
     * until the read ends (four runs per reading thread).
     */
    private static final int PIECE = 256 << 10;

    private final Path file;
    private final FileChannel spill;
    private final int[] selection;
    private final int width;
    /** Each contig's windows (the file's contig names): merged, sorted {@code [from, to)} pairs, margins included. */
    private final Map<String, int[]> windows;
    private long spillSize;
    /** Per row of the table: where its coded carriers start in the spill file, -1 when not kept. */
    private long[] at;
    private int[] length;
    private volatile boolean closed;
    /** Decode buffers of the {@link #carriers} calls not running: taken by a call, given back after it. */
    private final ConcurrentLinkedQueue<Scratch> idle = new ConcurrentLinkedQueue<>();

    /**
     * @param dir where the spill file goes
     * @param selection the write's samples, as indexes into the file's samples, in row order
     * @param windows each contig's windows as merged, sorted {@code [from, to)} pairs, margins included
     */
    CarrierCache(Path dir, int[] selection, Map<String, int[]> windows) {
        this.selection = selection.clone();
        this.width = selection.length * 2;
        this.windows = Map.copyOf(windows);
        try {
            this.file = Files.createTempFile(dir, ".gvl-carriers-", ".tmp");
            this.spill = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    StandardOpenOption.DELETE_ON_CLOSE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a spill file for the calls in " + dir, e);
        }
        try {
            Files.deleteIfExists(file); // unlinked: the open channel keeps it, a crash leaves nothing
        } catch (IOException e) {
            // deleted on close instead (a platform that cannot unlink an open file)
        }
    }

    /** Windows of the kept records: each region's window widened by {@link #MARGIN}, merged, per contig code. */
    static int[] windows(int[] qStart, int[] qEnd, int[] order) {
        IntArrayList merged = new IntArrayList();
        for (int k : order) {
            int from = Math.max(0, qStart[k] - MARGIN);
            int to = (int) Math.min(Integer.MAX_VALUE, (long) qEnd[k] + MARGIN);
            int n = merged.size();
            if (n > 0 && from <= merged.getInt(n - 1)) {
                merged.set(n - 1, Math.max(merged.getInt(n - 1), to));
            } else {
                merged.add(from);
                merged.add(to);
            }
        }
        return merged.toIntArray();
    }

    /** A sink for one batch of the table read, of the file's contig {@code contig}. */
    Run newRun(String contig) {
        return new Run(windows.getOrDefault(contig, new int[0]));
    }

    /**
     * Takes the read's sinks, one per batch, as the rows of the table in batch order; {@code false} (and nothing kept)
     * when a sink was abandoned or did not receive its batch's records.
     */
    boolean index(List<VariantBatch> batches, List<Run> runs) {
        int n = 0;
        for (int b = 0; b < batches.size(); b++) {
            Run r = runs.get(b);
            if (r.abandoned || r.offsets.size() != batches.get(b).size()) {
                return false;
            }
            n += batches.get(b).size();
        }
        at = new long[n];
        length = new int[n];
        int row = 0;
        for (Run r : runs) {
            r.flush();
            r.offsets.getElements(0, at, row, r.offsets.size());
            r.lengths.getElements(0, length, row, r.lengths.size());
            row += r.offsets.size();
        }
        return true;
    }

    /**
     * The first sample of {@code pass} in the selection when {@code pass} is a run of it, so its carriers can be
     * served; else -1.
     */
    int passStart(int[] pass) {
        if (at == null || pass.length == 0) {
            return -1;
        }
        for (int s0 = 0; s0 + pass.length <= selection.length; s0++) {
            if (selection[s0] == pass[0]
                    && Arrays.equals(selection, s0, s0 + pass.length, pass, 0, pass.length)) {
                return s0;
            }
        }
        return -1;
    }

    /** Whether row {@code row} was kept. */
    boolean kept(int row) {
        return at[row] >= 0;
    }

    /** The first row of {@code (row, toRow)} kept when {@code row} is not, or not kept when it is; else {@code toRow}. */
    int sameKeeping(int row, int toRow) {
        boolean k = kept(row);
        int r = row + 1;
        while (r < toRow && kept(r) == k) {
            r++;
        }
        return r;
    }

    /**
     * Appends rows {@code [fromRow, toRow)}, each of them kept, as their carriers among samples
     * {@code [s0, s0 + count)} of the selection (slots renumbered from 0) to {@code out}.
     */
    void carriers(int fromRow, int toRow, int s0, int count, CarrierBlock out) {
        if (closed) {
            throw new IllegalStateException("the cached calls of this write are closed");
        }
        Scratch scratch = idle.poll();
        if (scratch == null) {
            scratch = new Scratch();
        }
        try {
            carriers(fromRow, toRow, s0, count, out, scratch);
        } finally {
            idle.add(scratch);
        }
    }

    private void carriers(int fromRow, int toRow, int s0, int count, CarrierBlock out, Scratch scratch) {
        int lo = 2 * s0;
        int hi = 2 * (s0 + count);
        byte[] bytes = scratch.bytes;
        int[] slots = scratch.slots;
        int r = fromRow;
        while (r < toRow) {
            int end = r + 1; // rows stored one after another are read at once
            long span = length[r];
            while (end < toRow && at[end] == at[r] + span) {
                span += length[end++];
            }
            if (bytes.length < span) {
                bytes = new byte[(int) Math.max(span, 2L * bytes.length)];
                scratch.bytes = bytes;
            }
            read(at[r], bytes, (int) span);
            int p = 0;
            for (; r < end; r++) {
                long head = varint(bytes, p);
                p = (int) (head >>> 32);
                int carriers = (int) head;
                if (slots.length < carriers) {
                    slots = new int[Math.max(carriers, 2 * slots.length)];
                    scratch.slots = slots;
                }
                int slot = -1;
                for (int c = 0; c < carriers; c++) {
                    int b = bytes[p++];
                    int gap = b;
                    if (b < 0) { // a gap of 128 or more: the rare longer varint
                        gap = b & 0x7f;
                        int shift = 7;
                        do {
                            b = bytes[p++];
                            gap |= (b & 0x7f) << shift;
                            shift += 7;
                        } while (b < 0);
                    }
                    slot += gap + 1;
                    slots[c] = slot;
                }
                // the slots ascend, so the pass's are one stretch of them
                int first = lo == 0 ? 0 : atLeast(slots, carriers, lo);
                int last = hi >= width ? carriers : atLeast(slots, carriers, hi);
                for (int c = first; lo != 0 && c < last; c++) {
                    slots[c] -= lo;
                }
                out.addRow(slots, first, last - first);
            }
        }
    }

    /** The buffers one {@link #carriers} call decodes into, kept for the next call (calls run on several threads). */
    private static final class Scratch {
        byte[] bytes = new byte[64];
        int[] slots = new int[64];
    }

    /** Index of the first of the ascending {@code slots[0, n)} at or above {@code slot} ({@code n} when none). */
    private static int atLeast(int[] slots, int n, int slot) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (slots[mid] < slot) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private void read(long position, byte[] into, int n) {
        ByteBuffer buf = ByteBuffer.wrap(into, 0, n);
        try {
            while (buf.hasRemaining()) {
                if (spill.read(buf, position + buf.position()) < 0) {
                    throw new IllegalStateException("the spill file of this write's calls ends early");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the spilled calls of this write", e);
        }
    }

    /** The varint at {@code p}: its value in the low 32 bits, the offset after it in the high ones. */
    private static long varint(byte[] b, int p) {
        int v = 0;
        int shift = 0;
        byte x;
        do {
            x = b[p++];
            v |= (x & 0x7f) << shift;
            shift += 7;
        } while (x < 0);
        return (long) p << 32 | (v & 0xffffffffL);
    }

    /** Appends {@code n} bytes of {@code piece} to the spill file; returns where they start. */
    private synchronized long append(byte[] piece, int n) {
        long start = spillSize;
        ByteBuffer buf = ByteBuffer.wrap(piece, 0, n);
        try {
            while (buf.hasRemaining()) {
                spill.write(buf, start + buf.position());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spill the calls of this write to " + file.getParent()
                    + " (is the disk full?)", e);
        }
        spillSize += n;
        return start;
    }

    /** Bytes spilled so far. */
    synchronized long spilledBytes() {
        return spillSize;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            spill.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the spill file of this write's calls", e);
        }
    }

    /**
     * The sink of one batch: codes each kept row's carriers into a piece and appends the piece to the spill file when
     * it is full. Used by one thread.
     */
    final class Run implements GenotypeRows {
        private final int[] windows;
        private final CarrierBlock block = new CarrierBlock(width);
        private final LongArrayList offsets = new LongArrayList();
        private final IntArrayList lengths = new IntArrayList();
        private byte[] piece = new byte[PIECE + 16];
        private int used;
        /** Rows {@code [pendingFrom, size)} are coded in the piece, their offsets relative to it. */
        private int pendingFrom;
        private boolean abandoned;

        private Run(int[] windows) {
            this.windows = windows;
        }

        @Override
        public boolean wants(int position) {
            int i = Arrays.binarySearch(windows, position);
            // inside [from, to) when the insertion point is odd, or when it equals a window's start
            return i >= 0 ? (i & 1) == 0 : ((-i - 1) & 1) == 1;
        }

        @Override
        public void accept(int position, byte[] row) {
            if (row == null) {
                offsets.add(-1L);
                lengths.add(0);
                return;
            }
            block.clear();
            block.addDense(row, 0, 1);
            acceptCarriers(position, block.slots(), block.carriers());
        }

        @Override
        public boolean takesCarriers() {
            return true;
        }

        @Override
        public void acceptCarriers(int position, int[] slots, int n) {
            int start = used;
            reserve(5 + 5L * n);
            put(n);
            int prev = -1;
            for (int c = 0; c < n; c++) {
                int s = slots[c];
                put(s - prev - 1);
                prev = s;
            }
            offsets.add(start);
            lengths.add(used - start);
            if (used >= PIECE) {
                flush();
            }
        }

        @Override
        public void abandon(RuntimeException cause) {
            abandoned = true;
        }

        private void reserve(long bytes) {
            if (used + bytes > piece.length) {
                piece = Arrays.copyOf(piece, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(used + bytes,
                        2L * piece.length)));
            }
        }

        private void put(int v) {
            while ((v & ~0x7f) != 0) {
                piece[used++] = (byte) (v & 0x7f | 0x80);
                v >>>= 7;
            }
            piece[used++] = (byte) v;
        }

        /** Appends the coded rows to the spill file and makes their offsets absolute. */
        void flush() {
            if (used > 0) {
                long base = append(piece, used);
                for (int i = pendingFrom; i < offsets.size(); i++) {
                    if (offsets.getLong(i) >= 0) {
                        offsets.set(i, offsets.getLong(i) + base);
                    }
                }
                used = 0;
            }
            pendingFrom = offsets.size();
        }
    }
}
