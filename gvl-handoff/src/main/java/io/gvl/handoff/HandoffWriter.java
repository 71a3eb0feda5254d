package io.gvl.handoff;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.core.buffer.NamedArray;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.BatchSource;
import io.gvl.dataloader.DataLoader;
import io.gvl.handoff.internal.EpochPlan;
import io.gvl.handoff.internal.SlotAllocator;
import io.gvl.handoff.internal.SlotLayout;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The writer side of the cross-process hand-off (protocol in {@code docs/handoff.md}): each batch is copied into the
 * next slot of a {@link SlotRing} once the consumer has released it, and announced by one JSON line on the
 * descriptor stream naming the slot, every array's dtype, shape and byte offsets, and a CRC32 of each buffer. The
 * consumer maps the slot file, reads the arrays in place, and answers {@code {"type":"release","slot":k}} on the
 * release stream when it no longer needs them. Slots are reused round-robin among the free ones, so the consumer
 * may hold up to {@code N - 1} batches, in any order, while the writer fills the last one.
 *
 * <p>A consumer that stops answering cannot hang the writer: waiting for a release ends after the release timeout
 * with a {@link HandoffException}, as does a release stream closed while a slot is still in use. Not thread-safe:
 * one thread writes. The first line sent is {@code {"type":"hello","protocol":1,"dir":...,"slots":N}}.
 */
public final class HandoffWriter {
    /** The protocol version in the {@code hello} line; a reader refuses versions it does not know. */
    public static final int PROTOCOL = 1;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Room for the 64-byte alignment of each output beyond the exact sizes a source announces. */
    private static final long SLACK = 64L << 10;

    private final SlotRing ring;
    private final OutputStream descriptors;
    private final Releases releases;
    private final Duration timeout;
    private final boolean[] free;
    private final boolean checksums;
    /** Per slot, the size a produced batch was seen to need beyond its announced bytes (0 until one overflows). */
    private final long[] demand;
    private int next;
    private boolean greeted;

    /**
     * Creates a writer over {@code ring}; every slot starts free.
     *
     * @param ring the slots; the caller closes it after the writer is done
     * @param descriptors where descriptor lines go (e.g. {@code System.out} of a child process); flushed per line
     * @param releases where release lines come from (e.g. {@code System.in}); read on a daemon thread
     * @param releaseTimeout how long to wait for the consumer to release a slot before failing
     */
    public HandoffWriter(SlotRing ring, OutputStream descriptors, InputStream releases, Duration releaseTimeout) {
        this(ring, descriptors, releases, releaseTimeout, true);
    }

    /**
     * Creates a writer over {@code ring}, with or without the CRC32 of every buffer in the descriptors.
     *
     * @param ring the slots; the caller closes it after the writer is done
     * @param descriptors where descriptor lines go (e.g. {@code System.out} of a child process); flushed per line
     * @param releases where release lines come from (e.g. {@code System.in}); read on a daemon thread
     * @param releaseTimeout how long to wait for the consumer to release a slot before failing
     * @param checksums whether each descriptor carries {@code data_crc32} / {@code offsets_crc32} (one more pass
     *     over every byte; a checked mode for tests and debugging)
     */
    public HandoffWriter(SlotRing ring, OutputStream descriptors, InputStream releases, Duration releaseTimeout,
            boolean checksums) {
        this.checksums = checksums;
        this.ring = ring;
        this.descriptors = descriptors;
        this.releases = new Releases(releases, ring.count());
        this.timeout = releaseTimeout;
        this.free = new boolean[ring.count()];
        this.demand = new long[ring.count()];
        Arrays.fill(free, true);
    }

    /**
     * Copies {@code batch} into the next free slot (round-robin; waiting for a release when the consumer holds every
     * slot) and writes its descriptor.
     *
     * @param epoch the epoch the batch belongs to (0-based)
     * @param batch an open batch; it is not closed here
     * @return the slot written
     * @throws HandoffException if the consumer does not release the slot in time, closed its release stream, sent a
     *     bad line, or the slot cannot grow
     * @throws InterruptedException if the thread is interrupted while waiting for a release
     */
    public int write(long epoch, Batch batch) throws InterruptedException {
        int slot = takeSlot(epoch, batch.index());
        SlotLayout layout = new SlotLayout(batch.arrays());
        MemorySegment segment = ring.segment(slot, layout.bytes());
        announce(epoch, batch.index(), slot, segment, batch.regions(), batch.samples(),
                layout.write(segment, checksums));
        return slot;
    }

