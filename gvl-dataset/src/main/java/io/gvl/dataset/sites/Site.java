package io.gvl.dataset.sites;

import java.util.Objects;

/**
 * One site of a sites-only variant table, as a VCF states it (GVL's {@code SitesSchema}: CHROM, POS, REF, ALT).
 *
 * @param chrom contig name as written (matched to a dataset's contigs with or without the {@code chr} prefix)
 * @param pos   1-based VCF POS
 * @param ref   REF allele
 * @param alt   ALT allele (a single one: sites are biallelic)
 */
public record Site(String chrom, int pos, String ref, String alt) {
    /** Rejects {@code null} fields. */
    public Site {
        Objects.requireNonNull(chrom, "chrom");
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(alt, "alt");
    }

    /**
     * 0-based start.
     *
     * @return {@code pos - 1}
     */
    public int start() {
        return pos - 1;
    }

    @Override
    public String toString() {
        return chrom + ":" + pos + " " + ref + ">" + alt;
    }
}
