package io.gvl.format.array;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.IndexRange;

/**
 * The sparse genotypes of a VCF/PGEN-backed dataset: for every haplotype slot {@code (region, sample, ploid)}
 * the ascending indices of the variants it carries, stored as CSR ({@code genotypes/offsets.npy} +
 * {@code genotypes/variant_idxs.npy}). Both arrays are views over mappings owned by the {@link
 * io.gvl.format.io.DatasetFiles} that produced this object. A dataset in which no haplotype carries a variant has no
 * {@code variant_idxs.npy}; gvl reads it as empty (GVL cannot open such a dataset).
 */
public final class GenotypeArrays {
    private final RawArray offsets;
    private final RawArray variantIdxs;
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
        this.offsets = offsets;
        this.variantIdxs = variantIdxs;
        this.nRegions = nRegions;
        this.nSamples = nSamples;
        this.ploidy = ploidy;
        Offsets.checkShape(offsets, slots(), "n_regions x samples x ploidy", variantIdxs.length(),
                variantIdxs.file().toString());
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
        return Offsets.range(offsets, slot(region, sample, ploid), variantIdxs.length());
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
                Offsets.range(offsets, cell * ploidy + p, variantIdxs.length());
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
     * All slot offsets (int64, {@code R·S·P + 1}).
     *
     * @return the int64 offsets array, valid while the dataset is open
     */
    public RawArray offsets() {
        return offsets;
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
        Offsets.checkMonotone(offsets);
        for (long i = 0; i < variantIdxs.length(); i++) {
            int v = variantIdxs.getInt(i);
            if (v < 0 || v >= nVariants) {
                throw new DatasetFormatException(variantIdxs.file() + ": element " + i + " is variant index " + v
                        + " but the variant table has " + nVariants + " rows");
            }
        }
    }
}
