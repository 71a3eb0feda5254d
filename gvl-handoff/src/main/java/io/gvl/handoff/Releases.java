package io.gvl.handoff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The consumer's release messages, read on a daemon thread so the writer can wait for one with a timeout: a blocked
 * read of a pipe cannot be interrupted, and a consumer that died without closing its end must not hang the writer.
 */
final class Releases {
    /** What the reader thread found: a released slot, the end of the stream, or a bad line. */
    private sealed interface Event permits Released, Ended, Bad {
    }

    private record Released(int slot) implements Event {
    }

    private record Ended() implements Event {
    }

    private record Bad(String message) implements Event {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final int slots;
    private boolean ended;

    Releases(InputStream in, int slots) {
        this.slots = slots;
        Thread t = new Thread(() -> read(in), "gvl-handoff-releases");
        t.setDaemon(true);
        t.start();
    }

    private void read(InputStream in) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            long n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                if (!line.isBlank()) {
                    events.add(parse(line, n));
                }
            }
        } catch (IOException e) {
            events.add(new Bad("reading releases failed: " + e.getMessage()));
        }
        events.add(new Ended());
    }

    private Event parse(String line, long n) {
        try {
            JsonNode msg = JSON.readTree(line);
            JsonNode slot = msg.path("slot");
            if (msg.path("type").asText().equals("release") && slot.isIntegralNumber() && slot.canConvertToInt()) {
                int k = slot.asInt();
                if (k >= 0 && k < slots) {
                    return new Released(k);
                }
            }
        } catch (IOException e) {
            // reported below
        }
        String shown = line.length() > 200 ? line.substring(0, 200) + "... (" + line.length() + " characters)" : line;
        return new Bad("release line " + n + " is not {\"type\":\"release\",\"slot\":0.." + (slots - 1) + "}: "
                + shown);
    }

    /**
     * Waits for the next release.
     *
     * @return the released slot
     * @throws HandoffException on timeout, end of stream or a bad line; {@code waiting} says what was waited for
     */
    int next(Duration timeout, String waiting) throws InterruptedException {
        if (ended) {
            throw new HandoffException("the consumer closed its release stream while " + waiting
                    + "; it must send a release for every batch it reads before it exits");
        }
        Event e = events.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        return switch (e) {
            case null -> throw new HandoffException("no release from the consumer within " + timeout.toSeconds()
                    + " s while " + waiting + "; is it alive? (raise the release timeout for a slow consumer)");
            case Released r -> r.slot();
            case Ended x -> {
                ended = true;
                yield next(timeout, waiting);
            }
            case Bad b -> throw new HandoffException(b.message());
        };
    }

    /** Whether the consumer closed its release stream (seen by an earlier {@link #next}). */
    boolean ended() {
        return ended;
    }

    /**
     * Takes the releases that already arrived, without waiting.
     *
     * @param free marks each released slot as free
     */
    void drain(boolean[] free) {
        for (Event e; (e = events.peek()) instanceof Released r; ) {
            events.remove();
            free[r.slot()] = true;
        }
    }
}