    /**
     * Produces the batch of instances {@code (regions[i], samples[i])} straight into the next free slot: the query
     * ({@link BatchSource#fetch(int[], int[], java.lang.foreign.Arena)}) allocates its outputs in the slot's
     * mapping, so the kernels write the memory the consumer reads and no copy is made. The slot is grown first to
     * the batch's exact size ({@link BatchSource#instanceBytes}) plus alignment; outputs that still do not fit (a
     * source that allocates more than it announced) are copied into the slot instead, and the descriptor is the
     * same either way.
     *
     * @param epoch the epoch the batch belongs to (0-based)
     * @param index the batch's index in its epoch
     * @param source what produces the arrays, e.g. a {@link io.gvl.dataloader.DatasetSource} over a view
     * @param regions region index of each instance
     * @param samples sample index of each instance, the same length as {@code regions}
     * @return the slot written
     * @throws HandoffException as {@link #write}
     * @throws InterruptedException if the thread is interrupted while waiting for a release
     */
    public int produce(long epoch, long index, BatchSource source, int[] regions, int[] samples)
            throws InterruptedException {
        int slot = takeSlot(epoch, index);
        long need = SLACK;
        for (int i = 0; i < regions.length; i++) {
            need += source.instanceBytes(regions[i], samples[i]);
        }
        MemorySegment segment = ring.segment(slot, Math.max(need, demand[slot]));
        List<Map<String, Object>> arrays;
        try (SlotAllocator arena = new SlotAllocator(segment)) {
            List<NamedArray> out = source.fetch(regions, samples, arena);
            arrays = arena.overflowed() ? null : SlotLayout.inPlace(segment, out, checksums);
            if (arrays == null) {
                // Rare: copy the outputs aside, then lay them out in a slot grown to fit (the next batches fit).
                demand[slot] = Math.max(demand[slot], arena.demand() + SLACK);
                try (Arena aside = Arena.ofShared()) {
                    List<NamedArray> copies = SlotLayout.copies(out, aside);
                    SlotLayout layout = new SlotLayout(copies);
                    segment = ring.segment(slot, layout.bytes());
                    arrays = layout.write(segment, checksums);
                }
            }
        }
        announce(epoch, index, slot, segment, regions, samples, arrays);
        return slot;
    }

    /** A free slot in round-robin order, waiting for a release while the consumer holds every slot. */
    private int takeSlot(long epoch, long index) throws InterruptedException {
        int slot = freeSlot();
        while (slot < 0) {
            int released = releases.next(timeout, "waiting for a free slot (all " + free.length + " in "
                    + ring.directory() + " are held) before batch " + index + " of epoch " + epoch);
            free[released] = true;
            slot = released;
        }
        return slot;
    }

