package io.gvl.dataset.memory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the off-heap bytes that one owner (an open dataset, a data loader) has handed out and not yet got back, so
 * that memory is bounded by an optional limit and anything never returned is reported when the owner closes.
 * Off-heap memory is invisible to the garbage collector's accounting, so without this a forgotten output is found
 * only when the machine runs out.
 *
 * <p>Budgets form a tree: a {@link #child(String) child}'s charges count against every ancestor too, so a loader's
 * buffers count against the budget of the dataset it reads. Each allocation is one {@link Charge}; closing it gives
 * the bytes back. With the system property {@value #DEBUG_PROPERTY}{@code =true}, each charge records where it was
 * made and {@link #leakReport()} prints those places.
 *
 * <p>Thread-safe: charges are made and closed from any thread.
 */
public final class MemoryBudget {
    /** The system property that turns on allocation sites in leak reports (and, in loaders, memory poisoning). */
    public static final String DEBUG_PROPERTY = "gvl.debugMemory";
    /** Frames of an allocation site a leak report shows. */
    private static final int SITE_FRAMES = 12;

    private final String name;
    private final MemoryBudget parent;
    private final AtomicLong used = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();
    private volatile long limit = Long.MAX_VALUE;
    private final Set<Charge> live = ConcurrentHashMap.newKeySet();
    private final List<MemoryBudget> children = new CopyOnWriteArrayList<>();

    /**
     * A root budget with no limit.
     *
     * @param name what owns it, e.g. the dataset directory; used in messages
     */
    public MemoryBudget(String name) {
        this(name, null);
    }

    private MemoryBudget(String name, MemoryBudget parent) {
        this.name = name;
        this.parent = parent;
    }

    /**
     * Whether debug mode is on ({@value #DEBUG_PROPERTY}{@code =true}): charges record their allocation site.
     * Read at each call, so tests can switch it.
     *
     * @return {@code true} in debug mode
     */
    public static boolean debugEnabled() {
        return Boolean.getBoolean(DEBUG_PROPERTY);
    }

    /**
     * A budget whose charges also count against this one (and its ancestors). Detach it with {@link #detach()}
     * when its owner closes.
     *
     * @param childName what owns the child, e.g. {@code DataLoader}
     * @return the child, with no limit of its own
     */
    public MemoryBudget child(String childName) {
        MemoryBudget c = new MemoryBudget(name + "/" + childName, this);
        children.add(c);
        return c;
    }

    /** Removes this budget from its parent's list of children; its open charges still count until closed. */
    public void detach() {
        if (parent != null) {
            parent.children.remove(this);
        }
    }

    /**
     * The budget's name, with its ancestors' names before it.
     *
     * @return e.g. {@code dataset /data/ds.gvl/DataLoader}
     */
    public String name() {
        return name;
    }

    /**
     * The cap on {@link #used()}, or {@link Long#MAX_VALUE} for none.
     *
     * @return the limit in bytes
     */
    public long limit() {
        return limit;
    }

    /**
     * Sets the cap; charges that would exceed it fail with {@link MemoryLimitException}. Bytes already charged
     * are not affected.
     *
     * @param bytes the limit in bytes, {@code > 0}; {@link Long#MAX_VALUE} for none
     * @throws IllegalArgumentException if {@code bytes <= 0}
     */
    public void setLimit(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("a memory limit must be positive, got " + bytes);
        }
        this.limit = bytes;
    }

    /**
     * Bytes charged and not yet returned, this budget's own and its children's.
     *
     * @return the bytes in use
     */
    public long used() {
        return used.get();
    }

    /**
     * The most bytes ever in use at once.
     *
     * @return the peak in bytes
     */
    public long peak() {
        return peak.get();
    }

    /**
     * Open charges made directly on this budget (not its children's).
     *
     * @return the number of open charges
     */
    public int outstanding() {
        return live.size();
    }

    /**
     * Charges {@code bytes} to this budget and its ancestors.
     *
     * @param bytes the size of the allocation, {@code >= 0}
     * @param what what the bytes are for, e.g. {@code query of 64 instances}; used in leak reports
     * @return the charge, which gives the bytes back when closed
     * @throws MemoryLimitException if this budget or an ancestor would exceed its limit; nothing is charged then
     */
    public Charge charge(long bytes, String what) {
        if (bytes < 0) {
            throw new IllegalArgumentException("cannot charge a negative size: " + bytes);
        }
        reserve(bytes, what);
        Charge c = new Charge(this, bytes, what, debugEnabled() ? new Throwable("allocated here") : null);
        live.add(c);
        return c;
    }

    private void reserve(long bytes, String what) {
        long now = used.addAndGet(bytes);
        if (now > limit) {
            used.addAndGet(-bytes);
            throw new MemoryLimitException("memory budget '" + name + "' refused " + bytes + " bytes for " + what
                    + ": " + (now - bytes) + " bytes are in use and the limit is " + limit + "; raise the limit, lower"
                    + " the batch size or buffer, or close outputs and batches sooner");
        }
        peak.accumulateAndGet(now, Math::max);
        if (parent != null) {
            try {
                parent.reserve(bytes, what);
            } catch (MemoryLimitException e) {
                used.addAndGet(-bytes);
                throw e;
            }
        }
    }

    private void unreserve(long bytes) {
        for (MemoryBudget b = this; b != null; b = b.parent) {
            b.used.addAndGet(-bytes);
        }
    }

    /**
     * What is still charged, or empty when nothing is: counts and bytes, the open charges of this budget and of its
     * children, and in debug mode where each was allocated. Owners log it at WARN when they close.
     *
     * @return the report, or empty when {@link #used()} is 0
     */
    public Optional<String> leakReport() {
        if (used() == 0 && live.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder sb = new StringBuilder();
        appendTo(sb, "");
        if (!debugEnabled()) {
            sb.append("(run with -D").append(DEBUG_PROPERTY).append("=true to see where each was allocated)");
        }
        return Optional.of(sb.toString().strip());
    }

    private void appendTo(StringBuilder sb, String indent) {
        List<Charge> open = new ArrayList<>(live);
        long direct = open.stream().mapToLong(Charge::bytes).sum();
        sb.append(indent).append("memory budget '").append(name).append("': ").append(used()).append(" bytes in use (")
                .append(open.size()).append(" open allocations, ").append(direct).append(" bytes; peak ").append(peak())
                .append(")\n");
        for (Charge c : open) {
            sb.append(indent).append("  ").append(c.bytes).append(" bytes: ").append(c.what).append('\n');
            if (c.site != null) {
                sb.append(siteLines(c.site, indent + "      "));
            }
        }
        for (MemoryBudget child : children) {
            if (child.used() != 0 || !child.live.isEmpty()) {
                child.appendTo(sb, indent + "  ");
            }
        }
    }

    /**
     * The first frames of a debug-mode allocation site, one {@code at} line each, as every leak report prints them.
     *
     * @param site   the throwable captured where the memory was allocated
     * @param indent put before each line
     * @return the lines, each ending in a newline
     */
    public static String siteLines(Throwable site, String indent) {
        StringBuilder sb = new StringBuilder();
        Arrays.stream(site.getStackTrace()).limit(SITE_FRAMES).forEach(f -> sb.append(indent).append("at ").append(f)
                .append('\n'));
        return sb.toString();
    }

    @Override
    public String toString() {
        return "MemoryBudget[" + name + ", used " + used() + ", peak " + peak()
                + (limit == Long.MAX_VALUE ? "" : ", limit " + limit) + "]";
    }

    /** One allocation's share of a budget; closing it (once; later calls do nothing) returns the bytes. */
    public static final class Charge implements AutoCloseable {
        private final MemoryBudget budget;
        private final long bytes;
        private final String what;
        private final Throwable site;
        private final AtomicBoolean closed = new AtomicBoolean();

        private Charge(MemoryBudget budget, long bytes, String what, Throwable site) {
            this.budget = budget;
            this.bytes = bytes;
            this.what = what;
            this.site = site;
        }

        /**
         * The charged size.
         *
         * @return bytes
         */
        public long bytes() {
            return bytes;
        }

        /**
         * What the bytes are for.
         *
         * @return the description given to {@link MemoryBudget#charge}
         */
        public String what() {
            return what;
        }

        /**
         * Where the charge was made, recorded in debug mode only.
         *
         * @return the allocation site, or empty outside debug mode
         */
        public Optional<Throwable> site() {
            return Optional.ofNullable(site);
        }

        /**
         * Whether the bytes are still charged.
         *
         * @return {@code true} until closed
         */
        public boolean isOpen() {
            return !closed.get();
        }

        /** Returns the bytes to the budget and its ancestors. */
        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                budget.live.remove(this);
                budget.unreserve(bytes);
            }
        }
    }
}
