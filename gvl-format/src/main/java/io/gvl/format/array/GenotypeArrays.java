package io.gvl.format.array;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.IndexRange;

/**
 * The sparse genotypes of a dataset: for every haplotype slot {@code (region, sample, ploid)} the ascending indices
 * of the variants it carries. A VCF/PGEN-backed dataset stores them as CSR ({@code genotypes/offsets.npy} with
 * {@code R·S·P + 1} cumulative offsets + {@code genotypes/variant_idxs.npy}); a dataset linked to a {@code .svar}
 * store keeps only {@code (2, R, S, P)} start/end pairs into the store's {@code variant_idxs.npy}, whose slot ranges
 * may overlap and leave gaps. Both layouts are views over mappings owned by the {@link
 * io.gvl.format.io.DatasetFiles} that produced this object. A dataset in which no haplotype carries a variant has no
 * {@code variant_idxs.npy}; gvl reads it as empty (GVL cannot open such a dataset).
 */
public final class GenotypeArrays {
    /** Cumulative offsets ({@code R·S·P + 1}), or {@code null} for the start/end layout. */
    private final RawArray offsets;
    private final RawArray starts;
    private final RawArray stops;
    private final RawArray variantIdxs;
    /** Per {@code sample·P + ploid}, the store block its ranges must lie in ({@code .svar} only, else null). */
    private final long[] blockStarts;
    private final long[] blockEnds;
    private final int nRegions;
    private final int nSamples;
    private final int ploidy;

    /**
     * Genotypes over two mapped arrays, checked against the dataset's shape.
     *
     * @param offsets {@code R·S·P + 1} int64 slot offsets
     * @param variantIdxs int32 variant indices
     * @param nRegions regions {@code R}
     * @param nSamples samples {@code S}
     * @param ploidy haplotypes per sample {@code P}
     * @throws DatasetFormatException if the offsets do not fit the shape or the indices
     */
    public GenotypeArrays(RawArray offsets, RawArray variantIdxs, int nRegions, int nSamples, int ploidy) {
        this(offsets, null, variantIdxs, null, null, nRegions, nSamples, ploidy);
    }

    /** Exactly one of {@code offsets} (cumulative) and {@code startsStops} (start/end pairs) is non-null. */
    private GenotypeArrays(RawArray offsets, RawArray startsStops, RawArray variantIdxs, long[] blockStarts,
                           long[] blockEnds, int nRegions, int nSamples, int ploidy) {
        this.offsets = offsets;
        this.variantIdxs = variantIdxs;
        this.blockStarts = blockStarts;
        this.blockEnds = blockEnds;
        this.nRegions = nRegions;
        this.nSamples = nSamples;
        this.ploidy = ploidy;
        long cells = slots();
        if (offsets != null) {
            Offsets.checkShape(offsets, cells, "n_regions x samples x ploidy", variantIdxs.length(),
                    variantIdxs.file().toString());
            this.starts = offsets.slice(0, cells);
            this.stops = offsets.slice(1, cells + 1);
        } else {
            if (startsStops.length() != 2 * cells) {
                throw new DatasetFormatException(startsStops.file() + ": " + startsStops.length() + " values,"
                        + " expected " + 2 * cells + " (2 x n_regions x samples x ploidy); the file is truncated or"
                        + " belongs to another dataset");
            }
            this.starts = startsStops.slice(0, cells);
            this.stops = startsStops.slice(cells, 2 * cells);
        }
    }

