/**
 * Apache Spark over gvl datasets. Reading: {@code spark.read.format("gvl").option("path", dir)
 * .option("reference", fasta).load()} yields one row per (region, sample, haplotype) with its variants, sequence
 * and tracks; see {@link io.gvl.spark.GvlDataSource} for the options and the column schema. Writing:
 * {@link io.gvl.spark.GvlSpark#write} writes a dataset with one Spark task per block of regions and samples and
 * publishes the same bytes as a local write. Spark is not a dependency of the library: the cluster (or the
 * application) provides Spark 4.x.
 */
package io.gvl.spark;
