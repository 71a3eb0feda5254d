/**
 * The typed errors of gvl-spark: a bad read or write option, a failed distributed write, a dataset on object storage
 * that is not committed or cannot be transferred, a Spark or Java version gvl
 * does not support. They sit below the data source's internals, which throw them, and below
 * {@code io.gvl.spark.GvlSpark} and {@code io.gvl.spark.GvlDataSource}, which let them reach the application.
 */
package io.gvl.spark.errors;
