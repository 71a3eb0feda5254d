package io.gvl.spark.internal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;

/**
 * Narrows a {@link Selection} with the filters Spark pushes: comparisons and {@code IN} on {@code region},
 * {@code =}/{@code IN} on {@code sample} (names resolved through the dataset's sorted samples; an unknown name
 * matches nothing, as in SQL) and {@code =}/{@code IN} on {@code haplotype}, and conjunctions of them. Other
 * filters are left to Spark.
 */
final class Pushdown {
    private final DatasetInfo info;
    private final Selection selection;
    private final List<Filter> used = new ArrayList<>();

    Pushdown(DatasetInfo info) {
        this.info = info;
        this.selection = Selection.all(info.regionCount(), info.selectedSamples(), info.ploidy());
    }

    /** Applies the filters it understands; returns whether {@code f} narrowed the selection. */
    boolean push(Filter f) {
        boolean ok = apply(f);
        if (ok) {
            used.add(f);
        }
        return ok;
    }

    Selection selection() {
        return selection;
    }

    Filter[] used() {
        return used.toArray(Filter[]::new);
    }

    private boolean apply(Filter f) {
        return switch (f) {
            case And a -> apply(a.left()) | apply(a.right());
            case EqualTo e -> keep(e.attribute(), new Object[] {e.value()});
            case In in -> keep(in.attribute(), in.values());
            case GreaterThan g when isInt(Columns.REGION, g.attribute(), g.value()) ->
                    range(selection.regions(), (Integer) g.value() + 1L, Long.MAX_VALUE);
            case GreaterThanOrEqual g when isInt(Columns.REGION, g.attribute(), g.value()) ->
                    range(selection.regions(), (Integer) g.value(), Long.MAX_VALUE);
            case LessThan l when isInt(Columns.REGION, l.attribute(), l.value()) ->
                    range(selection.regions(), Long.MIN_VALUE, (Integer) l.value() - 1L);
            case LessThanOrEqual l when isInt(Columns.REGION, l.attribute(), l.value()) ->
                    range(selection.regions(), Long.MIN_VALUE, (Integer) l.value());
            default -> false;
        };
    }

    private static boolean isInt(String column, String attribute, Object value) {
        return column.equals(attribute) && value instanceof Integer;
    }

    private static boolean range(BitSet set, long lo, long hi) {
        int from = (int) Math.max(0, Math.min(lo, Integer.MAX_VALUE));
        if (from > 0) {
            set.clear(0, from);
        }
        if (hi < Integer.MAX_VALUE) {
            set.clear((int) Math.max(0, hi + 1), Integer.MAX_VALUE);
        }
        return true;
    }

    private boolean keep(String attribute, Object[] values) {
        BitSet allowed = new BitSet();
        BitSet target;
        switch (attribute) {
            case Columns.REGION, Columns.HAPLOTYPE -> {
                target = attribute.equals(Columns.REGION) ? selection.regions() : selection.haplotypes();
                for (Object v : values) {
                    if (!(v instanceof Integer i)) {
                        return false;
                    }
                    if (i >= 0) {
                        allowed.set(i);
                    }
                }
            }
            case Columns.SAMPLE -> {
                target = selection.samples();
                for (Object v : values) {
                    if (!(v instanceof String name)) {
                        return false;
                    }
                    int i = SampleNames.indexOf(info.samples(), name);
                    if (i >= 0) {
                        allowed.set(i);
                    }
                }
            }
            default -> {
                return false;
            }
        }
        target.and(allowed);
        return true;
    }
}
