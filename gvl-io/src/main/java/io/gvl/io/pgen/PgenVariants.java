package io.gvl.io.pgen;

import java.util.LinkedHashSet;
import java.util.List;

/**
 * The variant table of a PGEN fileset ({@code .pvar}) in record order: variant {@code i} of
 * {@link PgenReader#readCalls} is row {@code i} here. Positions are 1-based as in the file; contig names are as
 * plink2 wrote them (plink2 renames {@code chr1} to {@code 1} on import unless told otherwise).
 *
 * <p>Rows are 0-based. The table is immutable (built once when the fileset is opened, never changed) and so safe to
 * share between threads; it keeps every {@code CHROM}, {@code ID}, {@code REF} and {@code ALT} string on the heap
 * for as long as it is reachable, independently of whether its {@link PgenReader} is closed. An index outside
 * {@code [0, size())} fails with {@link IndexOutOfBoundsException}.
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

    /**
     * The number of records.
     *
     * @return the row count, equal to {@link PgenReader#variantCount()}
     */
    public int size() {
        return chrom.length;
    }

    /**
     * The {@code CHROM} column of a row: the contig name as written in the file. Records are sorted, so each contig's
     * rows are contiguous.
     *
     * @param i the row, 0-based
     * @return the contig name
     */
    public String chrom(int i) {
        return chrom[i];
    }

    /**
     * The {@code POS} column of a row: the 1-based position of the first base of {@code REF}, as in the file (from 0
     * to 2^31-1; plink2 keeps VCF positions unchanged). Positions never decrease within a contig.
     *
     * @param i the row, 0-based
     * @return the 1-based position
     */
    public long position(int i) {
        return pos[i];
    }

    /**
     * The {@code ID} column of a row.
     *
     * @param i the row, 0-based
     * @return the variant ID, {@code .} when missing
     */
    public String id(int i) {
        return id[i];
    }

    /**
     * The {@code REF} column of a row (for a PLINK 1 {@code .bim}, allele 2).
     *
     * @param i the row, 0-based
     * @return the reference allele as written, e.g. {@code A} or {@code ACT}
     */
    public String ref(int i) {
        return ref[i];
    }

    /**
     * The {@code ALT} column of a row (for a PLINK 1 {@code .bim}, allele 1); a single allele, since multiallelic
     * records are refused on open.
     *
     * @param i the row, 0-based
     * @return the alternate allele, {@code .} when the record has none
     */
    public String alt(int i) {
        return alt[i];
    }

    /**
     * Contigs in the order their records appear; contigs declared in the header but holding no record are not
     * listed (see {@link PgenReader#declaredContigs()}). Computed on each call, in time linear in {@link #size()}.
     *
     * @return the distinct contig names as a new immutable list
     */
    public List<String> contigs() {
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        for (String c : chrom) {
            seen.add(c);
        }
        return List.copyOf(seen);
    }
}
