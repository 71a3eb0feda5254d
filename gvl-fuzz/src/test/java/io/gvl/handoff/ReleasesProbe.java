package io.gvl.handoff;

import java.io.ByteArrayInputStream;
import java.time.Duration;

/**
 * Feeds bytes to the producer's reader of consumer release lines (the fuzz target's way in to the package-private
 * {@link Releases}) and drains it: every line must become a release of a valid slot or a typed error, and the end of
 * the bytes must be reported as the end of the stream, never as silence.
 */
public final class ReleasesProbe {
    private static final int SLOTS = 4;

    private ReleasesProbe() {
    }

    /**
     * Reads every release in {@code bytes}.
     *
     * @param bytes what a consumer sent
     * @return the number of releases read
     * @throws InterruptedException if interrupted
     */
    public static int drain(byte[] bytes) throws InterruptedException {
        Releases r = new Releases(new ByteArrayInputStream(bytes), SLOTS);
        int released = 0;
        while (true) {
            try {
                int slot = r.next(Duration.ofSeconds(10), "fuzzing");
                if (slot < 0 || slot >= SLOTS) {
                    throw new AssertionError("released slot " + slot + " of " + SLOTS);
                }
                released++;
            } catch (HandoffException e) {
                // A bad line's message quotes the line, so match where each message starts.
                if (e.getMessage().startsWith("the consumer closed its release stream")) {
                    return released;
                }
                if (e.getMessage().startsWith("no release from the consumer within")) {
                    throw new AssertionError("the release reader went silent instead of ending: " + e.getMessage());
                }
            }
        }
    }
}
