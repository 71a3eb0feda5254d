package io.gvl.format.internal.runs;

import java.io.IOException;

/** A joined slot sequence, emitted as runs of consecutive source slots in destination order. */
public interface RunSource {
    /**
     * Emits every run in destination order.
     *
     * @param sink the receiver
     * @throws IOException if the sink fails
     */
    void forEach(SlotRuns.Sink sink) throws IOException;
}
