package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.handoff.ReleasesProbe;

/**
 * Fuzzes the bytes a hand-off producer reads from its consumer (JSON release lines over the socket or pipe): each
 * line is a release of a valid slot or a typed {@code HandoffException}, and the stream's end is always reported.
 */
class HandoffReleasesFuzzTest {
    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        ReleasesProbe.drain(data);
    }
}
