package io.gvl.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Slot files are whole MiB, grow in place when a batch does not fit, are shared with other mappings, and go away at close. */
class SlotRingTest {
    @TempDir
    Path tmp;

    @Test
    void aSlotGrowsToAWholeMibAndItsBytesReachTheFile() throws Exception {
        Path dir = tmp.resolve("ring");
        try (SlotRing ring = SlotRing.create(dir, 2, 0)) {
            Path file = dir.resolve(SlotRing.fileName(1));
            assertEquals(1L << 20, Files.size(file));
            MemorySegment grown = ring.segment(1, (3L << 20) + 1);
            assertEquals(4L << 20, grown.byteSize());
            assertEquals(4L << 20, Files.size(file));
            grown.set(ValueLayout.JAVA_BYTE, (3L << 20) + 7, (byte) 42);
            byte[] onDisk = Files.readAllBytes(file);
            assertEquals(42, onDisk[(3 << 20) + 7], "the mapping is the file another process maps");
            assertEquals(1L << 20, ring.segment(0, 10).byteSize(), "a batch that fits does not grow the slot");
        }
        assertFalse(Files.exists(dir.resolve(SlotRing.fileName(0))));
    }

    @Test
    void aRingNeedsAtLeastOneSlotAndAWritableDirectory() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> SlotRing.create(tmp, 0, 0));
        Path notADir = Files.writeString(tmp.resolve("file"), "x");
        HandoffException e = assertThrows(HandoffException.class, () -> SlotRing.create(notADir.resolve("ring"), 1, 0));
        assertEquals(true, e.getMessage().contains(notADir.resolve("ring").toString()), e.getMessage());
    }

    @Test
    void slotDirectoriesOfDeadProducersAreSweptAndNothingElse() throws Exception {
        long dead = deadPid();
        Path stale = Files.createDirectories(tmp.resolve("gvl-handoff-" + dead));
        Files.write(stale.resolve("slot-0.bin"), new byte[16]);
        Files.write(stale.resolve("slot-12.bin"), new byte[16]);
        Path foreign = Files.createDirectories(tmp.resolve("gvl-handoff-" + (dead + 1)));
        Files.writeString(foreign.resolve("notes.txt"), "not a slot");
        Path live = Files.createDirectories(tmp.resolve("gvl-handoff-" + ProcessHandle.current().pid()));
        Files.write(live.resolve("slot-0.bin"), new byte[16]);
        Path named = Files.createDirectories(tmp.resolve("gvl-handoff-run"));

        assertEquals(1, SlotRing.sweepStale(tmp, "gvl-handoff-"));
        assertFalse(Files.exists(stale), "a dead producer's slot directory goes");
        assertTrue(Files.exists(foreign.resolve("notes.txt")), "a directory holding other files stays");
        assertTrue(Files.exists(live.resolve("slot-0.bin")), "a live process's directory stays");
        assertTrue(Files.isDirectory(named), "a name without a pid stays");
        assertEquals(0, SlotRing.sweepStale(tmp.resolve("missing"), "gvl-handoff-"));
    }

    /** A pid no process has: the highest ones above the live processes' pids are free on Linux. */
    private static long deadPid() {
        long pid = ProcessHandle.allProcesses().mapToLong(ProcessHandle::pid).max().orElse(1) + 1000;
        while (ProcessHandle.of(pid).isPresent() || ProcessHandle.of(pid + 1).isPresent()) {
            pid += 1000;
        }
        return pid;
    }
}
