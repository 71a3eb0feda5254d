/**
 * Long-form interval tables (GVL's {@code Table} track source): one row per interval with the columns
 * {@code sample_id, chrom, start, end, value}, read from TSV/CSV, Parquet or Arrow IPC by
 * {@link io.gvl.io.table.IntervalTable#read}. Every row is checked and held on the heap; the file is closed when
 * {@code read} returns.
 */
package io.gvl.io.table;
