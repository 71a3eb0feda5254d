package io.gvl.dataloader.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlotLayoutTest {

    @Test
    void roundTripAndDocumentedLittleEndianHeader() {
        try (Arena arena = Arena.ofConfined()) {
            Ragged seqs = Ragged.allocate(arena, DType.U8, new long[] {2, 2}, new long[] {3, 0, 1, 2});
            MemorySegment.copy("ACGTNN".getBytes(), 0, seqs.data(), ValueLayout.JAVA_BYTE, 0, 6);
            Dense track = Dense.allocate(arena, DType.F32, new long[] {2, 3});
            for (int i = 0; i < 6; i++) {
                track.data().setAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i, i * 1.5f);
            }
            MemorySegment slot = arena.allocate(8192);
            ChunkSlotHeader.write(slot, 7, 2, List.of(new NamedArray("haplotypes", seqs), new NamedArray("trk", track)));

            ByteBuffer h = slot.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
            byte[] magic = new byte[8];
            h.get(0, magic);
            assertEquals("GVLSLOT1", new String(magic));
            assertEquals(7, h.getLong(8));
            assertEquals(2, h.getLong(16));
            assertEquals(2, h.getInt(32));
            assertEquals(4096, h.getInt(36));
            assertEquals(1, h.get(40)); // ragged
            assertEquals(0, h.get(41)); // u8

            ChunkSlotHeader.Contents c = ChunkSlotHeader.read(slot);
            assertEquals(7, c.sequence());
            Ragged r = (Ragged) c.arrays().get(0).array();
            assertEquals("haplotypes", c.arrays().get(0).name());
            assertArrayEquals(new long[] {2, 2}, r.leadingShape());
            assertArrayEquals("ACG".getBytes(), r.rowBytes(0));
            assertArrayEquals("NN".getBytes(), r.rowBytes(3));
            Dense d = (Dense) c.arrays().get(1).array();
            assertArrayEquals(new long[] {2, 3}, d.shape());
            assertEquals(7.5f, d.data().getAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, 5));
            assertEquals(0, r.data().address() % 8, "payload blocks are 8-byte aligned");

            MemorySegment small = arena.allocate(4200);
            Dense big = Dense.allocate(arena, DType.F32, new long[] {100});
            assertThrows(IllegalStateException.class,
                    () -> ChunkSlotHeader.write(small, 0, 1, List.of(new NamedArray("big", big))));
        }
    }

    @Test
    void sharedSlotFilesAreDeletedOnClose() {
        SharedSlots slots = new SharedSlots(1024);
        List<Path> files = slots.files();
        assertTrue(files.stream().allMatch(Files::exists));
        slots.close();
        slots.close();
        assertFalse(files.stream().anyMatch(Files::exists));
    }

    @Test
    void chunksAreGreedyRunsThatFitASlot() {
        assertArrayEquals(new int[] {0, 2, 3, 5}, FetchChunks.plan(new long[] {4, 6, 9, 5, 5}, 10, 10, 2, 20, 2));
        assertArrayEquals(new int[] {0}, FetchChunks.plan(new long[] {}, 10, 10, 2, 20, 2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FetchChunks.plan(new long[] {4, 11}, 10, 10, 2, 20, 2));
        assertTrue(e.getMessage().startsWith("batch 1 needs 11 bytes but one buffer slot holds 10"), e.getMessage());
    }

    @Test
    void anEpochIsCutIntoChunksOfAbout16MiBThatFitA16MiBBlockWithTheirSlack() {
        long mib = 1L << 20;
        long[] big = new long[15];
        java.util.Arrays.fill(big, 2 * mib + 100); // 16 kb x 64 haplotypes
        long target = FetchChunks.target(128 * mib);
        assertTrue(target + BlockPool.SLACK <= 16 * mib && target > 15 * mib, "a chunk and its slack fit 16 MiB: " + target);
        assertArrayEquals(new int[] {0, 7, 14, 15}, FetchChunks.plan(big, target, 128 * mib, 64, 256 * mib, 2),
                "seven batches per chunk");
        long[] small = new long[8];
        java.util.Arrays.fill(small, mib / 4); // 1 kb x 128: the whole epoch is smaller than a chunk
        assertArrayEquals(new int[] {0, 8}, FetchChunks.plan(small, target, 128 * mib, 128, 256 * mib, 2));
        assertEquals(mib / 2, FetchChunks.target(mib / 2), "never more than a slot");
    }
}
