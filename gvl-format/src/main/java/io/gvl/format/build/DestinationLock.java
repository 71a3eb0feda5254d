package io.gvl.format.build;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The right to write one destination: a permit per destination inside this JVM plus an OS lock on the sibling
 * {@code <name>.lock} across processes. A permit rather than a thread-owned lock, because a write plan takes it on
 * one thread and may merge (and so release it) on another. A writer that has to wait says so once in the log.
 */
final class DestinationLock {
    private static final Logger LOG = LoggerFactory.getLogger(DestinationLock.class);
    private static final ConcurrentHashMap<Path, Semaphore> PERMITS = new ConcurrentHashMap<>();

    private final Semaphore permit;
    private final FileChannel channel;
    private final FileLock lock;
    private final AtomicBoolean released = new AtomicBoolean();

    private DestinationLock(Semaphore permit, FileChannel channel, FileLock lock) {
        this.permit = permit;
        this.channel = channel;
        this.lock = lock;
    }

    /** Waits for and takes the destination {@code target} (absolute, normalized); its parent must exist. */
    static DestinationLock acquire(Path target) throws IOException {
        Semaphore permit = PERMITS.computeIfAbsent(target, k -> new Semaphore(1, true));
        if (!permit.tryAcquire()) {
            LOG.info("waiting for {}: another write of it in this process (a write or an open write plan) holds it",
                    target);
            permit.acquireUninterruptibly();
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(target.resolveSibling(target.getFileName() + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                LOG.info("waiting for {}: another process is writing it", target);
                lock = channel.lock();
            }
            return new DestinationLock(permit, channel, lock);
        } catch (IOException | RuntimeException | Error e) {
            if (channel != null) {
                channel.close();
            }
            permit.release();
            throw e;
        }
    }

    /** Writers of {@code target} in this JVM waiting for it (tests). */
    static int waiting(Path target) {
        Semaphore permit = PERMITS.get(target);
        return permit == null ? 0 : permit.getQueueLength();
    }

    /** Gives the destination up; harmless when already released. */
    void release() {
        if (!released.compareAndSet(false, true)) {
            return;
        }
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            LOG.warn("cannot release the lock file of a destination: {}", e.toString());
        } finally {
            permit.release();
        }
    }
}
