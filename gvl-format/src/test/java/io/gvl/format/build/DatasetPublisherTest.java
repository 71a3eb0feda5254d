package io.gvl.format.build;

import io.gvl.format.AppendixA;
import io.gvl.format.DatasetExistsException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.array.RawArrayWriter;
import io.gvl.format.array.RawDtype;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.format.build.DestinationLock;
import io.gvl.format.io.DatasetFiles;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Atomic publish: failures mid-write leave nothing (or the old dataset), and writers do not race. */
class DatasetPublisherTest {
    @TempDir
    Path tmp;

    private List<String> siblings() throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void failureMidWriteLeavesNoDestination() throws IOException {
        Path dest = tmp.resolve("d.gvl");
        IllegalStateException e = assertThrows(IllegalStateException.class, () ->
                DatasetPublisher.publish(dest, false, dir -> {
                    AppendixA.writeInto(dir);
                    throw new IllegalStateException("injected failure");
                }));
        assertEquals("injected failure", e.getMessage());
        assertFalse(Files.exists(dest));
        assertEquals(List.of("d.gvl.lock"), siblings());
    }

    @Test
    void anIoFailureNamesTheDatasetTheReasonAndThePartBeingWritten() throws IOException {
        Path dest = tmp.resolve("d.gvl");
        java.io.UncheckedIOException e = assertThrows(java.io.UncheckedIOException.class,
                () -> DatasetPublisher.publish(dest, false, dir -> {
                    try (RawArrayWriter w = RawArrayWriter.create(dir.resolve("offsets.npy"), RawDtype.INT64)) {
                        w.writeLong(1);
                    }
                    throw new java.nio.file.FileSystemException(dir.resolve("offsets.npy").toString(), null,
                            "No space left on device");
                }));
        Path abs = dest.toAbsolutePath().normalize();
        assertEquals(abs + ": cannot write the dataset (No space left on device, in offsets.npy); nothing was left at "
                + abs + ". Fix: free space on (or choose) a writable device, then write again.", e.getMessage());
        assertFalse(Files.exists(dest));
        assertEquals(List.of("d.gvl.lock"), siblings());
    }

    @Test
    void failureWhileOverwritingKeepsTheOldDataset() throws IOException {
        Path dest = AppendixA.publish(tmp.resolve("d.gvl"));
        byte[] meta = Files.readAllBytes(dest.resolve("metadata.json"));
        byte[] offsets = Files.readAllBytes(dest.resolve("genotypes/offsets.npy"));
        assertThrows(java.io.UncheckedIOException.class, () -> DatasetPublisher.publish(dest, true, dir -> {
            try (RawArrayWriter w = RawArrayWriter.create(dir.resolve("half.npy"), RawDtype.INT64)) {
                w.writeLong(1);
            }
            throw new IOException("disk full (injected)");
        }));
        assertArrayEquals(meta, Files.readAllBytes(dest.resolve("metadata.json")));
        assertArrayEquals(offsets, Files.readAllBytes(dest.resolve("genotypes/offsets.npy")));
        try (DatasetFiles f = DatasetFiles.open(dest)) {
            f.verify();
        }
        assertEquals(List.of("d.gvl", "d.gvl.lock"), siblings());
    }

    @Test
    void existingDestinationNeedsOverwrite() throws IOException {
        Path dest = AppendixA.publish(tmp.resolve("d.gvl"));
        DatasetExistsException e = assertThrows(DatasetExistsException.class,
                () -> DatasetPublisher.publish(dest, false, dir -> { }));
        assertTrue(e.getMessage().contains("overwrite"));
        DatasetPublisher.publish(dest, true, dir -> Files.writeString(dir.resolve("marker"), "new"));
        assertEquals("new", Files.readString(dest.resolve("marker")));
        assertFalse(Files.exists(dest.resolve("metadata.json")));
        assertEquals(List.of("d.gvl", "d.gvl.lock"), siblings());
    }

