package io.gvl.write.internal;

import io.gvl.write.spec.WriteProgress;

/**
 * Counts bytes written over all stages and forwards per-stage region counts to the user's callback; parts written
 * in parallel share one.
 */
final class Progress {
    private final WriteProgress callback;
    private long bytes;

    Progress(WriteProgress callback) {
        this.callback = callback;
    }

    synchronized void addBytes(long n) {
        bytes += n;
    }

    synchronized long bytes() {
        return bytes;
    }

    synchronized void report(WriteProgress.Stage stage, long done, long total) {
        callback.report(stage, done, total, bytes);
    }
}
