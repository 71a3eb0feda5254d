package io.gvl.dataloader.internal;

import io.gvl.core.buffer.FlatArray;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One reference to a {@link RefCountedMemory} region (a {@link Slot}, or one query output), held by a batch or a view of it, together with the array views it hands out.
 * Closing it closes those views (so touching them throws) and drops the reference; the slot is reused only when
 * every lease on it is closed. It never refers to the batch or view that owns it, so an unreachable batch can be
 * released by a cleaner.
 */
public final class Lease implements Runnable {
    private final RefCountedMemory slot;
    private final List<FlatArray> views;
    private final String what;
    private final Throwable site;
    private final LoaderMemory memory;
    private final AtomicBoolean closed = new AtomicBoolean();

    public Lease(RefCountedMemory slot, List<FlatArray> views, String what, LoaderMemory memory) {
        this.slot = slot;
        this.views = views;
        this.what = what;
        this.memory = memory;
        this.site = memory.debug() ? new Throwable("allocated here") : null;
        memory.opened(this);
    }

    public String what() {
        return what;
    }

    /** The allocation site, in debug mode only. */
    public Throwable site() {
        return site;
    }

    /** Bytes of the views this lease hands out. */
    public long bytes() {
        long sum = 0;
        for (FlatArray v : views) {
            sum += v.isOpen() ? v.byteSize() : 0;
        }
        return sum;
    }

    /** Whether the views belong to the loader's slots (reclaimed at loader close) rather than to the batch. */
    public boolean loaderOwned() {
        return slot.loaderOwned();
    }

    public boolean isOpen() {
        return !closed.get();
    }

    /** Another lease on the same slot, over {@code moreViews}. */
    public Lease share(List<FlatArray> moreViews, String description) {
        if (!isOpen()) {
            throw new IllegalStateException(what + " is closed");
        }
        slot.retain();
        return new Lease(slot, moreViews, description, memory);
    }

    public void close() {
        if (closed.compareAndSet(false, true)) {
            for (FlatArray v : views) {
                v.close();
            }
            memory.closed(this);
            slot.release();
        }
    }

    /** The cleaner's action for a batch or view that became unreachable while open. */
    @Override
    public void run() {
        if (isOpen()) {
            LeakLog.unreachable(this);
            close();
        }
    }
}
