package io.gvl.io.vcf;

import io.gvl.io.variant.GenotypeRows;
import io.gvl.io.variant.VariantBatch;
import java.util.List;

/**
 * A whole-file read of a variant table with the genotype rows of its records
 * ({@link VcfReader#requireSupportedAndReadAll(io.gvl.io.variant.VariantRequest, int, int[],
 * java.util.function.Function)}).
 *
 * @param batches the records, in file order, one or more batches per contig
 * @param rows the sink of each batch, in the same order, or {@code null} when the rows were not read
 * @param <S> the sinks' type
 */
public record GenotypedTable<S extends GenotypeRows>(List<VariantBatch> batches, List<S> rows) {
    /** Copies the lists, which may not hold {@code null}. */
    public GenotypedTable {
        batches = List.copyOf(batches);
        rows = rows == null ? null : List.copyOf(rows);
    }
}
