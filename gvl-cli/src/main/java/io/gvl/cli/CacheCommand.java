package io.gvl.cli;

import io.gvl.io.fasta.ReferenceCache;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gvl cache list|clear}: shows and empties the reference cache (decoded FASTAs keyed by content), so a
 * user can see where disk space went and reclaim it without knowing the file layout.
 */
@Command(name = "cache", mixinStandardHelpOptions = true,
        description = "List or clear the reference cache (GVL_CACHE_DIR, default ~/.cache/gvl).",
        subcommands = {CacheCommand.ListEntries.class, CacheCommand.ClearEntries.class})
public final class CacheCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The cache directory option shared by both subcommands. */
    static final class DirOption {
        @Option(names = "--dir", paramLabel = "DIR",
                description = "Cache directory (default: -Dgvl.cache.dir, GVL_CACHE_DIR, $XDG_CACHE_HOME/gvl or "
                        + "~/.cache/gvl).")
        Path dir;

        Path resolve() {
            return dir != null ? dir : ReferenceCache.directory();
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "One line per cached reference, most recently used first: size, last use (UTC), FASTA.")
    static final class ListEntries implements Callable<Integer> {
        @picocli.CommandLine.Mixin
        DirOption dir = new DirOption();

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            Path d = dir.resolve();
            List<ReferenceCache.Entry> entries = ReferenceCache.list(d);
            long total = entries.stream().mapToLong(ReferenceCache.Entry::bytes).sum();
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "# %s: %d entr%s, %s (limit %s)%n", d.toAbsolutePath(), entries.size(),
                    entries.size() == 1 ? "y" : "ies", human(total), human(ReferenceCache.maxBytes()));
            DateTimeFormatter time = DateTimeFormatter.ISO_LOCAL_DATE_TIME.withZone(ZoneOffset.UTC);
            for (ReferenceCache.Entry e : entries) {
                out.printf(Locale.ROOT, "%s\t%s\t%s\t%s%n", human(e.bytes()),
                        time.format(e.lastUsed().truncatedTo(ChronoUnit.SECONDS)),
                        e.source() == null ? "(unreadable entry)" : e.source(), e.file().getFileName());
            }
            return 0;
        }
    }

    @Command(name = "clear", mixinStandardHelpOptions = true,
            description = "Delete every cached reference; they are rebuilt on next use.")
    static final class ClearEntries implements Callable<Integer> {
        @picocli.CommandLine.Mixin
        DirOption dir = new DirOption();

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            Path d = dir.resolve();
            int n = ReferenceCache.list(d).size();
            long freed = ReferenceCache.clear(d);
            spec.commandLine().getOut().printf(Locale.ROOT, "%s: removed %d entr%s, freed %s%n", d.toAbsolutePath(), n,
                    n == 1 ? "y" : "ies", human(freed));
            return 0;
        }
    }

    private static String human(long bytes) {
        return bytes < 1024 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s",
                bytes / Math.pow(1024, unit(bytes)), new String[] {"B", "KiB", "MiB", "GiB", "TiB"}[unit(bytes)]);
    }

    private static int unit(long bytes) {
        int u = 0;
        for (double v = bytes; v >= 1024 && u < 4; v /= 1024) {
            u++;
        }
        return u;
    }
}
