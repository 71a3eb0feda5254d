/**
 * Apache Spark DataSource V2 over gvl datasets: {@code spark.read.format("gvl").option("path", dir)
 * .option("reference", fasta).load()} yields one row per (region, sample, haplotype) with its variants, sequence
 * and tracks. Spark is not a dependency of the library: the cluster (or the application) provides Spark 4.x.
 * See {@link io.gvl.spark.GvlDataSource} for the options and the column schema. Only reading is supported; the
 * distributed write is not part of this package yet.
 */
package io.gvl.spark;
