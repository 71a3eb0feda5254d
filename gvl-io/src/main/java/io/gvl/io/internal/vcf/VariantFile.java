package io.gvl.io.internal.vcf;

import io.gvl.io.variant.GenotypeRows;
import io.gvl.io.variant.UnsupportedVariants;
import io.gvl.io.variant.VariantRequest;
import java.io.IOException;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * One opened variant file behind {@code VcfReader}: text VCF (tabix, CSI or in memory) or BCF. Each decodes
 * records of a region straight into a {@link BatchBuilder} with the same validation, so callers cannot tell the
 * encodings apart.
 */
public interface VariantFile extends AutoCloseable {
    VcfHeader header();

    /** Contigs that have records, in index (file) order. */
    List<String> contigs();

    /**
     * Appends every usable record whose REF span overlaps 0-based half-open {@code [start, end)} of {@code contig},
     * decoding only what {@code request} names; unsupported records raise unless {@code skipUnsupported}.
     *
     * @return how many unsupported records were skipped (0 unless {@code skipUnsupported})
     */
    long query(String contig, int start, int end, VariantRequest request, boolean skipUnsupported, BatchBuilder out)
            throws IOException;

    /**
     * {@link #query} with a sites-only {@code sites} request (no samples, no FORMAT field) that also gives, for each
     * record appended to {@code out} and right after it is, that record's genotype row of {@code sampleIndexes} to
     * {@code rows} (decoded as {@link #genotypes} would, when {@link GenotypeRows#wants} asks for it). The records,
     * skips and errors are those of {@link #query}: a record the genotype decode refuses only abandons the rows.
     */
    long queryGenotyped(String contig, int start, int end, VariantRequest sites, boolean skipUnsupported,
            BatchBuilder out, int[] sampleIndexes, GenotypeRows rows) throws IOException;

    /**
     * Genotype-only decode of the usable records overlapping {@code [start, end)}: for each, in file order,
     * {@code place} gets its 0-based position and answers where its row ({@code sampleIndexes.length x 2} bytes, 1
     * where a haplotype carries allele 1) goes in {@code out}, or a negative number to check it and drop it. Gives
     * the rows, skips and errors of {@link #query} with only the samples requested, without decoding anything else.
     */
    void genotypes(String contig, int start, int end, int[] sampleIndexes, boolean skipUnsupported, byte[] out,
            IntUnaryOperator place) throws IOException;

    /** Positions that cut {@code contig}'s records into about {@code parts} equal runs; none without an index. */
    int[] splitPositions(String contig, int parts);

    /** Counts the records GVL rejects over the whole file. */
    UnsupportedVariants scanUnsupported() throws IOException;

    /** How to re-create the file and its index when reading fails half way. */
    String recreateHint();

    @Override
    void close();
}
