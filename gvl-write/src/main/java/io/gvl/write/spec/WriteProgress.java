package io.gvl.write.spec;

/**
 * Receives progress of a write or update. Called on the writing thread after every finished chunk of regions, in
 * order, so {@code done} never decreases within a stage. Implementations must be cheap; they must not throw.
 */
@FunctionalInterface
public interface WriteProgress {
    /** Ignores every report. */
    WriteProgress NONE = (stage, done, total, bytes) -> { };

    /** What is being written. */
    enum Stage {
        /** {@code genotypes/}: sparse variant lists per (region, sample, ploid). */
        GENOTYPES,
        /** {@code intervals/<name>/}: a per-sample track. */
        TRACK,
        /** {@code annot_intervals/<name>/}: an annotation track. */
        ANNOTATION
    }

    /**
     * Reports the progress of one stage after a chunk of regions is finished.
     *
     * @param stage        the part being written
     * @param regionsDone  regions of this stage written so far
     * @param regionsTotal regions of this stage
     * @param bytesWritten bytes written to the dataset so far, over all stages
     */
    void report(Stage stage, long regionsDone, long regionsTotal, long bytesWritten);
}
