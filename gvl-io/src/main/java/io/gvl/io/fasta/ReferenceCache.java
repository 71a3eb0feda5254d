package io.gvl.io.fasta;

import io.gvl.io.internal.CacheFiles;
import io.gvl.io.internal.fasta.ContentKey;
import io.gvl.io.internal.fasta.ReferenceCacheFile;
import io.gvl.io.internal.fasta.ReferenceCacheFile.Layout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The directory of decoded references that {@link Reference} maps, and its upkeep. Entries are keyed by the
 * FASTA's content (size and SHA-256), so copies of one FASTA share an entry and an edited FASTA never meets a
 * stale one. The directory is {@code -Dgvl.cache.dir}, {@code $GVL_CACHE_DIR}, {@code $XDG_CACHE_HOME/gvl} or
 * {@code ~/.cache/gvl}; its size is capped ({@code -Dgvl.cache.max}, {@code $GVL_CACHE_MAX}, default
 * {@value #DEFAULT_MAX_TEXT}) by evicting the least recently used entries after each new one. An open counts as a
 * use (it sets the entry's modification time).
 */
public final class ReferenceCache {
    /** Environment variable for the size cap, e.g. {@code 50g}, {@code 512m}, or a byte count. */
    public static final String MAX_ENV = "GVL_CACHE_MAX";
    /** System property for the size cap (wins over {@value #MAX_ENV}). */
    public static final String MAX_PROPERTY = "gvl.cache.max";
    /** The default size cap, as text. */
    public static final String DEFAULT_MAX_TEXT = "16g";

    private static final Logger LOG = LoggerFactory.getLogger(ReferenceCache.class);
    private static final Set<Path> LOGGED = ConcurrentHashMap.newKeySet();

    /**
     * One cached reference: the entry file, its size, when it was last used and the FASTA it was built from.
     *
     * @param file the entry file
     * @param bytes its size in bytes
     * @param lastUsed its modification time, set by every open
     * @param source the FASTA path recorded in the entry ({@code null} if the entry is unreadable)
     * @param sourceBytes that FASTA's size in bytes, or -1 if not recorded
     */
    public record Entry(Path file, long bytes, Instant lastUsed, Path source, long sourceBytes) {}

    private ReferenceCache() {}

    /**
     * The cache directory in effect (see the class comment for the order of settings).
     *
     * @return the directory; it may not exist yet
     */
    public static Path directory() {
        return CacheFiles.defaultDirectory();
    }

    /**
     * The size cap in effect, in bytes.
     *
     * @return the cap from {@value #MAX_PROPERTY}, {@value #MAX_ENV}, or {@value #DEFAULT_MAX_TEXT}
     * @throws IllegalArgumentException if the setting is not a size
     */
    public static long maxBytes() {
        String text = System.getProperty(MAX_PROPERTY);
        if (text == null || text.isBlank()) {
            text = System.getenv(MAX_ENV);
        }
        if (text == null || text.isBlank()) {
            text = DEFAULT_MAX_TEXT;
        }
        return parseSize(text);
    }

    /**
     * Parses {@code 123}, {@code 512k}, {@code 64m}, {@code 16g}, {@code 1t} (binary units, optional
     * {@code b}/{@code ib}).
     *
     * @param text a size, e.g. {@code 512m} or {@code 16GiB}; case-insensitive
     * @return the size in bytes
     * @throws IllegalArgumentException if the text is not a size or overflows {@code long}
     */
    public static long parseSize(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT).replaceAll("i?b$", "");
        int shift = 0;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'k' -> shift = 10;
                case 'm' -> shift = 20;
                case 'g' -> shift = 30;
                case 't' -> shift = 40;
                default -> shift = -1;
            }
            if (shift >= 0) {
                t = t.substring(0, t.length() - 1).strip();
            } else {
                shift = 0;
            }
        }
        try {
            long n = Long.parseLong(t);
            if (n < 0 || n > (Long.MAX_VALUE >> shift)) {
                throw new NumberFormatException();
            }
            return n << shift;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("reference cache size '" + text + "' is not a size like 16g, 512m or "
                    + "a byte count (set " + MAX_ENV + " or -D" + MAX_PROPERTY + ")");
        }
    }

    /**
     * The entries of {@code dir}, most recently used first; an absent directory has none.
     *
     * @param dir a cache directory
     * @return the entries; an unreadable entry has no {@code source}
     */
    public static List<Entry> list(Path dir) {
        List<Entry> out = new ArrayList<>();
        for (Path p : entryFiles(dir)) {
            Layout layout = ReferenceCacheFile.tryRead(p);
            try {
                out.add(new Entry(p, Files.size(p), Files.getLastModifiedTime(p).toInstant(),
                        layout == null ? null : Path.of(layout.source()), layout == null ? -1 : layout.sourceSize()));
            } catch (IOException e) {
                // deleted meanwhile by another process: not an entry any more
            }
        }
        out.sort(Comparator.comparing(Entry::lastUsed).reversed());
        return out;
    }

    /**
     * Deletes every entry of {@code dir} with its sidecars and remembered hashes; returns the bytes freed.
     *
     * @param dir a cache directory
     * @return the number of bytes deleted
     */
    public static long clear(Path dir) {
        long freed = 0;
        for (Path p : entryFiles(dir)) {
            freed += delete(p);
        }
        for (Path p : files(dir.resolve(ContentKey.SOURCES))) {
            delete(p);
        }
        for (Path p : files(dir)) {
            String name = p.getFileName().toString();
            if (name.endsWith(".fai") || name.endsWith(".tmp")) {
                freed += delete(p);
            }
        }
        return freed;
    }

    /** Logs the directory and cap once per directory and JVM; true when it logged now. */
    static boolean logLocation(Path dir, long max) {
        Path abs = dir.toAbsolutePath().normalize();
        if (!LOGGED.add(abs)) {
            return false;
        }
        if (LOG.isInfoEnabled()) { // formatting the limit costs a cold JVM more than the rest of the line
            LOG.info("reference cache: {} (limit {}; set {} / {} to change)", abs, human(max), CacheFiles.ENV,
                    MAX_ENV);
        }
        return true;
    }

    /** Marks {@code entry} as just used; on a read-only directory this is skipped. */
    static void touch(Path entry) {
        try {
            Files.setLastModifiedTime(entry, FileTime.from(Instant.now()));
        } catch (IOException e) {
            LOG.debug("cannot mark {} as used: {}", entry, e.toString());
        }
    }

    /**
     * Deletes least recently used entries of {@code dir} (never {@code keep}) until the entries fit in
     * {@code max} bytes; returns the deleted entries.
     */
    static List<Path> evict(Path dir, long max, Path keep) {
        List<Entry> entries = new ArrayList<>(list(dir));
        long total = entries.stream().mapToLong(Entry::bytes).sum();
        List<Path> evicted = new ArrayList<>();
        for (int i = entries.size() - 1; i >= 0 && total > max; i--) {
            Entry e = entries.get(i);
            if (e.file().equals(keep)) {
                continue;
            }
            if (delete(e.file()) > 0) {
                delete(faiOf(e.file()));
                total -= e.bytes();
                evicted.add(e.file());
                LOG.info("reference cache: evicted {} ({}, built from {}) to stay within {}", e.file().getFileName(),
                        human(e.bytes()), e.source(), human(max));
            }
        }
        return evicted;
    }

    private static Path faiOf(Path entry) {
        String name = entry.getFileName().toString();
        return entry.resolveSibling(name.substring(0, name.length() - ReferenceCacheFile.SUFFIX.length()) + ".fai");
    }

    private static List<Path> entryFiles(Path dir) {
        return files(dir).stream().filter(p -> p.getFileName().toString().endsWith(ReferenceCacheFile.SUFFIX))
                .toList();
    }

    private static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the reference cache " + dir, e);
        }
    }

    private static long delete(Path p) {
        try {
            long n = Files.size(p);
            return Files.deleteIfExists(p) ? n : 0;
        } catch (IOException e) {
            LOG.debug("cannot delete {}: {}", p, e.toString());
            return 0;
        }
    }

    static String human(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
