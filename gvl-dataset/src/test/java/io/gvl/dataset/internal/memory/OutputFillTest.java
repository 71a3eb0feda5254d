package io.gvl.dataset.internal.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The test JVMs run with fresh output memory poisoned (the build sets {@value OutputFill#PROPERTY}{@code =poison}),
 * which is what makes every byte-comparing test also prove that kernels write every byte of their outputs. These
 * tests pin that the poison is really there, and the arena's lifetime rules.
 */
class OutputFillTest {
    private final String before = System.getProperty(OutputFill.PROPERTY);

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(OutputFill.PROPERTY);
        } else {
            System.setProperty(OutputFill.PROPERTY, before);
        }
    }

    @Test
    void theTestJvmPoisonsFreshOutputMemory() {
        assertTrue(NativeMemory.AVAILABLE, "the test JVM has native access (--enable-native-access)");
        assertEquals(OutputFill.POISON, OutputFill.current(), "the build runs tests with -Dgvl.outputFill=poison");
        try (Arena arena = OutputFill.newSharedArena()) {
            for (long size : new long[] {1, 7, 4096, 1 << 20}) {
                MemorySegment s = arena.allocate(size, 8);
                assertEquals(size, s.byteSize());
                assertEquals(0, s.address() % 8);
                assertEquals(-1, s.mismatch(MemorySegment.ofArray(filled(size))), "all " + size + " bytes poisoned");
            }
        }
        MemorySegment slot = MemorySegment.ofArray(new byte[33]);
        OutputFill.prepare(slot);
        assertEquals(OutputFill.POISON_BYTE, slot.get(ValueLayout.JAVA_BYTE, 32));
    }

    @Test
    void alignmentsUpToAPageAreHonoured() {
        try (Arena arena = new UnzeroedArena(false, null)) {
            for (long align = 1; align <= 4096; align <<= 1) {
                assertEquals(0, arena.allocate(13, align).address() % align, "alignment " + align);
            }
            assertThrows(IllegalArgumentException.class, () -> arena.allocate(8, 3));
            assertThrows(IllegalArgumentException.class, () -> arena.allocate(-1, 8));
            assertEquals(0, arena.allocate(0, 8).byteSize());
        }
    }

    @Test
    void segmentsWorkFromOtherThreadsAndRefuseAccessAfterClose() throws Exception {
        Arena arena = OutputFill.newSharedArena();
        MemorySegment s = arena.allocate(64, 8);
        CompletableFuture.runAsync(() -> s.set(ValueLayout.JAVA_LONG, 8, 42L)).get();
        assertEquals(42L, s.get(ValueLayout.JAVA_LONG, 8));
        arena.close();
        assertThrows(IllegalStateException.class, () -> s.get(ValueLayout.JAVA_LONG, 8));
        assertThrows(IllegalStateException.class, () -> arena.allocate(8, 8));
    }

    @Test
    void zeroAndUnknownFills() {
        System.setProperty(OutputFill.PROPERTY, "zero");
        try (Arena arena = OutputFill.newSharedArena()) {
            assertEquals(-1, arena.allocate(100, 8).mismatch(MemorySegment.ofArray(new byte[100])));
        }
        System.setProperty(OutputFill.PROPERTY, "none");
        assertEquals(OutputFill.NONE, OutputFill.current());
        System.setProperty(OutputFill.PROPERTY, "garbage");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, OutputFill::current);
        assertTrue(e.getMessage().contains("none, zero or poison"), e.getMessage());
    }

    private static byte[] filled(long size) {
        byte[] b = new byte[(int) size];
        java.util.Arrays.fill(b, OutputFill.POISON_BYTE);
        return b;
    }
}
