package io.gvl.write.internal;

import io.gvl.io.ContigNormalizer;
import io.gvl.io.InputFormatException;
import io.gvl.io.bigwig.BigWigIntervals;
import io.gvl.io.table.IntervalTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An interval table indexed for overlap queries: one {@link IntervalIndex} per (sample, contig). Contig names are
 * normalized against the whole table's contigs, as GVL's {@code Table} does; intervals come back unclipped.
 */
final class TableIntervals {
    private static final String ALL = "";
    private final Map<String, Map<String, IntervalIndex>> bySample = new HashMap<>();
    private final ContigNormalizer normalizer;

    private TableIntervals(IntervalTable t, boolean perSample) {
        Map<String, Map<String, IntList>> rows = new LinkedHashMap<>();
        for (int i = 0; i < t.size(); i++) {
            String s = perSample ? t.sample(i) : ALL;
            rows.computeIfAbsent(s, k -> new LinkedHashMap<>()).computeIfAbsent(t.chrom(i), k -> new IntList())
                    .add(i);
        }
        rows.forEach((sample, contigs) -> {
            Map<String, IntervalIndex> m = new HashMap<>();
            contigs.forEach((contig, idx) -> {
                int n = idx.size();
                int[] s = new int[n];
                int[] e = new int[n];
                float[] v = new float[n];
                for (int j = 0; j < n; j++) {
                    s[j] = t.start(idx.get(j));
                    e[j] = t.end(idx.get(j));
                    v[j] = t.value(idx.get(j));
                }
                m.put(contig, new IntervalIndex(s, e, v));
            });
            bySample.put(sample, m);
        });
        normalizer = new ContigNormalizer(t.contigs());
    }

    /** Indexes a per-sample track's table. */
    static TableIntervals perSample(IntervalTable t) {
        return new TableIntervals(t, true);
    }

    /**
     * Indexes an annotation table: every row counts; a sample column, if present, must hold a single sample.
     *
     * @throws InputFormatException naming the first row of a second sample
     */
    static TableIntervals annotation(IntervalTable t) {
        if (t.hasSamples()) {
            List<String> samples = t.samples();
            if (samples.size() > 1) {
                int row = t.firstRowOf(samples.get(1));
                throw new InputFormatException(t.file(), t.location(row), "an annotation table is sample-independent"
                        + " but this one holds several samples (" + new ArrayList<>(samples).subList(0,
                        Math.min(5, samples.size())) + ").", "keep one sample's rows, drop the "
                        + IntervalTable.SAMPLE + " column, or add the table as a per-sample table track.");
            }
        }
        return new TableIntervals(t, false);
    }

    /** The source of one sample ({@code null} for an annotation table). */
    IntervalSource source(String sample) {
        Map<String, IntervalIndex> contigs = bySample.getOrDefault(sample == null ? ALL : sample, Map.of());
        return new IntervalSource() {
            @Override
            public void requireContig(String contig, String track) {
                // A contig missing from a table gives empty cells, as in GVL.
            }

            @Override
            public BigWigIntervals query(String contig, int start, int end) {
                String name = normalizer.normalize(contig);
                IntervalIndex idx = name == null ? null : contigs.get(name);
                return idx == null ? new BigWigIntervals(new int[0], new int[0], new float[0])
                        : idx.overlapping(start, end);
            }

            @Override
            public void close() {
                // holds no files
            }
        };
    }
}
