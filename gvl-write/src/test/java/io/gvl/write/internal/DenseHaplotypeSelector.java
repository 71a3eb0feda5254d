package io.gvl.write.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Test oracle of {@code SparseSelectionTest}: the dense form the write used before carrier lists, kept unchanged.
 *
 * <p>GVL's choice of stored variants for one region and a chunk of haplotypes ({@code _dataset/_write.py}): the carried rows of the
 * overlap set {@code O} (rows with {@code start0 < qEnd} and {@code end0 > max(qStart, 0)}) and, with
 * extend-to-length, the carried rows after {@code max(O)} cut by the length walk, so a haplotype shortened by
 * deletions keeps the variants that make up its length.
 *
 * <p>The work is done on the decoded genotype block row by row: a row's calls are scanned eight bytes at a time for
 * carriers (most haplotypes carry few ALTs), and every (row, haplotype) hit is appended to two flat lists. Only rows
 * that start at or after the window end can end a haplotype's walk, so the active-set bookkeeping runs on those rows
 * alone. A stable counting sort by haplotype then gives each haplotype's rows in slot order, ready to store. Reused
 * by one worker for many regions; not thread-safe.
 */
final class DenseHaplotypeSelector {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final VariantRows rows;
    private final boolean extend;
    private final IntList hitRows = new IntList(1024);
    private final IntList hitSlots = new IntList(1024);
    private int[] counts = new int[0];
    private int[] sorted = new int[0];
    private int total;
    private long[] written = new long[0];
    private long[] lastEnd = new long[0];
    private int[] active = new int[0];
    private int[] next = new int[0];

    DenseHaplotypeSelector(VariantRows rows, boolean extend) {
        this.rows = rows;
        this.extend = extend;
    }

    /**
     * Selects the rows of every haplotype slot {@code k·ploidy + p} of the chunk for window {@code [qs, qe)} on
     * record contig {@code c}; read the result with {@link #counts()}, {@link #rows()} and {@link #total()} before
     * the next call.
     */
    void select(int c, int qs, int qe, DenseGenotypeWindow calls, int samples, int ploidy) {
        int slots = samples * ploidy;
        reset(slots);
        int qsClip = Math.max(qs, 0);
        int lo = rows.overlapLow(c, qs);
        int hi = rows.startsFrom(c, qe);
        int maxO = hi - 1;
        while (maxO >= lo && rows.end0(maxO) <= qsClip) {
            maxO--;
        }
        if (maxO >= lo && slots > 0) {
            if (extend) {
                walk(c, qs, qe, lo, maxO, calls, slots);
            } else {
                for (int g = lo; g <= maxO; g++) {
                    if (rows.end0(g) > qsClip) {
                        collect(g, calls, slots);
                    }
                }
            }
        }
        sortBySlot(slots);
    }

    /** Rows stored per slot, {@code [0, slots)}. */
    int[] counts() {
        return counts;
    }

    /** The stored rows of every slot, concatenated in slot order (ascending within a slot); {@link #total()} valid. */
    int[] rows() {
        return sorted;
    }

    /** Number of valid elements of {@link #rows()}. */
    int total() {
        return total;
    }

    /**
     * The length walk over {@code W = O ∪ {rows after max(O)}} for every haplotype at once. Rows starting before
     * {@code qe} never end a walk, so every haplotype is active there; from the first row at or after {@code qe}
     * the walk keeps the set of haplotypes still short of the window's length.
     */
    private void walk(int c, int qs, int qe, int lo, int maxO, DenseGenotypeWindow calls, int slots) {
        long qlen = (long) qe - qs;
        Arrays.fill(lastEnd, 0, slots, qs);
        int qsClip = Math.max(qs, 0);
        int end = rows.endRow(c);
        int g = lo;
        for (; g < end && rows.start0(g) < qe; g++) {
            if (g <= maxO && rows.end0(g) <= qsClip) {
                continue;
            }
            int from = hitSlots.size();
            collect(g, calls, slots);
            int vs = rows.start0(g);
            int il = rows.ilen(g);
            int[] hits = hitSlots.array();
            for (int h = from, to = hitSlots.size(); h < to; h++) {
                advance(hits[h], vs, il, qs);
            }
        }
        int nActive = slots;
        for (int k = 0; k < slots; k++) {
            active[k] = k;
        }
        for (; g < end && nActive > 0; g++) {
            int vs = rows.start0(g);
            int il = rows.ilen(g);
            nActive = retire(vs, qlen, nActive);
            int at = calls.rowOffset(g);
            byte[] row = calls.calls();
            int kept = 0;
            for (int a = 0; a < nActive; a++) {
                int k = active[a];
                if (row[at + k] != 1 || !stopsPastEnd(k, g, vs, il, qlen)) {
                    active[kept++] = k;
                }
            }
            nActive = kept;
        }
    }