    /** Marks {@code slot} in use and sends its batch descriptor. */
    private void announce(long epoch, long index, int slot, MemorySegment segment, int[] regions, int[] samples,
            List<Map<String, Object>> arrays) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("type", "batch");
        d.put("epoch", epoch);
        d.put("index", index);
        d.put("slot", slot);
        d.put("file", SlotRing.fileName(slot));
        d.put("file_bytes", segment.byteSize());
        d.put("instances", regions.length);
        d.put("regions", regions);
        d.put("samples", samples);
        d.put("arrays", arrays);
        free[slot] = false;
        next = (slot + 1) % ring.count();
        send(d);
    }

    /** The first free slot in round-robin order from {@code next}, after taking the releases already sent. */
    private int freeSlot() {
        releases.drain(free);
        for (int k = 0; k < free.length; k++) {
            int slot = (next + k) % free.length;
            if (free[slot]) {
                return slot;
            }
        }
        return -1;
    }

    /**
     * Announces the end of an epoch.
     *
     * @param epoch the epoch that ended
     * @param batches how many batches it had
     */
    public void endEpoch(long epoch, long batches) {
        send(Map.of("type", "epoch_end", "epoch", epoch, "batches", batches));
    }

    /** Announces that no more batches follow; the consumer then stops reading. */
    public void done() {
        send(Map.of("type", "done"));
    }

    /**
     * Announces a failure; the consumer raises it with this message.
     *
     * @param message what failed
     */
    public void fail(String message) {
        send(Map.of("type", "error", "message", message));
    }

    /**
     * Streams {@code epochs} epochs of {@code loader}: every batch, an {@code epoch_end} after each epoch, then
     * {@code done}, and waits for the last releases ({@link #awaitReleases()}). Each batch is closed once copied. On failure an {@code error} line is sent before rethrowing.
     *
     * @param loader the loader; not closed here
     * @param epochs how many epochs, {@code >= 1}
     * @return the number of batches written
     * @throws HandoffException if the consumer stops releasing slots (see {@link #write})
     * @throws InterruptedException if interrupted while waiting for a release
     */
    public long run(DataLoader loader, int epochs) throws InterruptedException {
        long total = 0;
        try {
            for (long e = 0; e < epochs; e++) {
                long n = 0;
                for (Batch b : loader) {
                    try (b) {
                        write(e, b);
                    }
                    n++;
                }
                endEpoch(e, n);
                total += n;
            }
            done();
            awaitReleases();
            return total;
        } catch (RuntimeException | InterruptedException ex) {
            try {
                fail(String.valueOf(ex.getMessage()));
            } catch (UncheckedIOException ignored) {
                // The consumer is gone; the original error says why.
            }
            throw ex;
        }
    }

    /**
     * Streams {@code epochs} epochs of {@code source} produced straight into the slots ({@link #produce}): every
     * instance of the {@code regions x samples} grid once per epoch, in C order or shuffled with {@code seed} (a new
     * order each epoch), {@code batchSize} per batch with a shorter last batch; an {@code epoch_end} after each epoch,
     * then {@code done}, and waits for the last releases. On failure an {@code error} line is sent before rethrowing.
     *
     * @param source what produces the arrays, e.g. {@code new DatasetSource(view)}
     * @param batchSize instances per batch, {@code >= 1}
     * @param shuffle whether to shuffle each epoch
     * @param seed the shuffle's seed
     * @param epochs how many epochs, {@code >= 1}
     * @return the number of batches written
     * @throws HandoffException if the consumer stops releasing slots (see {@link #write})
     * @throws InterruptedException if interrupted while waiting for a release
     */
    public long run(BatchSource source, int batchSize, boolean shuffle, long seed, int epochs)
            throws InterruptedException {
        return run(source, batchSize, shuffle, seed, epochs, Shard.ALL);
    }

    /**
     * As {@link #run(BatchSource, int, boolean, long, int)}, sending only the batches of {@code shard}: batch
     * {@code b} of each epoch (of the full epoch order, the same in every shard) when {@code shard.owns(b)}. Each
     * batch keeps its index in the full epoch, and {@code epoch_end} counts the batches this shard sent.
     *
     * @param source what produces the arrays
     * @param batchSize instances per batch, {@code >= 1}
     * @param shuffle whether to shuffle each epoch
     * @param seed the shuffle's seed, the same in every shard
     * @param epochs how many epochs, {@code >= 1}
     * @param shard which batches to send
     * @return the number of batches written
     * @throws HandoffException if the consumer stops releasing slots (see {@link #write})
     * @throws InterruptedException if interrupted while waiting for a release
     */
    public long run(BatchSource source, int batchSize, boolean shuffle, long seed, int epochs, Shard shard)
            throws InterruptedException {
        long total = 0;
        try {
            for (long e = 0; e < epochs; e++) {
                EpochPlan plan = new EpochPlan(source.regions(), source.samples(), batchSize, shuffle, seed, e);
                for (int b = shard.index(); b < plan.batches(); b += shard.count()) {
                    produce(e, b, source, plan.regions(b), plan.samples(b));
                }
                long sent = shard.batchesOf(plan.batches());
                endEpoch(e, sent);
                total += sent;
            }
            done();
            awaitReleases();
            return total;
        } catch (RuntimeException | InterruptedException ex) {
            try {
                fail(String.valueOf(ex.getMessage()));
            } catch (UncheckedIOException ignored) {
                // The consumer is gone; the original error says why.
            }
            throw ex;
        }
    }

    /**
     * Waits until the consumer has released every slot, or closed its release stream: after this the slot files
     * may be deleted without racing a consumer that has yet to map the last batch.
     *
     * @throws HandoffException if a slot is still held when the release timeout ends
     * @throws InterruptedException if interrupted while waiting
     */
    public void awaitReleases() throws InterruptedException {
        releases.drain(free);
        for (int slot = 0; slot < free.length; slot++) {
            while (!free[slot] && !releases.ended()) {
                try {
                    free[releases.next(timeout, "waiting for the release of slot " + slot + " after the last batch")]
                            = true;
                } catch (HandoffException e) {
                    if (!releases.ended()) {
                        throw e;
                    }
                }
            }
        }
    }

    private void send(Map<String, ?> message) {
        if (!greeted) {
            greeted = true;
            send(Map.of("type", "hello", "protocol", PROTOCOL, "dir", ring.directory().toAbsolutePath().toString(),
                    "slots", ring.count()));
        }
        try {
            byte[] line = JSON.writeValueAsBytes(message);
            descriptors.write(line);
            descriptors.write('\n');
            descriptors.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a descriptor line (the consumer closed its end?)", e);
        }
    }
}
