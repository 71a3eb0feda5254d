package io.gvl.dataset.internal;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.IndexRange;
import io.gvl.format.array.GenotypeArrays;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks, per query, that the store rows a {@code .svar}-linked haplotype reads belong to the contig of its region.
 * genoray 6.0.2 numbers a {@code .svar} store's rows as if its contigs were in natural order even when its variant
 * table follows the source file's order (a VCF ordered {@code ..., chrX, chrY, chrM}); such a store gives haplotypes
 * variants of another contig. Checking the first and last row of every range a query reads catches that at the cost
 * of two lookups per haplotype, instead of returning wrong sequence.
 */
final class StoreContigCheck {
    private final Path store;
    private final GenotypeArrays genotypes;
    /** Dataset contig code of every store row; -1 for a contig the dataset has no region on. */
    private final int[] rowContig;
    private final int[] regionContig;
    private final List<String> contigs;
    private final int samples;

    StoreContigCheck(Path store, GenotypeArrays genotypes, String[] rowChrom, List<String> contigs, int[] regionContig,
                     int samples) {
        this.store = store;
        this.genotypes = genotypes;
        this.contigs = contigs;
        this.regionContig = regionContig;
        this.samples = samples;
        Object2IntOpenHashMap<String> code = new Object2IntOpenHashMap<>();
        code.defaultReturnValue(-1);
        for (int c = 0; c < contigs.size(); c++) {
            code.put(contigs.get(c), c);
        }
        this.rowContig = new int[rowChrom.length];
        for (int v = 0; v < rowChrom.length; v++) {
            rowContig[v] = code.getInt(rowChrom[v]);
        }
    }

    /** Checks every haplotype of the {@code region·S + sample} cells a query reads. */
    void check(long[] cells) {
        for (long cell : cells) {
            int region = (int) (cell / samples);
            int sample = (int) (cell % samples);
            for (int p = 0; p < genotypes.ploidy(); p++) {
                IndexRange r = genotypes.variantRange(region, sample, p);
                if (r.length() > 0) {
                    checkRow(genotypes.variantIdxs().getInt(r.start()), region);
                    checkRow(genotypes.variantIdxs().getInt(r.end() - 1), region);
                }
            }
        }
    }

    private void checkRow(int row, int region) {
        int want = regionContig[region];
        if (row < 0 || row >= rowContig.length || rowContig[row] != want) {
            String got = row < 0 || row >= rowContig.length ? "no row (the table has " + rowContig.length + ")"
                    : rowContig[row] < 0 ? "another contig" : "contig " + contigs.get(rowContig[row]);
            throw new DatasetFormatException(store + ": a haplotype of region " + region + " on contig "
                    + contigs.get(want) + " reads store row " + row + ", which is on " + got + "; the store's"
                    + " variant numbering does not follow its variant table (genoray 6.0.2 writes such .svar stores"
                    + " when the VCF's contigs are not in natural order): rebuild the store as .svar2, or from a VCF"
                    + " sorted in natural contig order, and rewrite the dataset");
        }
    }
}