    /** Appends a hit for every slot that carries row {@code g}. */
    private void collect(int g, DenseGenotypeWindow calls, int slots) {
        int at = calls.rowOffset(g);
        byte[] row = calls.calls();
        int k = 0;
        for (; k + Long.BYTES <= slots; k += Long.BYTES) {
            long word = (long) LONGS.get(row, at + k);
            while (word != 0) {
                int b = Long.numberOfTrailingZeros(word) >>> 3;
                if (row[at + k + b] == 1) {
                    hit(g, k + b);
                }
                word &= ~(0xFFL << (b << 3));
            }
        }
        for (; k < slots; k++) {
            if (row[at + k] == 1) {
                hit(g, k);
            }
        }
    }

    private void hit(int g, int slot) {
        hitRows.add(g);
        hitSlots.add(slot);
    }

    /** A carried row that starts before the window end: it is kept, and moves the walk of slot {@code k} on. */
    private void advance(int k, int vs, int il, int qs) {
        boolean inside = vs >= qs;
        if (inside) {
            written[k] += (vs - lastEnd[k]) + Math.max(0, il) + 1;
        }
        long vEnd = (long) vs - Math.min(0, il) + (inside ? 1 : 0);
        lastEnd[k] = Math.max(lastEnd[k], vEnd);
    }

    /** A carried row at or after the window end for slot {@code k}; returns whether the walk of {@code k} ends. */
    private boolean stopsPastEnd(int k, int g, int vs, int il, long qlen) {
        long w = written[k] + (vs - lastEnd[k]);
        if (w >= qlen) {
            return true;
        }
        w += Math.max(0, il) + 1;
        written[k] = w;
        hit(g, k);
        if (w >= qlen) {
            return true;
        }
        lastEnd[k] = Math.max(lastEnd[k], (long) vs - Math.min(0, il) + 1);
        return false;
    }

    /** Drops haplotypes for which any later carried row would end the walk unkept. */
    private int retire(int vs, long qlen, int nActive) {
        int kept = 0;
        for (int a = 0; a < nActive; a++) {
            int k = active[a];
            if (!(vs >= lastEnd[k] && written[k] + (vs - lastEnd[k]) >= qlen)) {
                active[kept++] = k;
            }
        }
        return kept;
    }

    /** Stable counting sort of the hits by slot into {@link #sorted}. */
    private void sortBySlot(int slots) {
        total = hitRows.size();
        int[] r = hitRows.array();
        int[] s = hitSlots.array();
        for (int h = 0; h < total; h++) {
            counts[s[h]]++;
        }
        if (sorted.length < total) {
            sorted = new int[Math.max(total, sorted.length * 2)];
        }
        int sum = 0;
        for (int k = 0; k < slots; k++) {
            next[k] = sum;
            sum += counts[k];
        }
        for (int h = 0; h < total; h++) {
            sorted[next[s[h]]++] = r[h];
        }
    }

    private void reset(int slots) {
        if (counts.length < slots) {
            counts = new int[slots];
            written = new long[slots];
            lastEnd = new long[slots];
            active = new int[slots];
            next = new int[slots];
        }
        Arrays.fill(counts, 0, slots, 0);
        Arrays.fill(written, 0, slots, 0);
        hitRows.clear();
        hitSlots.clear();
    }
}
