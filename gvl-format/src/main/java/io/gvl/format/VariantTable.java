package io.gvl.format;

import java.util.Set;

/**
 * The variant table {@code genotypes/variants.arrow} that {@code variant_idxs.npy} indexes (row = variant index),
 * reduced to what reconstruction needs. {@code io.gvl.format.io.VariantTableFile} reads genoray's VCF index
 * (dictionary CHROM, Int32 POS, zstd, nested INFO, LargeList ILEN) and PGEN index (Utf8 CHROM, Int64 POS, no ILEN) by
 * column name, as GVL does: a list ALT or ILEN is reduced to its first element, a missing ILEN is {@code len(ALT) -
 * len(REF)} in bytes, a null ILEN is 0.
 *
 * <p>Top-level numeric columns other than {@code POS} and {@code ILEN} (INFO fields such as {@code AF}, a PGEN's
 * {@code QUAL}) are per-variant fields that GVL exposes as {@code var_fields}. They are not part of this record:
 * {@link io.gvl.format.io.VariantTableFile#numericColumns} lists them from the schema alone and {@link
 * io.gvl.format.io.VariantTableFile#readNumeric} decodes one on demand, so a reader only pays for the fields it uses.
 *
 * @param chrom contig of each variant as the variant source spells it
 * @param pos   POS as stored (1-based for writers >= 0.18.0; see {@link DatasetMetadata#oneBasedPositions()})
 * @param ref   reference allele
 * @param alt   alternative allele (first one)
 * @param ilen  ALT length minus REF length
 */
public record VariantTable(String[] chrom, long[] pos, String[] ref, String[] alt, int[] ilen) {

    /** Checks that the five columns have the same length and copies them. */
    public VariantTable {
        int n = pos.length;
        if (chrom.length != n || ref.length != n || alt.length != n || ilen.length != n) {
            throw new IllegalArgumentException("variant columns differ in length");
        }
        chrom = chrom.clone();
        pos = pos.clone();
        ref = ref.clone();
        alt = alt.clone();
        ilen = ilen.clone();
    }

    /**
     * The number of variants (rows).
     *
     * @return the row count
     */
    public int size() {
        return pos.length;
    }

    /**
     * Contigs of every variant, as a copy.
     *
     * @return a new array
     */
    @Override
    public String[] chrom() {
        return chrom.clone();
    }

    /**
     * POS of every variant, as a copy.
     *
     * @return a new array, 1-based or 0-based as the metadata says
     */
    @Override
    public long[] pos() {
        return pos.clone();
    }

    /**
     * Reference alleles of every variant, as a copy.
     *
     * @return a new array
     */
    @Override
    public String[] ref() {
        return ref.clone();
    }

    /**
     * First alternative allele of every variant, as a copy.
     *
     * @return a new array
     */
    @Override
    public String[] alt() {
        return alt.clone();
    }

    /**
     * ALT length minus REF length of every variant, as a copy.
     *
     * @return a new array; negative for deletions, positive for insertions
     */
    @Override
    public int[] ilen() {
        return ilen.clone();
    }

    /** One per-variant numeric column; missing values are NaN (floating point) or 0 (integers). */
    public sealed interface NumericColumn {
        /**
         * The column name in the Arrow schema.
         *
         * @return the name
         */
        String name();

        /**
         * The number of values.
         *
         * @return the row count
         */
        int size();

        /**
         * A column of 8- to 32-bit signed integers (or 8- and 16-bit unsigned ones), widened to {@code int}.
         *
         * @param name the column name
         * @param values one value per variant; nulls are 0
         */
        record Int32(String name, int[] values) implements NumericColumn {
            @Override
            public int size() {
                return values.length;
            }
        }

        /**
         * A column of 64-bit or unsigned 32-bit integers.
         *
         * @param name the column name
         * @param values one value per variant; nulls are 0
         */
        record Int64(String name, long[] values) implements NumericColumn {
            @Override
            public int size() {
                return values.length;
            }
        }

        /**
         * A column of 32-bit floats.
         *
         * @param name the column name
         * @param values one value per variant; nulls are NaN
         */
        record Float32(String name, float[] values) implements NumericColumn {
            @Override
            public int size() {
                return values.length;
            }
        }

        /**
         * A column of 64-bit floats.
         *
         * @param name the column name
         * @param values one value per variant; nulls are NaN
         */
        record Float64(String name, double[] values) implements NumericColumn {
            @Override
            public int size() {
                return values.length;
            }
        }
    }

    /** The columns every variant table has; any other top-level numeric column is a per-variant field. */
    public static final Set<String> CORE_COLUMNS = Set.of("CHROM", "POS", "REF", "ALT", "ILEN");

}