    /**
     * Genotypes of a dataset linked to a {@code .svar} store: {@code (2, R, S, P)} int64 start/end pairs (all starts,
     * then all ends) into the store's variant indices. Every slot's range must lie inside the store's block of calls
     * for that sample and ploid, which each access checks.
     *
     * @param startsStops the dataset's {@code genotypes/offsets.npy}, {@code 2·R·S·P} int64 values
     * @param variantIdxs the store's int32 variant indices
     * @param blockStarts per dataset {@code sample·P + ploid}, the first store call of that haplotype
     * @param blockEnds per dataset {@code sample·P + ploid}, the end (exclusive) of its store calls
     * @param nRegions regions {@code R}
     * @param nSamples samples {@code S}
     * @param ploidy haplotypes per sample {@code P}
     * @return the genotypes, borrowing both arrays
     * @throws DatasetFormatException if the pairs do not fit the shape
     * @throws IllegalArgumentException if the block arrays do not hold {@code S·P} values
     */
    public static GenotypeArrays ranged(RawArray startsStops, RawArray variantIdxs, long[] blockStarts,
                                        long[] blockEnds, int nRegions, int nSamples, int ploidy) {
        if (blockStarts.length != (long) nSamples * ploidy || blockEnds.length != blockStarts.length) {
            throw new IllegalArgumentException("store blocks must hold samples x ploidy = " + (long) nSamples * ploidy
                    + " values");
        }
        return new GenotypeArrays(null, startsStops, variantIdxs, blockStarts.clone(), blockEnds.clone(), nRegions,
                nSamples, ploidy);
    }

    /**
     * Number of slots {@code R·S·P}.
     *
     * @return {@code R * S * P}, the number of haplotype slots
     */
    public long slots() {
        return (long) nRegions * nSamples * ploidy;
    }

    /**
     * Ploidy {@code P}: haplotypes per sample.
     *
     * @return the ploidy, {@code >= 1}
     */
    public int ploidy() {
        return ploidy;
    }

    /**
     * Slot number {@code (r·S + s)·P + p}.
     *
     * @param region region index, {@code 0 <= region < R}
     * @param sample sample index, {@code 0 <= sample < S}
     * @param ploid haplotype index, {@code 0 <= ploid < P}
     * @return the slot number, an index into {@link #offsets()}
     * @throws IndexOutOfBoundsException if an index is outside its axis
     */
    public long slot(int region, int sample, int ploid) {
        if (region < 0 || region >= nRegions || sample < 0 || sample >= nSamples || ploid < 0 || ploid >= ploidy) {
            throw new IndexOutOfBoundsException("slot (" + region + ", " + sample + ", " + ploid + ") outside ("
                    + nRegions + ", " + nSamples + ", " + ploidy + ")");
        }
        return ((long) region * nSamples + sample) * ploidy + ploid;
    }

    /**
     * The range of {@link #variantIdxs()} holding the variants of one haplotype in one region.
     *
     * @param region region index, {@code 0 <= region < R}
     * @param sample sample index, {@code 0 <= sample < S}
     * @param ploid haplotype index, {@code 0 <= ploid < P}
     * @return the half-open range of indices
     */
    public IndexRange variantRange(int region, int sample, int ploid) {
        return range(slot(region, sample, ploid));
    }

    private IndexRange range(long slot) {
        if (offsets != null) {
            return Offsets.range(offsets, slot, variantIdxs.length());
        }
        long a = starts.getLong(slot);
        long b = stops.getLong(slot);
        int haplotype = (int) (slot % ((long) nSamples * ploidy));
        long lo = blockStarts[haplotype];
        long hi = blockEnds[haplotype];
        if (b < a || a < lo || b > hi) {
            throw new DatasetFormatException(starts.file() + ": slot " + slot + " has the range [" + a + ", " + b
                    + "), which " + (b < a ? "decreases" : "lies outside the calls [" + lo + ", " + hi + ") of its"
                    + " haplotype in " + variantIdxs.file()) + "; the dataset does not belong to this store (or the"
                    + " store was rebuilt): rewrite the dataset from the store");
        }
        return new IndexRange(a, b);
    }

