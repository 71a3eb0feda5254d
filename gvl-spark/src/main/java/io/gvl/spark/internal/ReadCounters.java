package io.gvl.spark.internal;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How often readers in this JVM ran each kind of gvl work. Column pruning is only worth something if a query that
 * asks for no sequence or track column never runs those kernels; tests read these counts to prove it.
 */
public final class ReadCounters {
    /** Dataset queries that reconstructed sequences. */
    public static final AtomicLong SEQUENCE_QUERIES = new AtomicLong();
    /** Dataset queries that computed tracks. */
    public static final AtomicLong TRACK_QUERIES = new AtomicLong();
    /** Batches whose variant columns were read from the genotype arrays. */
    public static final AtomicLong VARIANT_READS = new AtomicLong();

    private ReadCounters() {
    }
}
