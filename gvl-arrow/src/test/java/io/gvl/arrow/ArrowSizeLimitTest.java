package io.gvl.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.ArrayTooLargeException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow vectors count values in an {@code int}: arrays with more values are refused by name before anything is
 * wrapped. The arrays lie over sparse file mappings that are never read, so no 2 GiB is allocated.
 */
class ArrowSizeLimitTest {
    @TempDir
    Path dir;

    private MemorySegment sparse(String name, long bytes, Arena arena) throws Exception {
        try (FileChannel ch = FileChannel.open(dir.resolve(name), StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[1]), bytes - 1);
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, bytes, arena);
        }
    }

    @Test
    void denseBytesOverTheValueCountAreRefusedNamingTheArray() throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            long width = (1L << 30) + 1;
            Dense haps = Dense.wrap(DType.U8, new long[] {2, width}, sparse("haps", 2 * width, arena));
            ArrayTooLargeException e = assertThrows(ArrayTooLargeException.class,
                    () -> ArrowBatches.schema(List.of(new NamedArray("haplotypes", haps))));
            assertTrue(e.getMessage().startsWith("array 'haplotypes' holds 2,147,483,650 elements, more than an"
                    + " Arrow vector can take (2,147,483,647 elements): use a smaller batch size"), e.getMessage());
        }
    }

    @Test
    void raggedDataOverTheValueCountIsRefused() throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            long total = ArrayTooLargeException.MAX_ELEMENTS + 1;
            MemorySegment offsets = arena.allocate(16, 8);
            offsets.setAtIndex(ValueLayout.JAVA_LONG, 1, total);
            Ragged ref = Ragged.wrap(DType.U8, new long[] {1}, sparse("ref", total, arena), offsets);
            ArrayTooLargeException e = assertThrows(ArrayTooLargeException.class,
                    () -> ArrowBatches.schema(List.of(new NamedArray("reference", ref))));
            assertEquals(total, e.size());
        }
    }

    @Test
    void floatsOverTwoGibButUnderTheValueCountAreLaidOut() throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            long width = 3L << 27; // 3 x 2^27 float32 per row: 1.5 GiB, two rows 3 GiB
            Dense cov = Dense.wrap(DType.F32, new long[] {2, width}, sparse("cov", 2 * width * 4, arena));
            Schema s = ArrowBatches.schema(List.of(new NamedArray("cov", cov)));
            assertEquals("cov", s.getFields().get(0).getName());
        }
    }
}
