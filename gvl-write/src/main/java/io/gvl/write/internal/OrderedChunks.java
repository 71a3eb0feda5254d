package io.gvl.write.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Runs numbered chunk tasks on worker threads and hands their results to a sink on the calling thread strictly in
 * chunk order, so files are appended exactly as a serial run appends them. At most {@code 2 × threads} results
 * are in flight, which bounds memory. With one thread everything runs on the caller.
 */
final class OrderedChunks implements AutoCloseable {
    private static final AtomicInteger POOLS = new AtomicInteger();

    /** Consumes the result of chunk {@code index}. */
    @FunctionalInterface
    interface Sink<T> {
        void accept(int index, T result);
    }

    private final int threads;
    private final ExecutorService pool;

    OrderedChunks(int threads) {
        this.threads = threads;
        int id = POOLS.incrementAndGet();
        AtomicInteger n = new AtomicInteger();
        this.pool = threads == 1 ? null : Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "gvl-write-" + id + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    <T> void run(int chunks, IntFunction<T> work, Sink<T> sink) {
        if (pool == null) {
            for (int i = 0; i < chunks; i++) {
                sink.accept(i, work.apply(i));
            }
            return;
        }
        Deque<Future<T>> inFlight = new ArrayDeque<>();
        int next = 0;
        try {
            for (int i = 0; i < chunks; i++) {
                while (next < chunks && inFlight.size() < 2 * threads) {
                    int task = next++;
                    inFlight.add(pool.submit(() -> work.apply(task)));
                }
                sink.accept(i, await(inFlight.poll()));
            }
        } finally {
            inFlight.forEach(f -> f.cancel(true));
        }
    }

    private static <T> T await(Future<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a write chunk", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
