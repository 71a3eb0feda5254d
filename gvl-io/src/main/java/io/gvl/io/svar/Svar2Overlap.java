package io.gvl.io.svar;

/**
 * The window of a {@code .svar2} call run that overlaps a query {@code [qs, qe)}, as GenVarLoader 0.43.1 records it
 * in a dataset's range cache (spec/svar.md §6.2). Why a window and not a filter: the cache stores one contiguous
 * run of calls per haplotype and stream, so the run must start at the first call that reaches into the query and
 * end after the last one.
 *
 * <p>Over entries {@code [from, to)} sorted by position: {@code lb} is the first entry with {@code pos >= qs - maxDel},
 * {@code ub} the first with {@code pos >= qe}; the window runs from the first entry of {@code [lb, ub)} whose end
 * ({@code pos + }{@link #extent}) passes {@code qs} to one past the last such entry. Without any, it is the empty
 * window {@code (ub, ub)}, the insertion point GenVarLoader stores. An entry at or after {@code qs} always ends past
 * it, so only the entries in {@code [qs - maxDel, qs)} are looked at one by one; everything else is a binary search.
 *
 * <p>Stateless and thread-safe; reads the stream, whose memory belongs to its {@link Svar2Store}.
 */
public final class Svar2Overlap {
    private Svar2Overlap() {
    }

    /**
     * The reference span of entry {@code i} in bases: 1 for an SNP or an insertion, {@code 1 + } the deleted length
     * for a pure deletion.
     *
     * @param s the stream
     * @param i entry index, {@code 0 <= i < s.size()}
     * @return the extent, {@code >= 1}
     * @throws IllegalStateException if the store is closed
     */
    public static long extent(Svar2Stream s, long i) {
        if (s.kind().snp()) {
            return 1;
        }
        int key = s.key(i);
        return Svar2IndelKeys.lane(key) == Svar2IndelKeys.Lane.DELETION ? 1L - Svar2IndelKeys.ilen(key) : 1;
    }

    /**
     * Computes the window of entries {@code [from, to)} of {@code s} that overlaps {@code [qs, qe)}.
     *
     * @param s the stream
     * @param from first entry of the run (a haplotype's first call, or 0 for a dense stream)
     * @param to one past the last entry of the run
     * @param maxDel the longest deletion in the run ({@code max_del.npy}); 0 for an SNP stream
     * @param qs query start, 0-based (may be negative)
     * @param qe query end, exclusive
     * @param out receives the window: {@code out[0]} its first entry, {@code out[1]} one past its last; equal when
     *     empty (then both are the insertion point {@code ub})
     * @throws IllegalStateException if the store is closed
     */
    public static void window(Svar2Stream s, long from, long to, long maxDel, long qs, long qe, long[] out) {
        long lb = lowerBound(s, from, to, qs - maxDel);
        long ub = lowerBound(s, lb, to, qe);
        long first = lb;
        while (first < ub && s.position(first) < qs && s.position(first) + extent(s, first) <= qs) {
            first++;
        }
        if (first == ub) {
            out[0] = ub;
            out[1] = ub;
            return;
        }
        long last = ub - 1;
        while (last > first && s.position(last) < qs && s.position(last) + extent(s, last) <= qs) {
            last--;
        }
        out[0] = first;
        out[1] = last + 1;
    }

    /** The first entry of {@code [lo, hi)} whose position is at least {@code pos} ({@code hi} if none). */
    static long lowerBound(Svar2Stream s, long lo, long hi, long pos) {
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (s.position(mid) < pos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
