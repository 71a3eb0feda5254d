package io.gvl.write.internal.hdf5;

import io.gvl.format.io.IoFailures;
import io.gvl.io.InputFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The one check gvl makes of an HDF5 file before jHDF parses it: the superblock's end-of-file address must not lie
 * past the file's end. A truncated file (or a damaged address) otherwise sends jHDF reading structures that are not
 * there, which on some damaged files takes tens of seconds before it fails. The superblock is looked for where the
 * format allows it (offset 0, then 512, 1024, 2048, ...).
 */
final class Hdf5Superblock {
    private static final byte[] SIGNATURE = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

    private Hdf5Superblock() {
    }

    /** Refuses {@code file} when its superblock says it is longer than it is; anything else is left to jHDF. */
    static void checkLength(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            for (long at = 0; at + 64 <= size; at = at == 0 ? 512 : at * 2) {
                ByteBuffer b = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
                while (b.hasRemaining() && ch.read(b, at + b.position()) > 0) {
                    // read the 64 bytes the check needs
                }
                if (!b.hasRemaining() && signature(b)) {
                    long end = end(b);
                    if (end > size) {
                        throw new InputFormatException(file, "superblock", "the file is " + size + " bytes long but"
                                + " its superblock says it ends at byte " + end + " (a truncated or damaged file).",
                                "fetch or write the file again.");
                    }
                    return;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (" + IoFailures.reason(e) + ")", e);
        }
    }

    private static boolean signature(ByteBuffer b) {
        for (int i = 0; i < SIGNATURE.length; i++) {
            if (b.get(i) != SIGNATURE[i]) {
                return false;
            }
        }
        return true;
    }

    /** Where the superblock says the file ends (base address + end-of-file address), or -1 when not known. */
    private static long end(ByteBuffer b) {
        int version = b.get(8);
        int sizeOfOffsets;
        int eofAt;
        if (version == 0 || version == 1) {
            sizeOfOffsets = b.get(13);
            eofAt = 24 + (version == 1 ? 4 : 0) + 2 * sizeOfOffsets;
        } else if (version == 2 || version == 3) {
            sizeOfOffsets = b.get(9);
            eofAt = 12 + 2 * sizeOfOffsets;
        } else {
            return -1;
        }
        if (sizeOfOffsets != 8 || eofAt + 8 > b.capacity()) {
            return -1;
        }
        long base = b.getLong(eofAt - 2 * sizeOfOffsets);
        long eof = b.getLong(eofAt);
        // The undefined address (all ones), or a sum past any file: left to jHDF.
        return base < 0 || eof < 0 || base + eof < 0 ? -1 : base + eof;
    }
}
