package io.gvl.dataloader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 2 GiB limit of native buffers, on sparse file mappings that are reserved but never touched (no 2 GiB is
 * allocated or read).
 */
class NativeBuffersTest {
    @TempDir
    Path dir;

    /** A read-only mapping of a sparse file of {@code bytes}, owned by {@code arena}. */
    static MemorySegment sparse(Path file, long bytes, Arena arena) throws Exception {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            ch.truncate(0);
            ch.write(ByteBuffer.wrap(new byte[] {7}), bytes - 1);
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, bytes, arena);
        }
    }

    @Test
    void aSegmentOverTwoGibIsRefusedByNameBeforeAnyBufferIsMade() throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment big = sparse(dir.resolve("big"), ArrayTooLargeException.MAX_BYTES + 1, arena);
            ArrayTooLargeException e = assertThrows(ArrayTooLargeException.class,
                    () -> NativeBuffers.of("'haplotypes' data of batch 3", big, "an ONNX Runtime tensor"));
            assertEquals("'haplotypes' data of batch 3 holds 2,147,483,640 bytes, more than an ONNX Runtime tensor (a"
                    + " ByteBuffer) can take (2,147,483,639 bytes): use a smaller batch size or a shorter length"
                    + " (Dataset.withLen) so that each array of a batch stays under 2 GiB", e.getMessage());
            assertEquals(ArrayTooLargeException.MAX_BYTES + 1, e.size());
            assertEquals(ArrayTooLargeException.MAX_BYTES, e.limit());
            assertEquals("'haplotypes' data of batch 3", e.array());
            assertTrue(e instanceof IllegalStateException);
        }
    }

    @Test
    void aSegmentOfExactlyTheLimitGivesANativeOrderBufferOverTheSameMemory() throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment edge = sparse(dir.resolve("edge"), ArrayTooLargeException.MAX_BYTES, arena);
            ByteBuffer b = NativeBuffers.of("edge", edge, "a test");
            assertEquals(Integer.MAX_VALUE - 8, b.capacity());
            assertEquals(ByteOrder.nativeOrder(), b.order());
            assertTrue(b.isDirect());
            assertEquals(edge.address(), MemorySegment.ofBuffer(b).address());
            assertEquals(7, b.get(Integer.MAX_VALUE - 9)); // the one written byte, read in place
        }
    }

    @Test
    void elementCountsOverTheArrowLimitAreRefused() {
        ArrayTooLargeException.checkElements("array 'cov'", ArrayTooLargeException.MAX_ELEMENTS, "an Arrow vector");
        ArrayTooLargeException e = assertThrows(ArrayTooLargeException.class, () -> ArrayTooLargeException
                .checkElements("array 'cov'", 3L << 30, "an Arrow vector"));
        assertTrue(e.getMessage().startsWith("array 'cov' holds 3,221,225,472 elements, more than an Arrow vector"
                + " can take (2,147,483,647 elements)"), e.getMessage());
    }
}
