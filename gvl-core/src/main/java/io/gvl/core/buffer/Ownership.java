package io.gvl.core.buffer;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Who frees a buffer's memory, and the one place that turns "used after close" into a clear
 * {@link IllegalStateException}. A buffer either owns its arena (closes it once) or borrows memory whose
 * lifetime someone else controls (then closing the buffer only marks it closed).
 */
final class Ownership {
    private final Arena owned;
    private final MemorySegment witness;
    private final String what;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Ownership(Arena owned, MemorySegment witness, String what) {
        this.owned = owned;
        this.witness = witness;
        this.what = what;
    }

    static Ownership owning(Arena arena, MemorySegment witness, String what) {
        return new Ownership(arena, witness, what);
    }

    static Ownership borrowing(MemorySegment witness, String what) {
        return new Ownership(null, witness, what);
    }

    void ensureOpen() {
        if (closed.get()) {
            throw new IllegalStateException(what + " is closed; views taken from it must not be used after close()");
        }
        if (!witness.scope().isAlive()) {
            throw new IllegalStateException(what + " memory was freed: the Arena that owns it has been closed");
        }
    }

    boolean isOpen() {
        return !closed.get() && witness.scope().isAlive();
    }

    void close() {
        if (closed.compareAndSet(false, true) && owned != null) {
            owned.close();
        }
    }
}
