package io.gvl.io.pgen;

import java.util.LinkedHashSet;
import java.util.List;

/**
 * The variant table of a PGEN fileset ({@code .pvar}) in record order: variant {@code i} of
 * {@link PgenReader#readCalls} is row {@code i} here. Positions are 1-based as in the file; contig names are as
 * plink2 wrote them (plink2 renames {@code chr1} to {@code 1} on import unless told otherwise).
 */
public final class PgenVariants {
    private final String[] chrom;
    private final long[] pos;
    private final String[] id;
    private final String[] ref;
    private final String[] alt;

    PgenVariants(String[] chrom, long[] pos, String[] id, String[] ref, String[] alt) {
        this.chrom = chrom;
        this.pos = pos;
        this.id = id;
        this.ref = ref;
        this.alt = alt;
    }

    public int size() {
        return chrom.length;
    }

    public String chrom(int i) {
        return chrom[i];
    }

    /** 1-based position. */
    public long position(int i) {
        return pos[i];
    }

    /** The ID column ({@code .} when missing). */
    public String id(int i) {
        return id[i];
    }

    public String ref(int i) {
        return ref[i];
    }

    /** The ALT allele ({@code .} when the record has none). */
    public String alt(int i) {
        return alt[i];
    }

    /** Contigs in the order their records appear. */
    public List<String> contigs() {
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        for (String c : chrom) {
            seen.add(c);
        }
        return List.copyOf(seen);
    }
}
