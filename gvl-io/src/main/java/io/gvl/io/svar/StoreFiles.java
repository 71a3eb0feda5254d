package io.gvl.io.svar;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.array.Npy;
import io.gvl.format.array.NpyArray;
import io.gvl.io.InputFormatException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/** Maps the files of a {@code .svar2} store and turns every problem into an {@link InputFormatException}. */
final class StoreFiles {
    static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong LE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final String REBUILD = "the store is incomplete or corrupt; rebuild it with genoray"
            + " (SparseVar2.from_vcf / from_pgen).";

    private StoreFiles() {
    }

    /** Maps a whole file read-only into {@code arena}; a 0-byte file gives an empty segment (it cannot be mapped). */
    static MemorySegment map(Path file, Arena arena) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            return size == 0 ? arena.allocate(0) : ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
        } catch (NoSuchFileException e) {
            throw new InputFormatException(file, "", "is missing.", REBUILD, e);
        } catch (IOException e) {
            throw new InputFormatException(file, "", "cannot be read (" + e.getMessage() + ").",
                    "check that the file is readable.", e);
        }
    }

    /**
     * Maps an NPY file and returns its data after checking the descriptor and the shape.
     *
     * @param descr the only accepted descriptor, e.g. {@code <u8}
     * @param shape the expected shape; a negative dimension accepts any length
     */
    static MemorySegment npy(Path file, Arena arena, String descr, long... shape) {
        NpyArray a;
        try {
            a = Npy.parse(file.toString(), map(file, arena));
        } catch (DatasetFormatException e) {
            throw new InputFormatException(file, "", "is not a valid NPY file (" + e.getMessage() + ").", REBUILD, e);
        }
        if (!a.descr().equals(descr) || !shapeMatches(a.shape(), shape)) {
            throw new InputFormatException(file, "", "holds " + a.descr() + " " + Arrays.toString(a.shape())
                    + " but the store needs " + descr + " " + Arrays.toString(shape) + ".", REBUILD);
        }
        return a.data();
    }

    private static boolean shapeMatches(long[] actual, long[] expected) {
        if (actual.length != expected.length) {
            return false;
        }
        for (int i = 0; i < actual.length; i++) {
            if (expected[i] >= 0 && actual[i] != expected[i]) {
                return false;
            }
        }
        return true;
    }

    /** Fails unless {@code seg} holds exactly {@code expected} bytes; {@code what} says where the number comes from. */
    static void requireBytes(Path file, MemorySegment seg, long expected, String what) {
        if (seg.byteSize() != expected) {
            throw new InputFormatException(file, "", "has " + seg.byteSize() + " bytes; expected " + expected
                    + " for " + what + ".", REBUILD);
        }
    }
}
