package io.gvl.dataset.splice;

import io.gvl.dataset.settings.SpliceMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A splicing-ready BED (GVL's {@code get_splice_bed} result): one row per element with columns {@code chrom,
 * chromStart, chromEnd, strand, gene_name, transcript_id, exon_number}, naturally sorted by contig then start.
 * Write it, pass it to {@code Gvl.write}, then splice with {@code spliceInfo("transcript_id", "exon_number")}.
 *
 * @param rows the elements, in BED order
 */
public record SpliceBed(List<SpliceBedRow> rows) {
    /** The header line naming the columns (gvl's BED reader takes column names from it). */
    public static final String HEADER = "#chrom\tchromStart\tchromEnd\tstrand\tgene_name\ttranscript_id\texon_number";

    /** Copies the rows. */
    public SpliceBed {
        rows = List.copyOf(rows);
    }

    /**
     * The number of elements.
     *
     * @return the row count
     */
    public int size() {
        return rows.size();
    }

    /**
     * Writes the BED with its header to {@code file} (through a temporary sibling and a rename).
     *
     * @param file the destination, replaced if it exists
     * @throws java.io.UncheckedIOException if the file cannot be written
     */
    public void write(Path file) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            w.newLine();
            for (SpliceBedRow r : rows) {
                w.write(r.chrom() + '\t' + r.start() + '\t' + r.end() + '\t' + r.strand() + '\t'
                        + (r.geneName() == null ? "." : r.geneName()) + '\t' + r.transcriptId() + '\t' + r.exonNumber());
                w.newLine();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + tmp, e);
        }
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot publish " + file, e);
        }
    }

    /**
     * The splice map of a dataset written from this BED in this row order: rows grouped by transcript in order of
     * first appearance, elements by exon number (what {@code spliceInfo("transcript_id", "exon_number")} builds).
     *
     * @return the map
     */
    public SpliceMap spliceMap() {
        List<String> keys = new ArrayList<>(rows.size());
        IntArrayList order = new IntArrayList(rows.size());
        for (SpliceBedRow r : rows) {
            keys.add(r.transcriptId());
            order.add(r.exonNumber());
        }
        return SpliceMap.fromKeys(keys, order);
    }
}
