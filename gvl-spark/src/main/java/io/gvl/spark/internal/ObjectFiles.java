package io.gvl.spark.internal;

import io.gvl.spark.errors.GvlStorageException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.functional.FutureIO;

/**
 * Moves whole files between local disk and a Hadoop file system. gvl builds and memory-maps datasets as local
 * files, so every object-store transfer is a whole-file upload (one PUT, or a multipart upload that becomes
 * visible only when complete) or a whole-object download checked against the size the commit recorded. Every key
 * a write creates is new (its write id and attempt are in it), so uploads skip s3a's probes for an existing object
 * or directory ({@code fs.s3a.create.performance}), and downloads pass the known length (no probe either); requests
 * are latency-bound, so many files are moved by {@link #THREADS} threads at once.
 */
final class ObjectFiles {
    /** Transfers of one call of {@link #each} running at once. */
    static final int THREADS = 8;

    private ObjectFiles() {
    }

    /**
     * Runs {@code transfer} on every item with up to {@link #THREADS} at once; rethrows the first failure after all
     * have ended.
     */
    static <T> void each(List<T> items, Consumer<T> transfer) {
        try (ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(THREADS, items.size())))) {
            List<Future<?>> running = new ArrayList<>();
            for (T item : items) {
                running.add(pool.submit(() -> transfer.accept(item)));
            }
            RuntimeException first = null;
            for (Future<?> f : running) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    RuntimeException r = e.getCause() instanceof RuntimeException re ? re
                            : new IllegalStateException(e.getCause());
                    if (first == null) {
                        first = r;
                    } else {
                        first.addSuppressed(r);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while transferring files", e);
                }
            }
            if (first != null) {
                throw first;
            }
        }
    }

    /** Uploads {@code local} to {@code target}, replacing an object there. */
    static void upload(FileSystem fs, java.nio.file.Path local, Path target) {
        // createFile's builder is a raw type in Hadoop's API: its build() is typed Object
        try (OutputStream out = (OutputStream) fs.createFile(target).overwrite(true).recursive()
                .opt("fs.s3a.create.performance", true).build()) {
            Files.copy(local, out);
        } catch (IOException e) {
            throw new GvlStorageException("cannot upload " + local + " to " + target + ": " + e.getMessage()
                    + ". Fix: check the storage access (endpoint, credentials, bucket) in the Hadoop configuration.",
                    e);
        }
    }

    /**
     * Downloads {@code source} to {@code local}, which must not exist, and checks that it holds {@code bytes}.
     *
     * @throws GvlStorageException naming {@code root} if the object is missing, has another size or cannot be read
     */
    static void download(FileSystem fs, Path source, long bytes, java.nio.file.Path local, String root) {
        try {
            Files.createDirectories(local.getParent());
            try (InputStream in = FutureIO.awaitFuture(fs.openFile(source)
                    .opt("fs.option.openfile.length", bytes)
                    .opt("fs.option.openfile.read.policy", "whole-file").build())) {
                Files.copy(in, local);
            }
            long got = Files.size(local);
            if (got != bytes) {
                throw new GvlStorageException("object " + source + " of the dataset " + root + " holds " + got
                        + " bytes, but its commit recorded " + bytes + ": the root was overwritten or altered while"
                        + " it was read. Fix: read it again; if this recurs, write the dataset again.", null);
            }
        } catch (FileNotFoundException e) {
            throw new GvlStorageException("object " + source + " of the dataset " + root + " is missing, though its"
                    + " commit names it: the root was overwritten or cleaned while it was read. Fix: read it again;"
                    + " if this recurs, write the dataset again.", e);
        } catch (IOException e) {
            throw new GvlStorageException("cannot download " + source + " of the dataset " + root + " to " + local
                    + ": " + e.getMessage() + ". Fix: check the storage access and the free space of " + local
                    .getParent() + ".", e);
        }
    }

    /** Removes {@code dir} and everything under it; harmless when absent. */
    static void deleteTree(FileSystem fs, Path dir) {
        try {
            fs.delete(dir, true);
        } catch (IOException e) {
            throw new GvlStorageException("cannot remove " + dir + ": " + e.getMessage() + ". Its objects are never"
                    + " read; remove them when no write of the dataset runs.", e);
        }
    }

    /** The entries directly under {@code dir}, none when it is absent. */
    static FileStatus[] list(FileSystem fs, Path dir) {
        try {
            return fs.listStatus(dir);
        } catch (FileNotFoundException e) {
            return new FileStatus[0];
        } catch (IOException e) {
            throw new GvlStorageException("cannot list " + dir + ": " + e.getMessage() + ". Fix: check the storage"
                    + " access in the Hadoop configuration.", e);
        }
    }
}
