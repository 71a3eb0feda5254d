package io.gvl.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RowParallelismTest {

    @AfterEach
    void clear() {
        System.clearProperty("gvl.parallel");
    }

    @Test
    void threadsFromEnvironment() {
        assertEquals(Runtime.getRuntime().availableProcessors(), RowParallelism.resolveThreads(null));
        assertEquals(3, RowParallelism.resolveThreads(" 3 "));
        assertThrows(IllegalArgumentException.class, () -> RowParallelism.resolveThreads("0"));
        assertThrows(IllegalArgumentException.class, () -> RowParallelism.resolveThreads("many"));
    }

    @Test
    void gateOpensAtOneMebibyteWhateverTheThreadCount() {
        long floor = RowParallelism.MIN_PARALLEL_BYTES;
        for (int threads : new int[] {2, 8, 32}) {
            assertFalse(RowParallelism.isParallel(floor - 1, null, threads), threads + " threads");
            assertTrue(RowParallelism.isParallel(floor, null, threads), threads + " threads");
        }
        assertFalse(RowParallelism.isParallel(Long.MAX_VALUE, null, 1), "one thread stays serial");
        System.setProperty("gvl.parallel", "always");
        assertTrue(RowParallelism.isParallel(0));
        System.setProperty("gvl.parallel", "never");
        assertFalse(RowParallelism.isParallel(Long.MAX_VALUE));
        System.setProperty("gvl.parallel", "sometimes");
        assertThrows(IllegalArgumentException.class, () -> RowParallelism.isParallel(0));
    }

    @ParameterizedTest(name = "GVL_FORCE_PARALLEL={0}")
    @ValueSource(strings = {"1", "true", "YES", " on "})
    void forceParallelOpensTheGateForSmallBatches(String value) {
        assertTrue(RowParallelism.isParallel(0, value, 2));
        assertTrue(RowParallelism.isParallel(0, value, 1));
        assertFalse(RowParallelism.isParallel(0, "0", 2));
        assertFalse(RowParallelism.isParallel(0, "", 2));
    }

    @Test
    void anExplicitModeBeatsTheEnvironmentAndTheSystemProperty() {
        assertFalse(RowParallelism.withMode(RowParallelism.Mode.NEVER, () -> RowParallelism.isParallel(
                Long.MAX_VALUE, "1", 8)), "explicit off beats GVL_FORCE_PARALLEL");
        assertTrue(RowParallelism.withMode(RowParallelism.Mode.ALWAYS, () -> RowParallelism.isParallel(0, null, 2)));
        System.setProperty("gvl.parallel", "never");
        assertTrue(RowParallelism.withMode(RowParallelism.Mode.ALWAYS, () -> RowParallelism.isParallel(0, "1", 2)),
                "explicit on beats the process-wide property");
        assertFalse(RowParallelism.withMode(RowParallelism.Mode.AUTO, () -> RowParallelism.isParallel(0, "1", 2)),
                "AUTO defers to the property first");
        System.clearProperty("gvl.parallel");
        assertTrue(RowParallelism.withMode(RowParallelism.Mode.AUTO, () -> RowParallelism.isParallel(0, "1", 2)),
                "then to GVL_FORCE_PARALLEL");
    }

    @ParameterizedTest(name = "mode={0}")
    @ValueSource(strings = {"never", "always"})
    void everyRowRunsExactlyOnce(String mode) {
        System.setProperty("gvl.parallel", mode);
        for (int rows : new int[] {1, 2, 3, 63, 64, 65, 127, 1001}) {
            AtomicIntegerArray hits = new AtomicIntegerArray(rows);
            Set<String> threads = ConcurrentHashMap.newKeySet();
            RowParallelism.forEachRange(rows, 0, (from, to) -> {
                assertTrue(0 <= from && from < to && to <= rows, "range [" + from + ", " + to + ") of " + rows);
                threads.add(Thread.currentThread().getName());
                for (long i = from; i < to; i++) {
                    hits.incrementAndGet((int) i);
                }
            });
            for (int i = 0; i < rows; i++) {
                assertEquals(1, hits.get(i), "row " + i + " of " + rows);
            }
            if (mode.equals("never")) {
                assertEquals(Set.of(Thread.currentThread().getName()), threads);
            }
        }
    }

    @Test
    void theCallerTakesOverWhenNoHelperCanRun() throws Exception {
        System.setProperty("gvl.parallel", "always");
        // A one-worker pool whose only worker is the caller: the forked helper never runs elsewhere, so the caller
        // must do every row itself and drop the helper instead of waiting for it.
        try (java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(1)) {
            int rows = 257;
            AtomicIntegerArray hits = new AtomicIntegerArray(rows);
            pool.submit(() -> RowParallelism.forEachRange(rows, 0, (from, to) -> {
                for (long i = from; i < to; i++) {
                    hits.incrementAndGet((int) i);
                }
            })).get();
            for (int i = 0; i < rows; i++) {
                assertEquals(1, hits.get(i), "row " + i);
            }
        }
    }

    /**
     * The kernels keep their scratch in thread locals: the helper threads must keep them from one dispatch to the
     * next (the common pool's workers clear them whenever they go idle, which made every batch allocate again).
     */
    @Test
    void helperThreadsKeepTheirThreadLocalsBetweenDispatches() {
        Assumptions.assumeTrue(RowParallelism.threads() > 1, "one thread: no helpers to check");
        System.setProperty("gvl.parallel", "always");
        Thread caller = Thread.currentThread();
        ThreadLocal<Object> scratch = new ThreadLocal<>();
        java.util.Map<String, Object> first = new ConcurrentHashMap<>();
        Set<Integer> roundsHelped = ConcurrentHashMap.newKeySet();
        Set<String> helperNames = ConcurrentHashMap.newKeySet();
        java.util.concurrent.atomic.AtomicInteger lost = new java.util.concurrent.atomic.AtomicInteger();
        for (int round = 0; round < 20; round++) {
            int r = round;
            RowParallelism.forEachRange(64, 0, (from, to) -> {
                if (Thread.currentThread() != caller) {
                    String name = Thread.currentThread().getName();
                    helperNames.add(name);
                    roundsHelped.add(r);
                    Object mine = scratch.get();
                    if (mine == null) {
                        mine = new Object();
                        scratch.set(mine);
                    }
                    Object earlier = first.putIfAbsent(name, mine);
                    if (earlier != null && earlier != mine) {
                        lost.incrementAndGet();
                    }
                }
                java.util.concurrent.locks.LockSupport.parkNanos(200_000);
            });
            java.util.concurrent.locks.LockSupport.parkNanos(2_000_000); // the helpers go idle between batches
        }
        assertTrue(roundsHelped.size() >= 2, "helpers ran in " + roundsHelped.size() + " of 20 dispatches");
        assertEquals(0, lost.get(), "dispatches in which a helper had lost its thread local");
        assertTrue(helperNames.stream().allMatch(n -> n.startsWith("gvl-rows-")), helperNames.toString());
    }

    @Test
    void exceptionsReachTheCallerUnwrapped() {
        System.setProperty("gvl.parallel", "always");
        IllegalStateException thrown = new IllegalStateException("row 50 failed");
        for (int attempt = 0; attempt < 50; attempt++) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> RowParallelism.forEachRange(100, 0, (from, to) -> {
                        if (from <= 50 && 50 < to) {
                            throw thrown;
                        }
                    }));
            assertSame(thrown, e, "the very exception the row threw");
        }
    }

    @Test
    void noRowsRunsNothing() {
        RowParallelism.forEachRange(0, 0, (from, to) -> {
            throw new AssertionError("must not run");
        });
    }
}
