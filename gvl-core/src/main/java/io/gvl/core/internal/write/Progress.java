package io.gvl.core.internal.write;

import io.gvl.core.write.WriteProgress;

/** Counts bytes written over all stages and forwards per-stage region counts to the user's callback. */
final class Progress {
    private final WriteProgress callback;
    private long bytes;

    Progress(WriteProgress callback) {
        this.callback = callback;
    }

    void addBytes(long n) {
        bytes += n;
    }

    long bytes() {
        return bytes;
    }

    void report(WriteProgress.Stage stage, long done, long total) {
        callback.report(stage, done, total, bytes);
    }
}
