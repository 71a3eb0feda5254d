package io.gvl.core.internal.write;

/**
 * GVL's choice of stored variants for one region and a chunk of haplotypes (spec §2.6): the carried rows of the
 * overlap set {@code O} (rows with {@code start0 < qEnd} and {@code end0 > max(qStart, 0)}) and, with
 * extend-to-length, the carried rows after {@code max(O)} cut by the length walk, so a haplotype shortened by
 * deletions keeps the variants that make up its length. Reused by one worker for many regions; not thread-safe.
 */
final class HaplotypeSelector {
    private final VariantRows rows;
    private final boolean extend;
    private IntList[] lists = new IntList[0];
    private long[] written = new long[0];
    private long[] lastEnd = new long[0];
    private int[] active = new int[0];

    HaplotypeSelector(VariantRows rows, boolean extend) {
        this.rows = rows;
        this.extend = extend;
    }

    /**
     * Selects the rows of every haplotype {@code k·ploidy + p} of the chunk for window {@code [qs, qe)} on record
     * contig {@code c}; the result lists are valid until the next call.
     */
    IntList[] select(int c, int qs, int qe, GenotypeWindow calls, int samples, int ploidy) {
        int slots = samples * ploidy;
        reset(slots);
        int qsClip = Math.max(qs, 0);
        int lo = rows.overlapLow(c, qs);
        int hi = rows.startsFrom(c, qe);
        int maxO = hi - 1;
        while (maxO >= lo && rows.end0(maxO) <= qsClip) {
            maxO--;
        }
        if (maxO < lo) {
            return lists;
        }
        if (!extend) {
            for (int g = lo; g <= maxO; g++) {
                if (rows.end0(g) > qsClip) {
                    for (int k = 0; k < slots; k++) {
                        if (calls.carries(g, k / ploidy, k % ploidy)) {
                            lists[k].add(g);
                        }
                    }
                }
            }
            return lists;
        }
        walk(c, qs, qe, lo, maxO, calls, ploidy, slots);
        return lists;
    }

    /** The length walk over {@code W = O ∪ {rows after max(O)}} for every haplotype at once, row by row. */
    private void walk(int c, int qs, int qe, int lo, int maxO, GenotypeWindow calls, int ploidy, int slots) {
        long qlen = (long) qe - qs;
        int nActive = slots;
        for (int k = 0; k < slots; k++) {
            active[k] = k;
            lastEnd[k] = qs;
        }
        int qsClip = Math.max(qs, 0);
        int end = rows.endRow(c);
        for (int g = lo; g < end && nActive > 0; g++) {
            if (g <= maxO && rows.end0(g) <= qsClip) {
                continue;
            }
            int vs = rows.start0(g);
            int il = rows.ilen(g);
            if (vs >= qe) {
                nActive = retire(vs, qlen, nActive);
            }
            int kept = 0;
            for (int a = 0; a < nActive; a++) {
                int k = active[a];
                boolean stop = calls.carries(g, k / ploidy, k % ploidy) && step(k, g, vs, il, qs, qe, qlen);
                if (!stop) {
                    active[kept++] = k;
                }
            }
            nActive = kept;
        }
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

    /** One carried row of haplotype {@code k}; returns whether the walk of {@code k} ends here. */
    private boolean step(int k, int g, int vs, int il, int qs, int qe, long qlen) {
        boolean inside = vs >= qs;
        if (inside) {
            boolean past = vs >= qe;
            long w = written[k] + (vs - lastEnd[k]);
            if (past && w >= qlen) {
                return true;
            }
            w += Math.max(0, il) + 1;
            written[k] = w;
            if (past && w >= qlen) {
                lists[k].add(g);
                return true;
            }
        }
        long vEnd = (long) vs - Math.min(0, il) + (inside ? 1 : 0);
        lastEnd[k] = Math.max(lastEnd[k], vEnd);
        lists[k].add(g);
        return false;
    }

    private void reset(int slots) {
        if (lists.length < slots) {
            IntList[] grown = new IntList[slots];
            System.arraycopy(lists, 0, grown, 0, lists.length);
            for (int k = lists.length; k < slots; k++) {
                grown[k] = new IntList();
            }
            lists = grown;
            written = new long[slots];
            lastEnd = new long[slots];
            active = new int[slots];
        }
        for (int k = 0; k < slots; k++) {
            lists[k].clear();
            written[k] = 0;
        }
    }
}
