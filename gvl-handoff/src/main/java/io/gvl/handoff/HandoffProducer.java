package io.gvl.handoff;

import io.gvl.dataloader.DataLoader;
import io.gvl.dataloader.DatasetSource;
import io.gvl.dataloader.Mode;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.settings.OutputLength;
import java.io.BufferedOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * One hand-off run from options to the last release: opens the dataset and its view, creates the slot ring, reaches
 * the consumer (the given streams, or the one consumer that connects to {@code --listen}), sends every epoch and
 * cleans up. The slot files are deleted at the end, also when the process is stopped with SIGTERM (a shutdown hook
 * held for the run); the dataset and the socket are closed.
 */
public final class HandoffProducer {
    private HandoffProducer() {
    }

    /**
     * Runs the hand-off described by {@code o}.
     *
     * @param o what to send and where
     * @param out the descriptor stream when {@code o.listen()} is empty (e.g. the process's standard output)
     * @param in the release stream when {@code o.listen()} is empty (e.g. the process's standard input)
     * @param notices where the one human-readable notice goes: that the producer waits for a consumer on its socket
     * @return the number of batches sent
     * @throws HandoffException if the consumer stops releasing, goes away, or never connects
     * @throws io.gvl.format.GvlException subclasses if the dataset cannot be opened or read
     * @throws InterruptedException if the thread is interrupted while waiting for the consumer
     */
    public static long run(HandoffOptions o, OutputStream out, InputStream in, PrintStream notices)
            throws InterruptedException {
        Dataset ds = o.reference().isPresent() ? Dataset.open(o.dataset(), o.reference().get())
                : Dataset.open(o.dataset());
        if (o.dir().getParent() != null && o.dir().getParent().equals(HandoffOptions.DEFAULT_PARENT)) {
            // Default slot directories of producers that were killed with their reader (nobody removed them).
            SlotRing.sweepStale(HandoffOptions.DEFAULT_PARENT, HandoffOptions.DEFAULT_PREFIX);
        }
        SlotRing ring;
        try {
            ring = SlotRing.create(o.dir(), o.slots(), o.slotBytes());
        } catch (RuntimeException e) {
            ds.close();
            throw e;
        }
        // A consumer that stops early terminates this process: the slot files must not outlive it. The hook stays
        // registered until the ring is closed (resources close before the finally block runs).
        Thread cleanup = new Thread(ring::deleteFiles, "gvl-handoff-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try (ds; ring) {
            return o.listen().isPresent() ? overSocket(o, view(ds, o), ring, notices)
                    : send(o, view(ds, o), ring, out, in);
        } finally {
            removeHook(cleanup);
        }
    }

    private static long overSocket(HandoffOptions o, Dataset view, SlotRing ring, PrintStream notices)
            throws InterruptedException {
        notices.println("gvl handoff: waiting for a consumer on " + o.listen().get() + " (up to "
                + o.acceptTimeout().toSeconds() + " s)");
        notices.flush();
        try (ConsumerSocket socket = ConsumerSocket.accept(o.listen().get(), o.acceptTimeout())) {
            return send(o, view, ring, socket.output(), socket.input());
        }
    }

    private static long send(HandoffOptions o, Dataset view, SlotRing ring, OutputStream out, InputStream in)
            throws InterruptedException {
        HandoffWriter w = new HandoffWriter(ring, new BufferedOutputStream(out, 1 << 16), in, o.releaseTimeout(),
                o.checksums());
        if (o.mode() == HandoffOptions.WriterMode.DIRECT) {
            return w.run(new DatasetSource(view), o.batchSize(), o.shuffle(), o.seed(), o.epochs(), o.shard());
        }
        try (DataLoader loader = DataLoader.builder(view).batchSize(o.batchSize()).shuffle(o.shuffle()).seed(o.seed())
                .mode(Mode.valueOf(o.mode().name())).copy(false).build()) {
            return w.run(loader, o.epochs());
        }
    }

    /** The view of {@code ds} the options ask for. */
    private static Dataset view(Dataset ds, HandoffOptions o) {
        Dataset view = ds.withSeqs(o.seqs());
        view = o.tracks().isEmpty() ? view.withoutTracks() : view.withTracks(o.tracks());
        if (o.parallel().isPresent()) {
            view = view.withSettings(s -> s.withParallel(o.parallel().get()));
        }
        if (o.length().isPresent()) {
            view = view.withLen(OutputLength.fixed(o.length().getAsInt()));
        }
        return view;
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down: the hook runs anyway.
        }
    }
}
