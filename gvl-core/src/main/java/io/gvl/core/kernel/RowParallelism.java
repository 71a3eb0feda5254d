package io.gvl.core.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one parallel gate for per-row kernels, as GVL 0.43 has it: split rows over helper threads only when
 * the output is large enough ({@code totalBytes >=} 1 MiB, an absolute floor that does not grow with the thread
 * count) to repay the hand-off. Rows write disjoint slices of pre-sized buffers, so serial and parallel runs give
 * identical bytes.
 *
 * <p>Precedence: a mode bound for the current call ({@link #withMode}, which a dataset view's {@code parallel}
 * setting binds around its queries) beats the process-wide switches, which beat the size gate. The process-wide
 * switches are the system property {@code gvl.parallel} ({@code always}, {@code never}; {@code auto} by default)
 * and then the environment variable {@code GVL_FORCE_PARALLEL} (truthy: {@code 1}, {@code true}, {@code yes},
 * {@code on}), both read on every call. {@code threads} comes from {@code GVL_NUM_THREADS} (default: available
 * processors); with one thread AUTO stays serial.
 *
 * <p>The helpers are a ForkJoin pool of gvl's own ({@code gvl-rows-N} threads, {@code threads - 1} of them), not the
 * common pool: the common pool's workers clear every {@code ThreadLocal} each time they go idle, so the kernels'
 * per-thread scratch (native buffers, realigners, interval chunks) was allocated and zeroed again on them for every
 * batch.
 */
public final class RowParallelism {
    /** Bytes of output below which AUTO keeps work on the calling thread. */
    public static final long MIN_PARALLEL_BYTES = 1L << 20;

    /** How the gate decides. */
    public enum Mode {
        /** Parallel only when the output reaches threads x 1 MiB (the default). */
        AUTO,
        /** Always parallel (tests compare its bytes with {@link #NEVER}). */
        ALWAYS,
        /** Always on the caller's thread. */
        NEVER
    }

    /** Work over a contiguous range of rows {@code [from, to)}. */
    @FunctionalInterface
    public interface RowRange {
        /**
         * Processes rows {@code [from, to)}; called once per range, in any order, possibly from a ForkJoin worker
         * thread.
         *
         * @param from first row, inclusive
         * @param to last row, exclusive
         */
        void run(long from, long to);
    }

    /** Grains each thread takes on average: enough that the last ones end close together. */
    private static final long GRAINS_PER_THREAD = 32;
    /** How long the caller spins, in all, for helpers finishing their last grains before it parks in {@code join}. */
    private static final long SPIN_NANOS = 200_000;
    private static final int THREADS = resolveThreads(System.getenv("GVL_NUM_THREADS"));
    private static final Logger LOG = LoggerFactory.getLogger(RowParallelism.class);
    /** The helper threads; the default factory of a pool other than the common one keeps thread locals. */
    private static final ForkJoinPool HELPERS = new ForkJoinPool(Math.max(1, THREADS - 1), pool -> {
        ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
        t.setName("gvl-rows-" + t.getPoolIndex());
        return t;
    }, null, false);
    private static final AtomicBoolean LOGGED = new AtomicBoolean();
    private static final ScopedValue<Mode> BOUND = ScopedValue.newInstance();
    private static final java.util.concurrent.atomic.LongAdder DISPATCHES = new java.util.concurrent.atomic.LongAdder();
    private static final java.util.Set<String> TRUTHY = java.util.Set.of("1", "true", "yes", "on");

    private RowParallelism() {
    }

    static int resolveThreads(String env) {
        int cpus = Runtime.getRuntime().availableProcessors();
        if (env == null || env.isBlank()) {
            return cpus;
        }
        try {
            int n = Integer.parseInt(env.trim());
            if (n < 1) {
                throw new IllegalArgumentException("GVL_NUM_THREADS must be >= 1, got " + env);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("GVL_NUM_THREADS must be an integer, got '" + env + "'", e);
        }
    }

    /**
     * Threads the gate plans for.
     *
     * @return {@code GVL_NUM_THREADS} when set, else the number of available processors
     */
    public static int threads() {
        return THREADS;
    }

    /**
     * The mode from the {@code gvl.parallel} system property (read on every call, so tests can flip it).
     *
     * @return the mode; {@link Mode#AUTO} when unset
     */
    public static Mode mode() {
        String p = System.getProperty("gvl.parallel", "auto").trim().toUpperCase(Locale.ROOT);
        try {
            return Mode.valueOf(p);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("system property gvl.parallel must be auto, always or never, got '"
                    + System.getProperty("gvl.parallel") + "'", e);
        }
    }

    /**
     * Runs {@code work} with {@code mode} bound for the kernels it calls on this thread (AUTO: no override).
     *
     * @param <T> what {@code work} returns
     * @param mode the mode for this call; {@link Mode#AUTO} leaves the decision to the process-wide switches and the gate
     * @param work the work, run on the calling thread
     * @return what {@code work} returned
     */
    public static <T> T withMode(Mode mode, java.util.function.Supplier<T> work) {
        return ScopedValue.where(BOUND, mode).call(work::get);
    }

    /**
     * Whether work producing {@code totalBytes} of output would run in parallel.
     *
     * @param totalBytes the output size of the work
     * @return {@code true} if {@link #forEachRange} would split it
     */
    public static boolean isParallel(long totalBytes) {
        return isParallel(totalBytes, System.getenv("GVL_FORCE_PARALLEL"), THREADS);
    }

    /** The gate with the environment's {@code GVL_FORCE_PARALLEL} value and the thread count given. */
    static boolean isParallel(long totalBytes, String forceParallel, int threads) {
        Mode bound = BOUND.isBound() ? BOUND.get() : Mode.AUTO;
        Mode effective = bound != Mode.AUTO ? bound : mode();
        return switch (effective) {
            case ALWAYS -> true;
            case NEVER -> false;
            case AUTO -> (forceParallel != null && TRUTHY.contains(forceParallel.strip().toLowerCase(Locale.ROOT)))
                    || (threads > 1 && totalBytes >= MIN_PARALLEL_BYTES);
        };
    }

    /**
     * Number of calls that split their rows over threads so far in this JVM (a diagnostic; tests count with it).
     *
     * @return the count since the JVM started
     */
    public static long parallelDispatches() {
        return DISPATCHES.sum();
    }

    /**
     * Runs {@code work} over rows {@code [0, rows)}: on the caller's thread, or split into small contiguous ranges
     * (about 32 per thread) that the caller and its helper threads take in turn when the gate opens. Exceptions
     * from any range propagate to the caller.
     *
     * @param rows the number of rows
     * @param totalBytes the output size, which decides the gate
     * @param work the work per range; must be safe to run on several threads for distinct rows
     */
    public static void forEachRange(long rows, long totalBytes, RowRange work) {
        if (rows <= 0) {
            return;
        }
        if (LOGGED.compareAndSet(false, true)) {
            LOG.info("row kernels: {} threads ({}), gate {} (-Dgvl.parallel): parallel when a batch's output is at "
                    + "least {} MiB", THREADS, System.getenv("GVL_NUM_THREADS") == null ? "available processors"
                    : "GVL_NUM_THREADS", mode().name().toLowerCase(Locale.ROOT), MIN_PARALLEL_BYTES >> 20);
        }
        if (rows == 1 || !isParallel(totalBytes)) {
            work.run(0, rows);
            return;
        }
        DISPATCHES.increment();
        // Self-scheduled grains: each task takes the next few rows until none are left, so a worker that wakes late
        // or gets lighter rows just takes more, and the last grains end close together (static ranges left one
        // thread idle for up to a range's time, and the caller waiting for a parked worker to wake).
        long grain = Math.max(1, rows / (GRAINS_PER_THREAD * THREADS));
        int count = (int) Math.min(THREADS, (rows + grain - 1) / grain);
        AtomicLong next = new AtomicLong();
        // Failures are captured inside the tasks and rethrown as they are: ForkJoin would otherwise hand the caller
        // a reflective copy of an exception thrown on another worker.
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable drain = () -> {
            try {
                for (long from = next.getAndAdd(grain); from < rows && failure.get() == null;
                        from = next.getAndAdd(grain)) {
                    work.run(from, Math.min(rows, from + grain));
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        };
        List<Helper> helpers = new ArrayList<>(count - 1);
        for (int c = 1; c < count; c++) {
            Helper helper = new Helper(drain);
            helpers.add(helper);
            HELPERS.execute(helper);
        }
        drain.run();
        long spinUntil = System.nanoTime() + SPIN_NANOS;
        for (int c = helpers.size() - 1; c >= 0; c--) {
            awaitHelper(helpers.get(c), spinUntil);
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException("row work failed", t);
        }
    }

    /**
     * Waits for a helper once no grains are left. A helper that has not started has nothing left to do and is
     * abandoned (it returns at once if a thread takes it later); one that is running is finishing its last grain, so
     * the caller spins for it a little before parking (waking a parked thread costs tens of microseconds on a
     * virtual machine).
     */
    private static void awaitHelper(Helper helper, long spinUntil) {
        if (helper.abandon()) {
            return;
        }
        while (!helper.isDone() && System.nanoTime() < spinUntil) {
            Thread.onSpinWait();
        }
        helper.join();
    }

    /**
     * One helper's share of a dispatch: the drain, run only if the caller has not abandoned the helper first. The
     * state decides it once, so the caller returns only when every helper is done or will never touch a row.
     */
    private static final class Helper extends RecursiveAction {
        private static final int WAITING = 0;
        private static final int RUNNING = 1;
        private static final int ABANDONED = 2;

        private final Runnable drain;
        private final AtomicInteger state = new AtomicInteger(WAITING);

        Helper(Runnable drain) {
            this.drain = drain;
        }

        @Override
        protected void compute() {
            if (state.compareAndSet(WAITING, RUNNING)) {
                drain.run();
            }
        }

        /** Whether the helper is abandoned: {@code true} if it had not started, so it never will run the drain. */
        boolean abandon() {
            return state.compareAndSet(WAITING, ABANDONED);
        }
    }
}
