package io.gvl.io.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.UnaryOperator;

/**
 * Where derived files (reference caches, built indexes) live and how they are published. Inputs may sit on
 * read-only storage, so nothing is ever written beside them: derived files go to a cache directory (the
 * reference cache names its entries by content, see {@code ReferenceCacheFile}) and appear by atomic rename.
 */
public final class CacheFiles {
    /** Environment variable that sets the cache directory. */
    public static final String ENV = "GVL_CACHE_DIR";
    /** System property that sets the cache directory (wins over {@value #ENV}). */
    public static final String PROPERTY = "gvl.cache.dir";

    private CacheFiles() {}

    /**
     * {@code -Dgvl.cache.dir}, else {@code $GVL_CACHE_DIR}, else {@code $XDG_CACHE_HOME/gvl}, else
     * {@code ~/.cache/gvl}: a per-user directory that survives reboots, unlike {@code java.io.tmpdir}.
     */
    public static Path defaultDirectory() {
        return defaultDirectory(System::getenv, System::getProperty);
    }

    /** {@link #defaultDirectory()} over the given environment and system properties. */
    public static Path defaultDirectory(UnaryOperator<String> env, UnaryOperator<String> properties) {
        String prop = properties.apply(PROPERTY);
        if (prop != null && !prop.isBlank()) {
            return Path.of(prop);
        }
        String dir = env.apply(ENV);
        if (dir != null && !dir.isBlank()) {
            return Path.of(dir);
        }
        String xdg = env.apply("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "gvl");
        }
        return Path.of(properties.apply("user.home"), ".cache", "gvl");
    }

    /** A fresh temporary sibling of {@code target}, on the same file system so the final rename is atomic. */
    public static Path tempSibling(Path target) {
        try {
            Files.createDirectories(target.toAbsolutePath().getParent());
            return Files.createTempFile(target.toAbsolutePath().getParent(), target.getFileName() + ".", ".tmp");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary file beside " + target, e);
        }
    }

    /** Moves {@code tmp} onto {@code target} atomically (replacing it), falling back to a plain replace. */
    public static void publish(Path tmp, Path target) {
        try {
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            deleteQuietly(tmp);
            throw new UncheckedIOException("cannot publish " + target, e);
        }
    }

    /** Best-effort delete for temporary files on an error path. */
    public static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // the original error matters more than a leftover temporary file
        }
    }
}
