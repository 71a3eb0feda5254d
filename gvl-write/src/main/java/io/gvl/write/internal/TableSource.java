package io.gvl.write.internal;

import io.gvl.io.ContigNormalizer;
import io.gvl.io.InputFormatException;
import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedReader;
import io.gvl.io.bed.BedRegion;
import io.gvl.io.bigwig.BigWigIntervals;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An annotation track from a BED-like table ({@code chrom, chromStart, chromEnd, name, score}; the score is the
 * value), served through one {@link IntervalIndex} per contig. As in GVL, intervals are returned unclipped and a
 * contig the table lacks yields empty cells.
 */
final class TableSource implements IntervalSource {
    private final Map<String, IntervalIndex> byContig = new LinkedHashMap<>();
    private final ContigNormalizer normalizer;

    TableSource(Path file) {
        BedFile bed = BedReader.read(file);
        if (!bed.hasColumn("score")) {
            throw new InputFormatException(file, "", "an annotation table needs a score (5th) column, found "
                    + bed.columns() + ".", "add the value as BED column 5 (chrom, start, end, name, score).");
        }
        Map<String, IntArrayList> rows = new LinkedHashMap<>();
        for (int i = 0; i < bed.size(); i++) {
            rows.computeIfAbsent(bed.get(i).chrom(), k -> new IntArrayList()).add(i);
        }
        for (Map.Entry<String, IntArrayList> e : rows.entrySet()) {
            IntArrayList idx = e.getValue();
            int[] s = new int[idx.size()];
            int[] en = new int[idx.size()];
            float[] v = new float[idx.size()];
            for (int j = 0; j < idx.size(); j++) {
                BedRegion r = bed.get(idx.getInt(j));
                s[j] = r.start();
                en[j] = r.end();
                v[j] = score(file, r, bed.value(idx.getInt(j), "score"));
            }
            byContig.put(e.getKey(), new IntervalIndex(s, en, v));
        }
        normalizer = new ContigNormalizer(new ArrayList<>(byContig.keySet()));
    }

    private static float score(Path file, BedRegion r, String text) {
        if (text == null) {
            throw new InputFormatException(file, "line " + r.line(), "the score is '.', not a value.",
                    "write a number in column 5 of every row.");
        }
        try {
            return Float.parseFloat(text);
        } catch (NumberFormatException e) {
            throw new InputFormatException(file, "line " + r.line(), "score '" + text + "' is not a number.",
                    "write a number in column 5 of every row.", e);
        }
    }

    @Override
    public void requireContig(String contig, String track) {
        // A contig missing from a table gives empty cells, as in GVL.
    }

    @Override
    public BigWigIntervals query(String contig, int start, int end) {
        String name = normalizer.normalize(contig);
        if (name == null) {
            return new BigWigIntervals(new int[0], new int[0], new float[0]);
        }
        return byContig.get(name).overlapping(start, end);
    }

    @Override
    public void close() {
        // holds no files
    }
}
