package io.gvl.format.array;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a large array file is written past the page cache ({@code O_DIRECT}), from {@value #PROPERTY}.
 *
 * <p>Why: a write's genotype and track arrays are hundreds of MiB to GiB that nothing reads back while the write
 * runs. Written through the page cache, the kernel copies every byte into freshly allocated cache pages and later
 * writes them back: in a 20,000-sample write (244 MiB of arrays) that copy alone took 0.49 CPU-seconds of the one
 * thread that appends the arrays in order; written direct, that thread's whole kernel time was 0.12 s.
 *
 * <p>{@code auto} (the default) writes direct on local file systems known to take it well (ext4, XFS); {@code
 * always} tries any file system; {@code never} keeps the page cache. Where direct writes cannot be opened (a file
 * system that refuses them, such as tmpfs before Linux 6.6, or a JDK without the option) the file is written through
 * the page cache, as before, and that is logged once at DEBUG. The bytes on disk are the same either way.
 */
final class DirectWrites {
    /** System property choosing the policy: {@code auto}, {@code always} or {@code never}. */
    static final String PROPERTY = "gvl.write.direct";

    /** File systems {@code auto} writes direct on: local, block-based, with well-behaved {@code O_DIRECT}. */
    private static final Set<String> AUTO_TYPES = Set.of("ext4", "xfs");

    private static final Logger LOG = LoggerFactory.getLogger(DirectWrites.class);
    private static final AtomicBoolean WARNED_VALUE = new AtomicBoolean();
    private static final AtomicBoolean LOGGED_FALLBACK = new AtomicBoolean();

    /**
     * The JDK's open option for direct I/O, {@code com.sun.nio.file.ExtendedOpenOption.DIRECT} (module
     * jdk.unsupported), looked up by name so that gvl compiles without that internal API's warning; null on a JDK
     * without it, where every file goes through the page cache.
     */
    static final OpenOption DIRECT = directOption();

    /** The policy. */
    enum Mode {
        AUTO, ALWAYS, NEVER
    }

    private DirectWrites() {
    }

    private static OpenOption directOption() {
        try {
            Object[] options = Class.forName("com.sun.nio.file.ExtendedOpenOption").getEnumConstants();
            for (Object o : options != null ? options : new Object[0]) {
                if (o instanceof Enum<?> e && e.name().equals("DIRECT") && o instanceof OpenOption option) {
                    return option;
                }
            }
        } catch (ClassNotFoundException | LinkageError | SecurityException e) {
            LOG.debug("no direct-I/O open option in this JDK ({})", e.toString());
        }
        return null;
    }

    /** The policy {@value #PROPERTY} asks for; {@link Mode#AUTO} when unset, unknown values logged once. */
    static Mode requested() {
        String value = System.getProperty(PROPERTY, "auto").strip().toLowerCase(Locale.ROOT);
        return switch (value) {
            case "", "auto" -> Mode.AUTO;
            case "always", "true" -> Mode.ALWAYS;
            case "never", "false" -> Mode.NEVER;
            default -> {
                if (WARNED_VALUE.compareAndSet(false, true)) {
                    LOG.warn("-D{}={} is not auto, always or never; using auto", PROPERTY, value);
                }
                yield Mode.AUTO;
            }
        };
    }

    /**
     * The block size direct writes of {@code file} must align to under {@code mode}, or 0 when the file is to go
     * through the page cache (the policy, the file system's type, or a block size gvl's buffer cannot align to).
     */
    static int blockSize(Path file, Mode mode, int bufferAlignment) {
        if (mode == Mode.NEVER) {
            return 0;
        }
        try {
            FileStore store = Files.getFileStore(file);
            if (mode == Mode.AUTO && !AUTO_TYPES.contains(store.type())) {
                return 0;
            }
            long size = store.getBlockSize();
            boolean usable = size > 0 && size <= bufferAlignment && Long.bitCount(size) == 1;
            return usable ? (int) size : 0;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return 0;
        }
    }

    /** Logs, once, that a file meant to be written direct goes through the page cache, and why. */
    static void fellBack(Path file, Exception why) {
        if (LOGGED_FALLBACK.compareAndSet(false, true)) {
            LOG.debug("{}: written through the page cache; direct writes could not be opened ({})", file,
                    why.getMessage() != null ? why.getMessage() : why.getClass().getSimpleName());
        }
    }
}
