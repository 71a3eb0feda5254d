package io.gvl.write.spec;

import io.gvl.core.kernel.RowParallelism;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Tracks to add to an existing dataset with {@link io.gvl.write.Gvl#update}. Build with {@link #builder()}.
 *
 * @param tracks      per-sample tracks ({@link BigWigs}, {@link Hdf5Track} or {@link TableTrack}); each must list
 * exactly the dataset's
 *                    samples
 * @param annotations sample-independent tracks
 * @param overwrite   replace tracks of the same name
 * @param maxMem      soft memory budget in bytes
 * @param threads     worker threads for region chunks (1 = serial; results are identical)
 * @param progress    progress callback; an exception it throws aborts the update and leaves the dataset as it was
 */
public record UpdateOptions(List<SampleTrack> tracks, List<AnnotationTrack> annotations, boolean overwrite, long maxMem,
                            int threads, WriteProgress progress) {

    /**
     * Copies the lists and checks the budget and thread count.
     *
     * @throws WriteException if {@code maxMem} or {@code threads} is not positive
     */
    public UpdateOptions {
        tracks = List.copyOf(tracks);
        annotations = List.copyOf(annotations);
        Objects.requireNonNull(progress, "progress");
        if (maxMem <= 0 || threads < 1) {
            throw new WriteException("max memory " + maxMem + " and threads " + threads + " must be positive.",
                    "give a budget such as 4g and at least one thread.");
        }
    }

    /**
     * A builder with the defaults below.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Mutable builder: no overwrite, 4 GiB. */
    public static final class Builder {
        private final List<SampleTrack> tracks = new ArrayList<>();
        private final List<AnnotationTrack> annotations = new ArrayList<>();
        private boolean overwrite;
        private long maxMem = WriteOptions.DEFAULT_MAX_MEM;
        private int threads = RowParallelism.threads();
        private WriteProgress progress = WriteProgress.NONE;

        private Builder() {
        }

        /**
         * Adds a per-sample track.
         *
         * @param t the track
         * @return this builder
         */
        public Builder track(SampleTrack t) {
            tracks.add(t);
            return this;
        }

        /**
         * Adds a sample-independent track.
         *
         * @param t the track
         * @return this builder
         */
        public Builder annotation(AnnotationTrack t) {
            annotations.add(t);
            return this;
        }

        /**
         * Whether tracks of the same name may be replaced (default false).
         *
         * @param o {@code true} to replace
         * @return this builder
         */
        public Builder overwrite(boolean o) {
            this.overwrite = o;
            return this;
        }

        /**
         * The soft memory budget (default 4 GiB).
         *
         * @param bytes the budget in bytes, {@code > 0}
         * @return this builder
         */
        public Builder maxMem(long bytes) {
            this.maxMem = bytes;
            return this;
        }

        /**
         * Worker threads for region chunks (default {@link RowParallelism#threads()}).
         *
         * @param n threads, {@code >= 1}
         * @return this builder
         */
        public Builder threads(int n) {
            this.threads = n;
            return this;
        }

        /**
         * A progress callback (default none).
         *
         * @param p the callback
         * @return this builder
         */
        public Builder progress(WriteProgress p) {
            this.progress = p;
            return this;
        }

        /**
         * The options, checked.
         *
         * @return the options
         * @throws WriteException if an option is invalid
         */
        public UpdateOptions build() {
            return new UpdateOptions(tracks, annotations, overwrite, maxMem, threads, progress);
        }
    }
}
