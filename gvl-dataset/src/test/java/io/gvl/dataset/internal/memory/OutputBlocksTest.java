package io.gvl.dataset.internal.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The cache of large output blocks: size classes, reuse, the idle cap, and what closing does. */
class OutputBlocksTest {
    private static final long MIB = 1L << 20;

    @Test
    void sizeClassesLeaveAtMostAnEighthOfSlackSeed7() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            long bytes = 1 + rnd.nextLong(1L << 40);
            long c = OutputBlocks.sizeClass(bytes);
            assertTrue(c >= bytes && c - bytes <= bytes / 8, bytes + " -> " + c);
            assertEquals(c, OutputBlocks.sizeClass(c), "a class is its own class");
        }
        assertEquals(MIB, OutputBlocks.sizeClass(MIB));
        assertEquals(MIB + MIB / 8, OutputBlocks.sizeClass(MIB + 1));
        assertEquals(7, OutputBlocks.sizeClass(7));
    }

    @Test
    void aBlockGivenBackServesTheNextRequestOfItsClass() {
        try (OutputBlocks blocks = new OutputBlocks(64 * MIB)) {
            OutputBlocks.Block a = blocks.take(10 * MIB);
            assertEquals(10 * MIB, a.capacity());
            blocks.give(a);
            assertEquals(10 * MIB, blocks.idleBytes());
            OutputBlocks.Block b = blocks.take(10 * MIB - 12345);
            assertEquals(a, b, "same class: the idle block again");
            assertEquals(0, blocks.idleBytes());
            OutputBlocks.Block c = blocks.take(3 * MIB);
            assertNotEquals(a.address(), c.address());
            blocks.give(b);
            blocks.give(c);
            assertEquals(13 * MIB, blocks.idleBytes());
        }
    }

    @Test
    void smallAndOversizedRequestsAreNotCached() {
        try (OutputBlocks blocks = new OutputBlocks(16 * MIB)) {
            assertNull(blocks.take(OutputBlocks.MIN_BLOCK - 1), "malloc keeps small blocks mapped itself");
            assertNull(blocks.take(8 * MIB + 1), "larger than half the cap");
        }
        try (OutputBlocks none = new OutputBlocks(0)) {
            assertNull(none.take(MIB), "a zero cap caches nothing");
        }
        assertThrows(IllegalArgumentException.class, () -> new OutputBlocks(-1));
    }

    @Test
    void theIdleCapFreesTheBlocksGivenBackLongestAgo() {
        try (OutputBlocks blocks = new OutputBlocks(8 * MIB)) {
            OutputBlocks.Block first = blocks.take(4 * MIB);
            OutputBlocks.Block second = blocks.take(4 * MIB);
            OutputBlocks.Block third = blocks.take(4 * MIB);
            blocks.give(first);
            blocks.give(second);
            blocks.give(third);
            assertEquals(8 * MIB, blocks.idleBytes(), "at most the cap stays idle");
            assertEquals(third, blocks.take(4 * MIB), "the most recent first");
            assertEquals(second, blocks.take(4 * MIB));
            blocks.give(second);
            blocks.give(third);
        }
    }

    @Test
    void closingFreesIdleBlocksAndLaterReturnsAtOnce() {
        OutputBlocks blocks = new OutputBlocks(64 * MIB);
        OutputBlocks.Block kept = blocks.take(MIB);
        OutputBlocks.Block live = blocks.take(2 * MIB);
        blocks.give(kept);
        blocks.close();
        assertEquals(0, blocks.idleBytes());
        blocks.give(live);
        assertEquals(0, blocks.idleBytes(), "given back after close: freed, not kept");
        blocks.close();
    }

    @Test
    void anArenaOverTheCacheReusesBlocksPoisonsThemAndRefusesAccessAfterClose() {
        try (OutputBlocks blocks = new OutputBlocks(64 * MIB)) {
            MemorySegment first;
            long address;
            try (Arena arena = new UnzeroedArena(true, blocks)) {
                first = arena.allocate(3 * MIB, 64);
                assertEquals(0, first.address() % 64);
                address = first.address();
                first.fill((byte) 1);
            }
            assertThrows(IllegalStateException.class, () -> first.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0));
            assertTrue(blocks.idleBytes() >= 3 * MIB, "given back when the arena closed");
            try (Arena arena = new UnzeroedArena(true, blocks)) {
                MemorySegment again = arena.allocate(3 * MIB, 64);
                assertEquals(address, again.address(), "the same block");
                byte[] poison = new byte[(int) (3 * MIB)];
                java.util.Arrays.fill(poison, OutputFill.POISON_BYTE);
                assertEquals(-1, again.mismatch(MemorySegment.ofArray(poison)), "reused memory is poisoned afresh");
            }
        }
    }

    @Test
    void threadsTakingAndGivingNeverShareALiveBlockSeed13() throws Exception {
        try (OutputBlocks blocks = new OutputBlocks(8 * MIB)) {
            java.util.Set<Long> live = java.util.concurrent.ConcurrentHashMap.newKeySet();
            java.util.List<java.util.concurrent.Future<?>> runs = new java.util.ArrayList<>();
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
            try {
                for (int t = 0; t < 4; t++) {
                    long seed = 13 + t;
                    runs.add(pool.submit(() -> {
                        SplittableRandom rnd = new SplittableRandom(seed);
                        for (int i = 0; i < 2_000; i++) {
                            OutputBlocks.Block b = blocks.take(OutputBlocks.MIN_BLOCK + rnd.nextLong(3 * MIB));
                            assertTrue(live.add(b.address()), "a block handed out twice: " + b);
                            MemorySegment mine = MemorySegment.ofAddress(b.address()).reinterpret(b.capacity());
                            long mark = seed * 1_000_003L + i;
                            mine.set(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, b.capacity() - 8, mark);
                            Thread.yield();
                            assertEquals(mark, mine.get(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED,
                                    b.capacity() - 8), "another thread wrote into a block this one holds");
                            live.remove(b.address());
                            blocks.give(b);
                        }
                        return null;
                    }));
                }
                for (java.util.concurrent.Future<?> r : runs) {
                    r.get();
                }
            } finally {
                pool.shutdown();
            }
            assertTrue(blocks.idleBytes() <= 8 * MIB, "idle within the cap: " + blocks.idleBytes());
        }
    }
}
