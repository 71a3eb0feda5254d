package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which entries a {@link TempSiblings} guard removes: on opening, those of its destination whose process is gone;
 * on closing, this process's own; never a live process's, the destination itself, its lock or another output's.
 */
class TempSiblingsTest {
    private static final long OWN = ProcessHandle.current().pid();

    @TempDir
    Path dir;

    /** The id of a process that has ended (a JVM started and waited for). */
    static long deadPid() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "-version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        p.waitFor();
        assertFalse(ProcessHandle.of(p.pid()).map(ProcessHandle::isAlive).orElse(false));
        return p.pid();
    }

    /** The id of a live process other than this one: the one that started this JVM (Maven), else init. */
    static long livePid() {
        return ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(1L);
    }

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void openingSweepsDeadWritersOnlyAndClosingSweepsOurOwn() throws Exception {
        long dead = deadPid();
        long live = livePid();
        Path deadDir = Files.createDirectories(dir.resolve("OUT.tmp." + dead + "-0badc0de").resolve("genotypes"));
        Files.writeString(deadDir.resolve("part"), "x");
        Files.writeString(dir.resolve(".OUT.tmp." + dead + "-0badc0de"), "x");
        for (String kept : List.of("OUT", "OUT.lock", ".OUT.tmp." + live + "-0badc0de", "OTHER.tmp." + dead + "-ab",
                "OUT.tmp." + dead + "-notHex", "OUT.old." + dead + "-ab", "OUTX.tmp." + dead + "-ab")) {
            Files.writeString(dir.resolve(kept), "x");
        }
        List<String> before;
        try (TempSiblings guard = TempSiblings.beside(dir.resolve("OUT"))) {
            before = names();
            Path own = guard.createFile();
            assertTrue(own.getFileName().toString().matches("\\.OUT\\.tmp\\." + OWN + "-[0-9a-f]{8}"), own.toString());
            Files.writeString(dir.resolve("OUT.tmp." + OWN + "-00c0ffee"), "left by a failed write");
        }
        List<String> kept = List.of(".OUT.tmp." + live + "-0badc0de", "OTHER.tmp." + dead + "-ab", "OUT",
                "OUT.lock", "OUT.old." + dead + "-ab", "OUT.tmp." + dead + "-notHex", "OUTX.tmp." + dead + "-ab");
        assertEquals(kept.stream().sorted().toList(), before, "a dead writer's file and directory are swept");
        assertEquals(before, names(), "this process's entries are removed on close");
    }

    @Test
    void stagingDirectoriesInsideADataset() throws Exception {
        long dead = deadPid();
        Files.createDirectories(dir.resolve("update.tmp." + dead + "-12ab").resolve("intervals"));
        try (TempSiblings guard = TempSiblings.in(dir, "update")) {
            assertEquals(List.of(), names());
            Path own = guard.createDirectory();
            Files.writeString(own.resolve("values.npy"), "x");
        }
        assertEquals(List.of(), names());
        assertDoesNotThrow(() -> TempSiblings.beside(Path.of("/")).close(), "gvl export --hdf5 / is refused later");
    }
}
