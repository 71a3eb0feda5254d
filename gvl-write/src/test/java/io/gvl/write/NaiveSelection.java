package io.gvl.write;

import io.gvl.format.VariantTable;
import java.util.ArrayList;
import java.util.List;

/**
 * GVL's selection rule (the region window, the overlap set and the stored list per slot of {@code _dataset/_write.py}) written as plainly as possible, row by row over the whole table, as an
 * oracle for the optimized pipeline: no binary search, no early stop, no chunking.
 */
final class NaiveSelection {
    /** Whether a haplotype carries a row. */
    interface Carries {
        boolean test(int row);
    }

    private NaiveSelection() {
    }

    static List<Integer> select(VariantTable t, String contig, int qs, int qe, boolean extend, Carries carries) {
        String[] chrom = t.chrom();
        long[] pos = t.pos();
        int[] ilen = t.ilen();
        List<Integer> overlap = new ArrayList<>();
        for (int g = 0; g < pos.length; g++) {
            long start0 = pos[g] - 1;
            long end0 = pos[g] - Math.min(ilen[g], 0);
            if (chrom[g].equals(contig) && start0 < qe && end0 > Math.max(qs, 0)) {
                overlap.add(g);
            }
        }
        List<Integer> out = new ArrayList<>();
        if (overlap.isEmpty()) {
            return out;
        }
        if (!extend) {
            overlap.stream().filter(carries::test).forEach(out::add);
            return out;
        }
        List<Integer> w = new ArrayList<>(overlap);
        for (int g = overlap.getLast() + 1; g < pos.length; g++) {
            if (chrom[g].equals(contig)) {
                w.add(g);
            }
        }
        long qlen = qe - qs;
        long lastEnd = qs;
        long written = 0;
        for (int g : w) {
            if (!carries.test(g)) {
                continue;
            }
            long vs = pos[g] - 1;
            int il = ilen[g];
            boolean inside = vs >= qs;
            if (inside) {
                boolean past = vs >= qe;
                written += vs - lastEnd;
                if (past && written >= qlen) {
                    break;
                }
                written += Math.max(0, il) + 1;
                if (past && written >= qlen) {
                    out.add(g);
                    break;
                }
            }
            long vEnd = vs - Math.min(0, il) + (inside ? 1 : 0);
            lastEnd = Math.max(lastEnd, vEnd);
            out.add(g);
        }
        return out;
    }
}
