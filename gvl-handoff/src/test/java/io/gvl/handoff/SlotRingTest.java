package io.gvl.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
