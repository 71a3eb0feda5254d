package io.gvl.io.fasta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gvl.io.internal.CacheFiles;
import io.gvl.io.internal.fasta.ContentKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reference cache: keyed by content, least recently used entries evicted, unusable directories fall back. */
class ReferenceCacheTest {
    @TempDir
    Path tmp;

    private Path fasta(String name, long seed, int bases) throws IOException {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder(">c").append(seed).append('\n');
        for (int i = 0; i < bases; i++) {
            sb.append("ACGT".charAt(r.nextInt(4)));
            if (i % 60 == 59) {
                sb.append('\n');
            }
        }
        Path p = tmp.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, sb.append('\n').toString(), StandardCharsets.US_ASCII);
        return p;
    }

    private static Path entryOf(Path fasta, Path cacheDir) {
        try (Reference ref = Reference.open(fasta, cacheDir, Long.MAX_VALUE)) {
            return ref.cacheFile().orElseThrow();
        }
    }

    private static String bases(Path fasta, Path cacheDir) {
        try (Reference ref = Reference.open(fasta, cacheDir, Long.MAX_VALUE)) {
            String c = ref.contigs().get(0);
            return new String(ref.fetch(c, 0, ref.length(c)), StandardCharsets.US_ASCII);
        }
    }

    @Test
    void copiesAtTwoPathsShareOneEntryAndAnEditGetsANewOne() throws IOException {
        Path cache = tmp.resolve("cache");
        Path a = fasta("a/ref.fa", 1, 500);
        Path b = tmp.resolve("b/other-name.fa");
        Files.createDirectories(b.getParent());
        Files.copy(a, b);
        Path ea = entryOf(a, cache);
        assertEquals(ea, entryOf(b, cache), "same bytes, same entry, whatever the path");
        assertEquals(1, ReferenceCache.list(cache).size());

        String before = bases(a, cache);
        byte[] edited = Files.readAllBytes(a);
        edited[10] = (byte) (edited[10] == 'A' ? 'C' : 'A'); // same size
        Files.write(a, edited);
        Files.setLastModifiedTime(a, FileTime.fromMillis(Files.getLastModifiedTime(b).toMillis() + 10_000));
        Path edit = entryOf(a, cache);
        assertNotEquals(ea, edit, "an edited FASTA of the same size is another entry");
        assertNotEquals(before, bases(a, cache));
        assertEquals(before, bases(b, cache), "the unchanged copy still reads its own bases");
        assertEquals(2, ReferenceCache.list(cache).size());
    }

    @Test
    void keyIsSizeAndFullHashAndIsRememberedPerFileVersion() throws IOException {
        Path cache = tmp.resolve("cache");
        Path a = fasta("ref.fa", 2, 300);
        ContentKey k = ContentKey.of(a, cache, true);
        assertEquals(Files.size(a), k.size());
        assertEquals(64, k.sha256().length());
        try (Stream<Path> memo = Files.list(cache.resolve(ContentKey.SOURCES))) {
            assertEquals(1, memo.count(), "the hash is remembered for this file version");
        }
        assertEquals(k, ContentKey.of(a, cache, true));
        assertTrue(entryOf(a, cache).getFileName().toString().startsWith(k.sha256().substring(0, 16) + "-" + k.size()));
    }

    @Test
    void leastRecentlyUsedEntryIsEvictedFirstAndTheNewOneIsKept() throws IOException {
        Path cache = tmp.resolve("cache");
        Path a = fasta("a.fa", 3, 4000);
        Path b = fasta("b.fa", 4, 4000);
        Path c = fasta("c.fa", 5, 4000);
        Path ea = entryOf(a, cache);
        Path eb = entryOf(b, cache);
        long one = Files.size(ea);
        long now = System.currentTimeMillis();
        Files.setLastModifiedTime(ea, FileTime.fromMillis(now - 60_000));
        Files.setLastModifiedTime(eb, FileTime.fromMillis(now - 30_000));
        try (Reference ref = Reference.open(a, cache, 2 * one + one / 2)) {
            assertEquals(ea, ref.cacheFile().orElseThrow(), "a hit marks a as just used");
        }
        try (Reference ref = Reference.open(c, cache, 2 * one + one / 2)) {
            assertTrue(ref.cacheFile().isPresent());
        }
        assertTrue(Files.exists(ea), "a was used more recently than b");
        assertFalse(Files.exists(eb), "b was the least recently used");
        assertEquals(2, ReferenceCache.list(cache).size());

        try (Reference ref = Reference.open(b, cache, 1)) {
            assertEquals(1, ReferenceCache.list(cache).size(), "the entry just built is kept even over the cap");
            assertEquals(ref.cacheFile().orElseThrow(), ReferenceCache.list(cache).get(0).file());
        }
    }

    @Test
    void clearDeletesEntriesSidecarsAndMemos() throws IOException {
        Path cache = tmp.resolve("cache");
        entryOf(fasta("a.fa", 6, 1000), cache);
        entryOf(fasta("b.fa", 7, 1000), cache);
        List<ReferenceCache.Entry> entries = ReferenceCache.list(cache);
        assertEquals(2, entries.size());
        assertTrue(entries.stream().allMatch(e -> e.source() != null && e.sourceBytes() > 0));
        long freed = ReferenceCache.clear(cache);
        assertTrue(freed >= entries.stream().mapToLong(ReferenceCache.Entry::bytes).sum());
        assertEquals(List.of(), ReferenceCache.list(cache));
        try (Stream<Path> left = Files.walk(cache)) {
            assertEquals(List.of(), left.filter(Files::isRegularFile).toList());
        }
        assertEquals(0, ReferenceCache.clear(tmp.resolve("absent")), "an absent directory is empty");
    }

    @Test
    void aCacheDirectoryThatCannotBeCreatedFallsBackToMemory() throws IOException {
        Path a = fasta("a.fa", 8, 700);
        String expected = bases(a, tmp.resolve("good"));
        Path notADir = Files.writeString(tmp.resolve("file"), "x");
        try (Reference ref = Reference.open(a, notADir.resolve("cache"), Long.MAX_VALUE)) {
            assertTrue(ref.cacheFile().isEmpty(), "decoded into memory");
            assertEquals(expected, new String(ref.fetch("c8", 0, 700), StandardCharsets.US_ASCII));
            assertEquals("NN", new String(ref.fetch("c8", 700, 702), StandardCharsets.US_ASCII));
        }
    }

    @Test
    void aReadOnlyCacheDirectoryFallsBackButStillServesItsEntries() throws Exception {
        Path a = fasta("a.fa", 9, 700);
        Path b = fasta("b.fa", 10, 700);
        Path cache = tmp.resolve("ro");
        Path ea = entryOf(a, cache);
        String expected = bases(b, tmp.resolve("good"));
        boolean immutable = makeReadOnly(cache);
        try {
            assumeTrue(!Files.isWritable(cache) || immutable, "cannot make a read-only directory here");
            try (Reference ref = Reference.open(a, cache, Long.MAX_VALUE)) {
                assertEquals(ea, ref.cacheFile().orElseThrow(), "an existing entry is still mapped");
            }
            try (Reference ref = Reference.open(b, cache, Long.MAX_VALUE)) {
                assertTrue(ref.cacheFile().isEmpty());
                assertEquals(expected, new String(ref.fetch("c10", 0, 700), StandardCharsets.US_ASCII));
            }
        } finally {
            if (immutable) {
                new ProcessBuilder("chattr", "-i", cache.toString()).start().waitFor();
            }
            cache.toFile().setWritable(true);
        }
    }

    /** Read-only by permissions, or (for root, who ignores them) by the immutable attribute; true for the latter. */
    private static boolean makeReadOnly(Path dir) throws InterruptedException {
        dir.toFile().setWritable(false);
        if (!Files.isWritable(dir)) {
            return false;
        }
        try {
            return new ProcessBuilder("chattr", "+i", dir.toString()).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Child JVM for the full-disk case: opens args[0] with the cache in args[1] and prints what it got. */
    public static void main(String[] args) {
        try (Reference ref = Reference.open(Path.of(args[0]), Path.of(args[1]), Long.MAX_VALUE)) {
            String c = ref.contigs().get(0);
            System.out.println(ref.cacheFile().isPresent() ? "cached" : "memory");
            System.out.println(new String(ref.fetch(c, 0, ref.length(c)), StandardCharsets.US_ASCII));
        }
    }

    @Test
    void aFullCacheDirectoryFallsBackToMemory() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash for ulimit");
        Path a = fasta("a.fa", 11, 200_000);
        String expected = bases(a, tmp.resolve("good"));
        Path cache = tmp.resolve("full");
        // A file-size limit of 64 KiB makes every larger write fail like a full disk (the JVM ignores SIGXFSZ).
        List<String> java = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:-UsePerfData", "-cp", System.getProperty("java.class.path"),
                ReferenceCacheTest.class.getName(), a.toString(), cache.toString()));
        List<String> cmd = List.of("/bin/bash", "-c", "ulimit -f 64 && exec \"$@\"", "bash");
        List<String> all = new ArrayList<>(cmd);
        all.addAll(java);
        Process p = new ProcessBuilder(all).start();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return e.toString();
            }
        });
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), () -> out + err.join());
        List<String> lines = out.lines().toList();
        assertEquals("memory", lines.get(0), () -> out + err.join());
        assertEquals(expected, lines.get(1));
        try (Stream<Path> left = Files.list(cache)) {
            assertTrue(left.noneMatch(f -> f.toString().endsWith(".tmp") || f.toString().endsWith(".gvlref")),
                    "no partial entry left behind");
        }
    }

    @Test
    void locationIsLoggedOncePerDirectory() {
        Path dir = tmp.resolve("logged");
        assertTrue(ReferenceCache.logLocation(dir, 1));
        assertFalse(ReferenceCache.logLocation(dir, 1));
        assertFalse(ReferenceCache.logLocation(tmp.resolve("logged/../logged"), 1));
    }

    @Test
    void directoryResolvesPropertyThenEnvironmentThenXdgThenHome() {
        Map<String, String> none = Map.of();
        Map<String, String> home = Map.of("user.home", "/home/u");
        assertEquals(Path.of("/p"), CacheFiles.defaultDirectory(Map.of(CacheFiles.ENV, "/e")::get,
                Map.of(CacheFiles.PROPERTY, "/p", "user.home", "/home/u")::get));
        assertEquals(Path.of("/e"), CacheFiles.defaultDirectory(Map.of(CacheFiles.ENV, "/e",
                "XDG_CACHE_HOME", "/x")::get, home::get));
        assertEquals(Path.of("/x/gvl"), CacheFiles.defaultDirectory(Map.of("XDG_CACHE_HOME", "/x")::get, home::get));
        assertEquals(Path.of("/home/u/.cache/gvl"), CacheFiles.defaultDirectory(none::get, home::get));
        assertEquals(Path.of("/home/u/.cache/gvl"), CacheFiles.defaultDirectory(Map.of("XDG_CACHE_HOME",
                "relative")::get, home::get), "a relative XDG_CACHE_HOME is ignored, as the XDG spec says");
    }

    @Test
    void sizesParseWithBinaryUnits() {
        assertEquals(123, ReferenceCache.parseSize("123"));
        assertEquals(512L << 10, ReferenceCache.parseSize("512k"));
        assertEquals(64L << 20, ReferenceCache.parseSize("64MiB"));
        assertEquals(16L << 30, ReferenceCache.parseSize(" 16G "));
        assertEquals(16L << 30, ReferenceCache.parseSize(ReferenceCache.DEFAULT_MAX_TEXT));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReferenceCache.parseSize("lots"));
        assertTrue(e.getMessage().contains(ReferenceCache.MAX_ENV), e.getMessage());
    }
}
