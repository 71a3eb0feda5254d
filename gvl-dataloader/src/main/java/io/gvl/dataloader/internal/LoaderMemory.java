package io.gvl.dataloader.internal;

import io.gvl.dataset.internal.memory.OutputFill;
import io.gvl.dataset.memory.MemoryBudget;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Everything one data loader knows about its off-heap memory: the budget its buffers are charged to, the leases
 * (batches and views) still open, whether debug mode poisons released memory, and counters that tests and the bench
 * read (arenas created, bytes copied). Arenas are created only through {@link #newArena()} so they can be counted.
 */
public final class LoaderMemory {
    /** The byte written over released slot memory in debug mode. */
    public static final byte POISON = (byte) 0xDB;

    private final MemoryBudget budget;
    private final boolean debug;
    private final Set<Lease> live = ConcurrentHashMap.newKeySet();
    private final AtomicLong arenas = new AtomicLong();
    private final AtomicLong copied = new AtomicLong();

    public LoaderMemory(MemoryBudget budget, boolean debug) {
        this.budget = budget;
        this.debug = debug;
    }

    public MemoryBudget budget() {
        return budget;
    }

    public boolean debug() {
        return debug;
    }

    /** A new shared arena (the only place a loader opens one), not zeroed ({@link OutputFill}). */
    public Arena newArena() {
        arenas.incrementAndGet();
        return OutputFill.newSharedArena();
    }

    public long arenasCreated() {
        return arenas.get();
    }

    public void addCopied(long bytes) {
        copied.addAndGet(bytes);
    }

    public long bytesCopied() {
        return copied.get();
    }

    void opened(Lease lease) {
        live.add(lease);
    }

    void closed(Lease lease) {
        live.remove(lease);
    }

    /** Leases still open, oldest first not guaranteed. */
    public List<Lease> openLeases() {
        return new ArrayList<>(live);
    }
}
