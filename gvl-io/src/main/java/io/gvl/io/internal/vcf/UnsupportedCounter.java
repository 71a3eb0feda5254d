package io.gvl.io.internal.vcf;

import io.gvl.io.variant.UnsupportedVariants;

/** Tallies a whole-file scan by {@link AlleleKind}, keeping the first rejected record as the example. */
public final class UnsupportedCounter {
    private long multiallelic;
    private long symbolic;
    private long breakend;
    private String first;

    /** Counts one record; {@code pos} is the 1-based POS as written in VCF. */
    public void add(AlleleKind kind, String contig, String pos, String ref, String alt) {
        switch (kind) {
            case MULTIALLELIC -> multiallelic++;
            case SYMBOLIC -> symbolic++;
            case BREAKEND -> breakend++;
            default -> {
                return;
            }
        }
        if (first == null) {
            first = contig + ":" + pos + " " + ref + ">" + alt;
        }
    }

    public UnsupportedVariants result() {
        return new UnsupportedVariants(multiallelic, symbolic, breakend, first);
    }
}
