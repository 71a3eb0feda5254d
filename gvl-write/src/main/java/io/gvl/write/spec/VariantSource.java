package io.gvl.write.spec;

import io.gvl.format.VariantTable;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * What the write pipeline needs from a phased variant file: the whole variant table in file order (row {@code i}
 * is variant index {@code i}, the table that {@code genotypes/variants.arrow} stores), and, for a run of rows on one
 * contig, which haplotypes carry each ALT. A source is read by one thread at a time per call but may be called from
 * several worker threads, so implementations must make {@link #genotypes} (and {@link #carriers}, when they override it) thread-safe.
 */
public interface VariantSource extends AutoCloseable {

    /**
     * The variant file, for messages.
     *
     * @return the path
     */
    Path path();

    /**
     * Sample names in file order; {@link #genotypes} takes indexes into this list.
     *
     * @return the sample names
     */
    List<String> samples();

    /**
     * Every contig the source knows (declared in its header or holding records).
     *
     * @return the contig names
     */
    List<String> contigs();

    /**
     * Alleles per call (2 for VCF, as GVL fixes it).
     *
     * @return the ploidy
     */
    int ploidy();

    /**
     * All records in file order, with 1-based {@code POS}; loaded once and kept by the caller.
     *
     * @return the variant table
     */
    VariantTable variants();

    /**
     * Fills {@code out[((row - fromRow) * sampleIndexes.length + k) * ploidy() + p]} with 1 when haplotype
     * {@code p} of sample {@code sampleIndexes[k]} carries the ALT of {@code row}, else 0 (REF, missing and other
     * allele codes alike). Rows {@code [fromRow, toRow)} lie on one contig. Callers (the default {@link #carriers}
     * among them) pass an array whose cells in that range hold only 0s on entry, so a source may write just the 1s
     * (a sparse source then costs its carriers, not rows times samples). This is the dense contract every source
     * implements; the write itself reads {@link #carriers}.
     *
     * @param fromRow first variant row, inclusive
     * @param toRow last variant row, exclusive
     * @param sampleIndexes samples, as indexes into {@link #samples()}
     * @param out the destination, at least {@code (toRow - fromRow) * sampleIndexes.length * ploidy()} bytes, all 0
     */
    void genotypes(int fromRow, int toRow, int[] sampleIndexes, byte[] out);

    /** Bytes of dense rows the default {@link #carriers} decodes at a time (at least one row). */
    int DENSE_PIECE_BYTES = 64 << 10;

    /**
     * Appends rows {@code [fromRow, toRow)} to {@code out} as their ALT carriers: row {@code row} becomes one row of
     * {@code out} holding, ascending, the slots {@code k · ploidy() + p} for which {@link #genotypes} would write 1.
     * Rows lie on one contig. The write's genotype stage reads its blocks through this method, so its memory follows
     * the carriers rather than rows × samples.
     *
     * <p>The default decodes through {@link #genotypes} a few rows at a time ({@link #DENSE_PIECE_BYTES} of dense
     * rows, at least one row) into one reused buffer, zeroed before each piece, and scans it, so it holds a few dense
     * rows, never the whole run. A source that can list carriers directly (a PGEN's difflist records) overrides it.
     * Thread-safe as {@link #genotypes} is.
     *
     * @param fromRow first variant row, inclusive
     * @param toRow last variant row, exclusive
     * @param sampleIndexes samples, as indexes into {@link #samples()}
     * @param out the block to append to, whose {@link CarrierBlock#width()} is {@code sampleIndexes.length * ploidy()}
     * @throws IllegalArgumentException if {@code out}'s width does not match
     */
    default void carriers(int fromRow, int toRow, int[] sampleIndexes, CarrierBlock out) {
        int width = sampleIndexes.length * ploidy();
        if (out.width() != width) {
            throw new IllegalArgumentException("the block is " + out.width() + " slots wide; " + width + " needed");
        }
        if (toRow <= fromRow) {
            return;
        }
        int step = Math.min(toRow - fromRow, Math.max(1, DENSE_PIECE_BYTES / Math.max(1, width)));
        byte[] piece = new byte[step * width];
        for (int row = fromRow; row < toRow; row += step) {
            int n = Math.min(step, toRow - row);
            if (row > fromRow) {
                Arrays.fill(piece, 0, n * width, (byte) 0);
            }
            genotypes(row, row + n, sampleIndexes, piece);
            out.addDense(piece, 0, n);
        }
    }

    /**
     * Per-variant numeric INFO columns (e.g. {@code AF}) that the dataset stores in {@code variants.arrow} after the
     * core columns, where readers find them as variant fields; call after {@link #variants()}. None by default.
     *
     * @return the columns, one value per variant
     */
    default List<VariantTable.NumericColumn> infoColumns() {
        return List.of();
    }

    /**
     * Whether the calls carry {@code FORMAT/DS} dosages, which the dataset then stores per stored call.
     *
     * @return {@code true} if {@link #dosages} can be called
     */
    default boolean hasDosages() {
        return false;
    }

    /**
     * Fills {@code out[(row - fromRow) * sampleIndexes.length + k]} with the {@code DS} dosage of sample
     * {@code sampleIndexes[k]} at {@code row} (NaN when missing). Only called when {@link #hasDosages()}.
     *
     * @param fromRow first variant row, inclusive
     * @param toRow last variant row, exclusive
     * @param sampleIndexes samples, as indexes into {@link #samples()}
     * @param out the destination, at least {@code (toRow - fromRow) * sampleIndexes.length} floats
     * @throws UnsupportedOperationException if the source has no dosages
     */
    default void dosages(int fromRow, int toRow, int[] sampleIndexes, float[] out) {
        throw new UnsupportedOperationException(path() + " has no dosages");
    }

    @Override
    void close();
}
