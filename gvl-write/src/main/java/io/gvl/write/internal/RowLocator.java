package io.gvl.write.internal;

/**
 * Where variant rows lie in their source, for a source that reads a run of rows by a region query (VCF, BCF): the
 * contig and start of a row, and the first row at the same position (records at one position are told apart by
 * their order). Given by the write's {@link VariantRows}, so a part's source needs only the part's rows.
 */
interface RowLocator {
    /** The contig of {@code row}, as the source spells it. */
    String contig(int row);

    /** The 0-based start of {@code row}. */
    int start0(int row);

    /** The first row on {@code row}'s contig that starts where {@code row} starts. */
    int firstAtPosition(int row);
}
