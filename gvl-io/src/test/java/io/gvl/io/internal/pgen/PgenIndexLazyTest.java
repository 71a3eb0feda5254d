package io.gvl.io.internal.pgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import io.gvl.testkit.Oracle;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lazily parsed index ({@link PgenIndex#lazy}) answers every record as the eagerly parsed one does, parses only the
 * blocks of the records asked for, and reports a corrupt block when one of its records is first reached, with the
 * message the eager parse gives at open. The multi-block files are plink2 {@code --dummy} filesets of 140,000 and
 * 200,001 variants (3 and 4 blocks of 65,536, the last one short), besides the shared pgen-examples.
 */
class PgenIndexLazyTest {
    static final Path EXAMPLES = Path.of(System.getProperty("gvl.shared.data")).resolve("pgen-examples");

    @TempDir
    static Path dir;
    static Path threeBlocks;
    static Path fourBlocks;

    @BeforeAll
    static void dummies() {
        threeBlocks = dummy("three", 8, 140_000);
        fourBlocks = dummy("four", 37, 200_001);
    }

    private static Path dummy(String name, int samples, int variants) {
        Path prefix = dir.resolve(name);
        Oracle.PLINK2.run("--dummy", Integer.toString(samples), Integer.toString(variants), "--seed", "7",
                "--threads", "1", "--make-pgen", "--out", prefix.toString());
        return dir.resolve(name + ".pgen");
    }

    @Test
    void lazyAnswersEveryRecordAsEager() throws IOException {
        for (Path pgen : List.of(threeBlocks, fourBlocks, EXAMPLES.resolve("many.pgen"),
                EXAMPLES.resolve("dosage.pgen"), EXAMPLES.resolve("unphased.fmt2.pgen"))) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment data = map(pgen, arena);
                PgenIndex eager = PgenIndex.parse(pgen, data, 0);
                PgenIndex lazy = PgenIndex.lazy(pgen, data, 0);
                assertEquals(eager.variantCount(), lazy.variantCount(), pgen.toString());
                assertEquals(eager.sampleCount(), lazy.sampleCount(), pgen.toString());
                // backwards, so the last block is parsed first
                for (int i = eager.variantCount() - 1; i >= 0; i--) {
                    assertEquals(eager.type(i), lazy.type(i), pgen + " type of record " + i);
                    assertEquals(eager.offset(i), lazy.offset(i), pgen + " offset of record " + i);
                    assertEquals(eager.length(i), lazy.length(i), pgen + " length of record " + i);
                }
            }
        }
    }

    @Test
    void lazyParsesOnlyTheBlocksOfTheRecordsAsked() throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = map(fourBlocks, arena);
            assertEquals(4, PgenIndex.parse(fourBlocks, data, 0).parsedBlocks());
            PgenIndex lazy = PgenIndex.lazy(fourBlocks, data, 0);
            assertEquals(0, lazy.parsedBlocks());
            lazy.length(2 * PgenIndex.BLOCK + 5);
            lazy.type(2 * PgenIndex.BLOCK + 65_535);
            assertEquals(1, lazy.parsedBlocks(), "one block read");
            lazy.offset(200_000);
            assertEquals(2, lazy.parsedBlocks(), "the short last block read too");
        }
    }

    @Test
    void aCorruptBlockFailsWhenItsRecordsAreReachedNotAtOpen() throws IOException {
        Path pgen = dir.resolve("corrupt.pgen");
        byte[] b = Files.readAllBytes(threeBlocks);
        assertEquals(0x10, b[2], "variable-width mode");
        int ctrl = b[11] & 0xFF;
        int lengthBytes = 1 + (ctrl & 3);
        boolean byteTypes = (ctrl & 4) != 0;
        // block 1's section: after the 12-byte header, 3 block offsets and block 0's section
        int block0 = PgenIndex.BLOCK;
        long section0 = (byteTypes ? block0 : block0 / 2) + (long) block0 * lengthBytes
                + ((ctrl >> 6) == 3 ? block0 / 8 : 0);
        int lengthsOfBlock1 = (int) (12 + 3 * 8 + section0 + (byteTypes ? block0 : block0 / 2));
        b[lengthsOfBlock1] ^= 0x01; // record 65,536's length is off by one
        Files.write(pgen, b);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = map(pgen, arena);
            InputFormatException eager = assertThrows(InputFormatException.class, () -> PgenIndex.parse(pgen, data, 0));
            assertTrue(eager.getMessage().contains("variant block 2") && eager.getMessage().contains("corrupt index"),
                    eager.getMessage());
            PgenIndex lazy = PgenIndex.lazy(pgen, data, 0);
            assertEquals(ByteBuffer.wrap(Files.readAllBytes(threeBlocks), 12, 8).order(ByteOrder.LITTLE_ENDIAN)
                    .getLong(), lazy.offset(0), "block 0 is sound");
            lazy.length(2 * PgenIndex.BLOCK);
            InputFormatException late = assertThrows(InputFormatException.class,
                    () -> lazy.type(PgenIndex.BLOCK + 3));
            assertEquals(eager.getMessage(), late.getMessage());
        }
    }

    @Test
    void aTruncatedFileNamesItsFirstCutRecordWhenItsBlockIsReached() throws IOException {
        Path pgen = dir.resolve("cut.pgen");
        byte[] b = Files.readAllBytes(fourBlocks);
        Files.write(pgen, Arrays.copyOf(b, b.length - 1));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = map(pgen, arena);
            InputFormatException eager = assertThrows(InputFormatException.class, () -> PgenIndex.parse(pgen, data, 0));
            assertTrue(eager.getMessage().contains("record 200000") && eager.getMessage().contains("is truncated"),
                    eager.getMessage());
            PgenIndex lazy = PgenIndex.lazy(pgen, data, 0);
            lazy.type(0);
            InputFormatException late = assertThrows(InputFormatException.class, () -> lazy.type(199_999));
            assertEquals(eager.getMessage(), late.getMessage());
        }
    }

    private static MemorySegment map(Path file, Arena arena) throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
        }
    }
}