    @Test
    void overwriteRefusesWhatIsNotADataset() throws IOException {
        Path thesis = Files.createDirectory(tmp.resolve("thesis"));
        Files.writeString(thesis.resolve("chapter1.tex"), "precious");
        Files.writeString(thesis.resolve("refs.bib"), "precious");
        DatasetExistsException e = assertThrows(DatasetExistsException.class,
                () -> DatasetPublisher.publish(thesis, true, dir -> Files.writeString(dir.resolve("x"), "new")));
        assertTrue(e.getMessage().contains(thesis.toString()) && e.getMessage().contains("not a dataset")
                && e.getMessage().contains("chapter1.tex") && e.getMessage().contains("2 entries"), e.getMessage());
        assertEquals("precious", Files.readString(thesis.resolve("chapter1.tex")));
        Path file = Files.writeString(tmp.resolve("notes.txt"), "precious");
        e = assertThrows(DatasetExistsException.class, () -> DatasetPublisher.publish(file, true, dir -> { }));
        assertTrue(e.getMessage().contains("notes.txt") && e.getMessage().contains("a regular file"), e.getMessage());
        assertEquals("precious", Files.readString(file));
        Path empty = Files.createDirectory(tmp.resolve("empty"));
        e = assertThrows(DatasetExistsException.class, () -> DatasetPublisher.publish(empty, true, dir -> { }));
        assertTrue(e.getMessage().contains("holds nothing"), e.getMessage());
        assertTrue(Files.isDirectory(empty));
        try (Stream<Path> left = Files.list(tmp)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().contains(".tmp.")), "no temp sibling left");
        }
    }

    @Test
    void notOverwritingNamesTheFlagAndTheApiOption() throws IOException {
        Path dest = AppendixA.publish(tmp.resolve("d.gvl"));
        DatasetExistsException e = assertThrows(DatasetExistsException.class,
                () -> DatasetPublisher.publish(dest, false, dir -> { }));
        assertTrue(e.getMessage().contains("--overwrite") && !e.getMessage().contains("overwrite=true"),
                e.getMessage());
    }

    @Test
    void staleTempSiblingsOfKilledWritersAreSwept() throws IOException {
        Path stale = Files.createDirectories(tmp.resolve("d.gvl.tmp.99999-deadbeef/genotypes"));
        Files.writeString(stale.resolve("offsets.npy"), "partial");
        Files.createDirectories(tmp.resolve("d.gvl.old.cafe0001"));
        Path other = Files.createDirectories(tmp.resolve("e.gvl.tmp.1-2"));
        DatasetPublisher.publish(tmp.resolve("d.gvl"), false, AppendixA::writeInto);
        assertEquals(List.of("d.gvl", "d.gvl.lock", "e.gvl.tmp.1-2"), siblings(), "only d.gvl's leftovers go");
        assertTrue(Files.isDirectory(other));
    }

    @Test
    void concurrentWritersOfOnePathDoNotBothPublish() throws Exception {
        Path dest = tmp.resolve("d.gvl");
        CountDownLatch firstBuilding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<?> first = pool.submit(() -> DatasetPublisher.publish(dest, false, dir -> {
                firstBuilding.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                Files.writeString(dir.resolve("who"), "first");
            }));
            assertTrue(firstBuilding.await(10, TimeUnit.SECONDS));
            Future<?> second = pool.submit(() -> DatasetPublisher.publish(dest, false,
                    dir -> Files.writeString(dir.resolve("who"), "second")));
            Thread.sleep(100);
            assertFalse(second.isDone(), "the second writer must wait for the lock");
            release.countDown();
            first.get(10, TimeUnit.SECONDS);
            var e = assertThrows(java.util.concurrent.ExecutionException.class, () -> second.get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof DatasetExistsException);
            assertEquals("first", Files.readString(dest.resolve("who")));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aBuildDirectoryFilledOverTimeIsPublishedAndOnlyOtherLeftoversAreSwept() throws IOException {
        Path dest = tmp.resolve("d.gvl");
        Files.createDirectories(tmp.resolve("d.gvl.tmp.99999-deadbeef"));
        Path build = DatasetPublisher.newBuildDirectory(dest);
        assertTrue(build.getFileName().toString().startsWith("d.gvl.tmp."), build.toString());
        Files.writeString(build.resolve("staged"), "written before the lock");
        DatasetPublisher.publishBuilt(dest, false, build, AppendixA::writeInto);
        assertEquals(List.of("d.gvl", "d.gvl.lock"), siblings(), "the killed writer's directory is swept");
        assertEquals("written before the lock", Files.readString(dest.resolve("staged")));
        assertTrue(Files.isRegularFile(DatasetLayout.metadata(dest)));
    }

    @Test
    void anOpenBuildDirectoryHoldsTheDestinationSoAnotherWriterWaitsInsteadOfSweepingIt() throws Exception {
        Path dest = tmp.resolve("d.gvl");
        Path build = DatasetPublisher.newBuildDirectory(dest);
        Files.writeString(build.resolve("part"), "a part written over hours");
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<?> other = pool.submit(() -> DatasetPublisher.publish(dest, false,
                    dir -> Files.writeString(dir.resolve("who"), "other")));
            awaitWaiting(dest.toAbsolutePath().normalize());
            assertFalse(other.isDone());
            assertEquals("a part written over hours", Files.readString(build.resolve("part")),
                    "the waiting writer must not sweep the open build directory");
            assertThrows(java.nio.channels.OverlappingFileLockException.class, () -> tryLock(dest),
                    "the lock file stays locked by this process while the build directory is open");
            DatasetPublisher.publishBuilt(dest, false, build, AppendixA::writeInto);
            var e = assertThrows(java.util.concurrent.ExecutionException.class, () -> other.get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof DatasetExistsException, e.getCause().toString());
            assertEquals("a part written over hours", Files.readString(dest.resolve("part")));
            tryLock(dest);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aReleasedBuildDirectoryIsALeftoverTheNextWriteSweepsAndReleaseWorksFromAnyThread() throws Exception {
        Path dest = tmp.resolve("d.gvl");
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Path build;
        try {
            build = pool.submit(() -> DatasetPublisher.newBuildDirectory(dest)).get(10, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        DatasetPublisher.releaseBuild(build);
        DatasetPublisher.releaseBuild(build);
        tryLock(dest);
        AppendixA.publish(dest);
        assertEquals(List.of("d.gvl", "d.gvl.lock"), siblings(), "the released build directory is swept");
    }

    /** Takes and drops the OS lock on the destination's lock file; throws while this JVM holds it. */
    private static void tryLock(Path dest) throws IOException {
        try (var ch = java.nio.channels.FileChannel.open(dest.resolveSibling(dest.getFileName() + ".lock"),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
             var lock = ch.tryLock()) {
            assertTrue(lock != null, "no other process holds the lock");
        }
    }

    private static void awaitWaiting(Path target) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (DestinationLock.waiting(target) == 0) {
            assertTrue(System.nanoTime() < deadline, "the second writer never queued for " + target);
            Thread.sleep(5);
        }
    }

    @Test
    void aFailedFinishRemovesTheBuildDirectoryAndAnExistingDestinationKeepsIt() throws IOException {
        Path dest = tmp.resolve("d.gvl");
        Path build = DatasetPublisher.newBuildDirectory(dest);
        assertThrows(java.io.UncheckedIOException.class, () -> DatasetPublisher.publishBuilt(dest, false, build,
                dir -> {
                    throw new java.nio.file.FileSystemException(dir.toString(), null, "No space left on device");
                }));
        assertEquals(List.of("d.gvl.lock"), siblings());

        AppendixA.publish(dest);
        Path second = DatasetPublisher.newBuildDirectory(dest);
        assertThrows(DatasetExistsException.class, () -> DatasetPublisher.publishBuilt(dest, false, second,
                AppendixA::writeInto));
        assertTrue(Files.isDirectory(second), "refused before the lock: the caller may still overwrite");
    }

    @Test
    void publishBuiltRefusesADirectoryThatIsNotABuildDirectoryOfTheDestination() throws IOException {
        Path dest = tmp.resolve("d.gvl");
        Path foreign = DatasetPublisher.newBuildDirectory(tmp.resolve("e.gvl"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DatasetPublisher.publishBuilt(dest, false, foreign, AppendixA::writeInto));
        assertTrue(e.getMessage().contains(foreign.toString()) && e.getMessage().contains("d.gvl.tmp.*"),
                e.getMessage());
        assertTrue(Files.isDirectory(foreign));
        assertFalse(Files.exists(dest));
    }
}
