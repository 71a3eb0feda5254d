package io.gvl.format;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Python {@code natsort.natsorted} (default options) ordering of contig names. GVL re-derives the on-disk region
 * order from {@code input_regions.arrow} with this sort, so gvl must order contigs exactly like it or rows would
 * be misaligned when Python opens a gvl-written dataset.
 *
 * <p>A name is split into maximal runs of decimal digits (any Unicode decimal digit, as Python's {@code \d}) and
 * of other characters. Keys alternate text and number, starting with text (an empty text part is implied when a
 * name starts with a digit). Text parts compare by Unicode code point, numbers by value, and a key that is a
 * prefix of another sorts first. Names with equal keys ({@code chr01}, {@code chr1}) compare equal, so a stable
 * sort keeps their input order.
 */
public final class NaturalSort {
    /** The natural order as a comparator (consistent with equals only up to equal keys). */
    public static final Comparator<String> ORDER = NaturalSort::compare;

    private NaturalSort() {
    }

    /**
     * Compares two names in natural order.
     *
     * @param a a contig name
     * @param b another contig name
     * @return negative, zero or positive as {@code a} sorts before, with, or after {@code b}
     */
    public static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        boolean digits = false; // part kind expected next: text first, then alternate
        while (true) {
            boolean aDone = i >= a.length();
            boolean bDone = j >= b.length();
            if (aDone || bDone) {
                return aDone == bDone ? 0 : (aDone ? -1 : 1);
            }
            int ie = runEnd(a, i, digits);
            int je = runEnd(b, j, digits);
            int c = digits ? compareNumbers(a, i, ie, b, j, je) : compareText(a, i, ie, b, j, je);
            if (c != 0) {
                return c;
            }
            i = ie;
            j = je;
            digits = !digits;
        }
    }

    /** End of the run of the given kind starting at {@code from} (may be empty only for a leading text part). */
    private static int runEnd(String s, int from, boolean digits) {
        int k = from;
        while (k < s.length()) {
            int cp = s.codePointAt(k);
            if (Character.isDigit(cp) != digits) {
                break;
            }
            k += Character.charCount(cp);
        }
        return k;
    }

    private static int compareText(String a, int i, int ie, String b, int j, int je) {
        while (i < ie && j < je) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        boolean aEnd = i >= ie;
        boolean bEnd = j >= je;
        if (aEnd && bEnd) {
            return 0;
        }
        // One text part is a prefix of the other. A shorter part ends the key or is followed by a number; in
        // Python the tuple ('chr',) < ('chr_x',) and ('chr', 1) vs ('chrX',) compares 'chr' < 'chrX' first.
        return aEnd ? -1 : 1;
    }

    private static int compareNumbers(String a, int i, int ie, String b, int j, int je) {
        i = skipZeros(a, i, ie);
        j = skipZeros(b, j, je);
        int la = a.codePointCount(i, ie);
        int lb = b.codePointCount(j, je);
        if (la != lb) {
            return Integer.compare(la, lb);
        }
        while (i < ie) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            int c = Integer.compare(Character.digit(ca, 10), Character.digit(cb, 10));
            if (c != 0) {
                return c;
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return 0;
    }

    private static int skipZeros(String s, int from, int end) {
        int k = from;
        while (k < end) {
            int cp = s.codePointAt(k);
            if (Character.digit(cp, 10) != 0) {
                break;
            }
            k += Character.charCount(cp);
        }
        return k;
    }

    /**
     * The distinct names in natural order; names with equal keys keep their first-appearance order.
     *
     * @param names names in input order, duplicates allowed
     * @return a new list of the distinct names
     */
    public static List<String> sortedUnique(Collection<String> names) {
        List<String> out = new ArrayList<>(new LinkedHashSet<>(names));
        out.sort(ORDER);
        return out;
    }

    /**
     * The on-disk order of regions: natural contig order, then start, then end; ties keep input order.
     *
     * @param chrom contig of each input row
     * @param start 0-based start of each input row
     * @param end   exclusive end of each input row
     * @return the permutation from on-disk (sorted) rows to input rows
     * @throws IllegalArgumentException if the three lists differ in length
     */
    public static RegionOrder regionOrder(List<String> chrom, long[] start, long[] end) {
        int n = chrom.size();
        if (start.length != n || end.length != n) {
            throw new IllegalArgumentException("chrom, start and end differ in length: " + n + ", " + start.length
                    + ", " + end.length);
        }
        List<String> contigs = sortedUnique(chrom);
        Object2IntOpenHashMap<String> rank = new Object2IntOpenHashMap<>(contigs.size());
        for (int k = 0; k < contigs.size(); k++) {
            rank.put(contigs.get(k), k);
        }
        // Equal-key contig names (chr01/chr1) must tie with each other, so rank by the first of each key class.
        int[] code = new int[n];
        for (int r = 0; r < n; r++) {
            int k = rank.getInt(chrom.get(r));
            while (k > 0 && compare(contigs.get(k - 1), contigs.get(k)) == 0) {
                k--;
            }
            code[r] = k;
        }
        Integer[] idx = new Integer[n];
        for (int r = 0; r < n; r++) {
            idx[r] = r;
        }
        java.util.Arrays.sort(idx, Comparator.<Integer>comparingInt(r -> code[r])
                .thenComparingLong(r -> start[r]).thenComparingLong(r -> end[r]));
        int[] sortedToInput = new int[n];
        for (int k = 0; k < n; k++) {
            sortedToInput[k] = idx[k];
        }
        return RegionOrder.fromSortedToInput(sortedToInput);
    }
}
