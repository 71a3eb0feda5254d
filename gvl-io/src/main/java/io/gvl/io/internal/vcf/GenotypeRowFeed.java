package io.gvl.io.internal.vcf;

import io.gvl.io.variant.GenotypeRows;
import java.nio.file.Path;
import java.util.function.IntUnaryOperator;

/**
 * Hands the rows of a table read with genotypes to its {@link GenotypeRows} sink, the same way for text and BCF: a
 * row decoded into one reused buffer by a genotype-only decoder, which must place exactly the one record the sites
 * kept; a decoder that refuses the record (or places another number of rows) abandons the rows, once, and the table
 * read goes on without them. One feed per query; not thread-safe.
 */
public final class GenotypeRowFeed {
    /**
     * A genotype-only decode of the current record into {@code row}, asking {@code place} where its row goes, and
     * listing its carriers in {@code carriers} when that is not null (then {@code row} is written only by a fallback,
     * which invalidates the list).
     */
    @FunctionalInterface
    public interface Decode {
        void into(byte[] row, IntUnaryOperator place, CarrierList carriers);
    }

    private final Path file;
    private final GenotypeRows rows;
    private final byte[] row;
    /** The carrier list given to decodes when the sink takes carriers, else null. */
    private final CarrierList carriers;
    private final IntUnaryOperator place = position -> {
        countPlaced();
        return 0;
    };
    private int placed;
    private boolean live = true;

    /**
     * @param file the variant file, for messages
     * @param rows the sink
     * @param samples samples per row
     */
    public GenotypeRowFeed(Path file, GenotypeRows rows, int samples) {
        this.file = file;
        this.rows = rows;
        this.row = new byte[samples * BatchBuilder.PLOIDY];
        this.carriers = rows.takesCarriers() ? new CarrierList() : null;
    }

    private void countPlaced() {
        placed++;
    }

    /** Whether the rows are still given (none was abandoned). */
    public boolean live() {
        return live;
    }

    /** Whether the record at {@code position} is wanted: the feed is live and the sink asks for it. */
    public boolean wants(int position) {
        return live && rows.wants(position);
    }

    /** The record at {@code position}, kept by the sites, without its row. */
    public void unwanted(int position) {
        if (live) {
            rows.accept(position, null);
        }
    }

    /** The record at {@code position}, kept by the sites, with the row {@code decode} gives. */
    public void decoded(String contig, int position, Decode decode) {
        if (!live) {
            return;
        }
        placed = 0;
        if (carriers != null) {
            carriers.start();
        }
        try {
            decode.into(row, place, carriers);
        } catch (RuntimeException e) {
            abandon(e);
            return;
        }
        if (placed != 1) {
            abandon(new IllegalStateException(file + ": the genotype decode kept " + placed + " rows of the record at "
                    + contig + ":" + (position + 1) + ", which the sites keep"));
            return;
        }
        if (carriers != null && carriers.valid()) {
            rows.acceptCarriers(position, carriers.ascendingSlots(), carriers.size());
        } else {
            rows.accept(position, row);
        }
    }

    private void abandon(RuntimeException cause) {
        live = false;
        rows.abandon(cause);
    }
}
