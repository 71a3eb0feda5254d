package io.gvl.spark;

import io.gvl.write.spec.WriteOptions;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/**
 * Child-JVM side of {@link SparkWriteKillTest}: {@code GvlSpark.write} of {@code args[0]} from the BED
 * {@code args[1]} and the VCF {@code args[2]}, in blocks of 4 regions and 8 samples, on a local Spark session of
 * two task threads; {@code args[3] = overwrite} replaces an existing dataset.
 */
final class SparkWriteMain {
    private SparkWriteMain() {
    }

    public static void main(String[] args) {
        SparkSession spark = SparkSession.builder().master("local[2,4]").appName("gvl-spark-kill")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.driver.host", "127.0.0.1")
                .getOrCreate();
        try {
            WriteOptions o = WriteOptions.builder(Path.of(args[1])).variants(Path.of(args[2]))
                    .overwrite(args.length > 3 && args[3].equals("overwrite")).build();
            GvlSpark.write(spark, Path.of(args[0]), o, 4, 8);
        } finally {
            spark.stop();
        }
    }
}
