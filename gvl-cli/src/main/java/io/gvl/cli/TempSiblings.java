package io.gvl.cli;

import io.gvl.format.DatasetLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The temporary entries a command builds its output in before renaming it into place. gvl names them after the
 * destination and the writing process: {@code <name>.tmp.<pid>-<hex>} (a dataset's build directory, an update's
 * staging directory) or {@code .<name>.tmp.<pid>-<hex>} (a hidden file: fetch, export and predict outputs). A guard
 * taken around a command's write
 * <ul>
 *   <li>first removes the entries whose process is no longer alive: what a run killed with SIGKILL left (those of a
 *       live process, a concurrent writer, are kept);</li>
 *   <li>while it is open, has a JVM shutdown hook remove this process's entries (SIGTERM, Ctrl-C);</li>
 *   <li>when closed, removes this process's entries still there (a failure half way).</li>
 * </ul>
 * A writer still running while the hook removes its entry may recreate part of it before the JVM halts; the next
 * run sweeps that, as it sweeps a killed run's. An entry with an install journal beside it
 * ({@code <entry>}{@value DatasetLayout#UPDATE_JOURNAL_SUFFIX}: an update renaming its tracks into place) is never
 * removed here: the library rolls it back or finishes it on the next update, and needs the entry to do so. The property {@value #PAUSE_PROPERTY} (milliseconds) makes a command
 * pause after creating its temporary entry here, so that a test can interrupt it there.
 */
final class TempSiblings implements AutoCloseable {
    /** Test hook: how long to pause after {@link #createFile}/{@link #createDirectory}, in milliseconds. */
    static final String PAUSE_PROPERTY = "gvl.cli.test.pauseAfterTemp";
    private static final Set<TempSiblings> OPEN = ConcurrentHashMap.newKeySet();
    private static final long PID = ProcessHandle.current().pid();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(TempSiblings::removeOwn),
                "gvl-temp-cleanup"));
    }

    private final Path dir;
    private final String stem;
    private final Pattern names;

    private TempSiblings(Path dir, String stem) {
        this.dir = dir;
        this.stem = stem;
        this.names = Pattern.compile("\\.?" + Pattern.quote(stem) + "\\.tmp\\.(\\d+)-[0-9a-f]+");
    }

    /**
     * Guards the temporary siblings of {@code dest}: {@code [.]<name>.tmp.<pid>-<hex>} beside it.
     *
     * @param dest the file or directory a command writes
     * @return the open guard; close it when the write has ended
     */
    static TempSiblings beside(Path dest) {
        Path target = dest.toAbsolutePath().normalize();
        if (target.getParent() == null) { // the root directory: no write there succeeds, nothing to guard beside it
            return in(target, "");
        }
        return in(target.getParent(), target.getFileName().toString());
    }

    /**
     * Guards the temporary entries {@code [.]<stem>.tmp.<pid>-<hex>} of {@code dir}.
     *
     * @param dir the directory that holds them
     * @param stem the name they start with
     * @return the open guard; close it when the write has ended
     */
    static TempSiblings in(Path dir, String stem) {
        TempSiblings guard = new TempSiblings(dir.toAbsolutePath().normalize(), stem);
        guard.remove(pid -> pid != PID && !alive(pid));
        OPEN.add(guard);
        return guard;
    }

    /**
     * Creates an empty hidden file {@code .<stem>.tmp.<pid>-<hex>} for this process.
     *
     * @return the new file
     * @throws IOException if it cannot be created
     */
    Path createFile() throws IOException {
        Path file = Files.createFile(dir.resolve("." + name()));
        pauseIfAsked();
        return file;
    }

    /**
     * Creates an empty directory {@code <stem>.tmp.<pid>-<hex>} for this process.
     *
     * @return the new directory
     * @throws IOException if it cannot be created
     */
    Path createDirectory() throws IOException {
        Path created = Files.createDirectory(dir.resolve(name()));
        pauseIfAsked();
        return created;
    }

    /** Removes this process's entries still there and ends the guard. */
    @Override
    public void close() {
        OPEN.remove(this);
        removeOwn();
    }

    private String name() {
        return stem + ".tmp." + PID + "-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
    }

    private void removeOwn() {
        remove(pid -> pid == PID);
    }

    /** Removes the entries of {@link #dir} named for this guard whose process id {@code which} accepts. */
    private void remove(LongPredicate which) {
        List<Path> entries;
        try (Stream<Path> s = Files.list(dir)) {
            entries = s.toList();
        } catch (IOException | UncheckedIOException e) {
            return; // no directory (yet), or not readable: nothing of ours can be there
        }
        for (Path p : entries) {
            Matcher m = names.matcher(p.getFileName().toString());
            if (m.matches() && which.test(Long.parseLong(m.group(1)))
                    && !Files.exists(p.resolveSibling(p.getFileName() + DatasetLayout.UPDATE_JOURNAL_SUFFIX))) {
                delete(p);
            }
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Deletes a file or a tree; a few passes, since a writer may still be adding files to it. */
    private static void delete(Path entry) {
        for (int pass = 0; pass < 5 && Files.exists(entry, LinkOption.NOFOLLOW_LINKS); pass++) {
            try (Stream<Path> walk = Files.walk(entry)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException | UncheckedIOException e) {
                // a file added or removed meanwhile: the next pass sees the tree as it is now
            }
        }
    }

    private static void pauseIfAsked() {
        Long millis = Long.getLong(PAUSE_PROPERTY);
        if (millis != null) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
