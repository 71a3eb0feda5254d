package io.gvl.io.internal.vcf;

import io.gvl.io.variant.UnsupportedVariants;
import io.gvl.io.variant.VariantRequest;
import java.io.IOException;
import java.util.List;

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
     */
    void query(String contig, int start, int end, VariantRequest request, boolean skipUnsupported, BatchBuilder out)
            throws IOException;

    /** Counts the records GVL rejects over the whole file. */
    UnsupportedVariants scanUnsupported() throws IOException;

    /** How to re-create the file and its index when reading fails half way. */
    String recreateHint();

    @Override
    void close();
}