    /**
     * Checks the offsets of every haplotype slot of the given {@code region·S + sample} cells, so a query over
     * corrupt offsets fails naming {@code genotypes/offsets.npy} before any kernel reads the ranges.
     *
     * @param cells the {@code region·S + sample} cells a query is about to read
     * @throws DatasetFormatException if an offset of those cells is out of range or decreasing
     * @throws IndexOutOfBoundsException if a cell is outside the dataset
     */
    public void checkCells(long[] cells) {
        for (long cell : cells) {
            if (cell < 0 || cell >= (long) nRegions * nSamples) {
                throw new IndexOutOfBoundsException("cell " + cell + " outside " + nRegions + " x " + nSamples);
            }
            for (int p = 0; p < ploidy; p++) {
                range(cell * ploidy + p);
            }
        }
    }

    /**
     * Checks that every variant index the slots of {@code cells} hold is a row of a table of {@code nVariants}
     * rows, so a damaged {@code variant_idxs.npy} (the dataset's or a linked store's) is reported as that file
     * rather than met by a kernel. Call after {@link #checkCells}.
     *
     * @param cells the cells a query reads, {@code region * S + sample}
     * @param nVariants the number of rows of the variant table
     * @throws DatasetFormatException naming the file, the slot and the index
     */
    public void checkVariantIndices(long[] cells, long nVariants) {
        for (long cell : cells) {
            for (int p = 0; p < ploidy; p++) {
                long slot = cell * ploidy + p;
                IndexRange r = range(slot);
                for (long i = r.start(); i < r.end(); i++) {
                    int v = variantIdxs.getInt(i);
                    if (v < 0 || v >= nVariants) {
                        throw new DatasetFormatException(variantIdxs.file() + ": element " + i + " (slot " + slot
                                + ") is variant " + v + ", outside the variant table of " + nVariants + " rows; the"
                                + " file is corrupt or belongs to another variant table: rewrite the dataset");
                    }
                }
            }
        }
    }

    /**
     * The variant indices of one haplotype in one region, as a view over the mapping.
     *
     * @param region region index, {@code 0 <= region < R}
     * @param sample sample index, {@code 0 <= sample < S}
     * @param ploid haplotype index, {@code 0 <= ploid < P}
     * @return the ascending variant-table rows of that haplotype; valid while the dataset is open
     */
    public RawArray variants(int region, int sample, int ploid) {
        IndexRange r = variantRange(region, sample, ploid);
        return variantIdxs.slice(r.start(), r.end());
    }

    /**
     * All slot offsets (int64, {@code R·S·P + 1}) of the cumulative layout.
     *
     * @return the int64 offsets array, valid while the dataset is open
     * @throws IllegalStateException for the start/end layout of a {@code .svar}-linked dataset
     */
    public RawArray offsets() {
        if (offsets == null) {
            throw new IllegalStateException(starts.file() + ": start/end pairs of a .svar-linked dataset have no"
                    + " cumulative offsets");
        }
        return offsets;
    }

    /**
     * First variant-index position of every slot (int64, {@code R·S·P}), in either layout.
     *
     * @return the starts, valid while the dataset is open
     */
    public RawArray starts() {
        return starts;
    }

    /**
     * End (exclusive) variant-index position of every slot (int64, {@code R·S·P}), in either layout.
     *
     * @return the ends, valid while the dataset is open
     */
    public RawArray stops() {
        return stops;
    }

    /**
     * All variant indices (int32), in slot order.
     *
     * @return the int32 index array, valid while the dataset is open
     */
    public RawArray variantIdxs() {
        return variantIdxs;
    }

    /**
     * Full scan of the offsets (monotone) and indices (non-negative, below {@code nVariants}).
     *
     * @param nVariants number of rows in the variant table
     * @throws DatasetFormatException naming the file and element if a check fails
     */
    public void verify(long nVariants) {
        if (offsets != null) {
            Offsets.checkMonotone(offsets);
        } else {
            for (long k = 0; k < slots(); k++) {
                range(k);
            }
        }
        for (long i = 0; i < variantIdxs.length(); i++) {
            int v = variantIdxs.getInt(i);
            if (v < 0 || v >= nVariants) {
                throw new DatasetFormatException(variantIdxs.file() + ": element " + i + " is variant index " + v
                        + " but the variant table has " + nVariants + " rows");
            }
        }
    }
}
