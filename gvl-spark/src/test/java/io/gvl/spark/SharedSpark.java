package io.gvl.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The one Spark session every test class of this module uses, so its start-up (most of a Spark test's time) is
 * paid once per test JVM. {@code local[2,4]}: two task threads, and up to four attempts per task, so a task that
 * fails once is retried as on a cluster (plain {@code local[2]} never retries). Bound to 127.0.0.1 with the UI
 * off; Spark's own shutdown hook stops it when the JVM exits.
 */
final class SharedSpark {
    private static SparkSession session;

    private SharedSpark() {
    }

    static synchronized SparkSession session() {
        if (session == null) {
            session = SparkSession.builder().master("local[2,4]").appName("gvl-spark-test")
                    .config("spark.ui.enabled", "false")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.sql.shuffle.partitions", "2")
                    .getOrCreate();
        }
        return session;
    }
}
