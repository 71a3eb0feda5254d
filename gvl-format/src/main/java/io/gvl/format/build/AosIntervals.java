package io.gvl.format.build;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.array.RawArrayWriter;
import io.gvl.format.array.RawDtype;
import io.gvl.format.internal.FileTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Converts a format 1.x track file {@code intervals.npy} (raw 12-byte records: int32 start, int32 end, float32
 * value) into the three struct-of-arrays files of format 2.0, streaming a block of records at a time. Each new
 * file is written under a temporary name and renamed only when complete; the old file is left in place.
 */
final class AosIntervals {
    private static final int RECORD = 12;
    private static final int BLOCK_RECORDS = 1_000_000;

    private AosIntervals() {
    }

    public static void convert(Path trackDir) {
        Path aos = trackDir.resolve(DatasetLayout.AOS_INTERVALS);
        Path[] finals = {trackDir.resolve(DatasetLayout.STARTS), trackDir.resolve(DatasetLayout.ENDS),
                trackDir.resolve(DatasetLayout.VALUES)};
        Path[] tmps = new Path[3];
        for (int i = 0; i < 3; i++) {
            tmps[i] = finals[i].resolveSibling(finals[i].getFileName() + ".tmp");
        }
        try (FileChannel in = FileChannel.open(aos, StandardOpenOption.READ)) {
            long size = in.size();
            if (size % RECORD != 0) {
                throw new DatasetFormatException(aos + ": size " + size + " bytes is not a multiple of the 12-byte"
                        + " (start, end, value) record; the file is truncated or corrupt");
            }
            try (RawArrayWriter s = RawArrayWriter.create(tmps[0], RawDtype.INT32);
                 RawArrayWriter e = RawArrayWriter.create(tmps[1], RawDtype.INT32);
                 RawArrayWriter v = RawArrayWriter.create(tmps[2], RawDtype.FLOAT32)) {
                ByteBuffer block = ByteBuffer.allocateDirect(BLOCK_RECORDS * RECORD).order(ByteOrder.LITTLE_ENDIAN);
                long pos = 0;
                while (pos < size) {
                    block.clear();
                    block.limit((int) Math.min(block.capacity(), size - pos));
                    while (block.hasRemaining()) {
                        int n = in.read(block, pos + block.position());
                        if (n < 0) {
                            throw new DatasetFormatException(aos + ": file shrank while being migrated");
                        }
                    }
                    block.flip();
                    while (block.hasRemaining()) {
                        s.writeInt(block.getInt());
                        e.writeInt(block.getInt());
                        v.writeFloat(block.getFloat());
                    }
                    pos += block.limit();
                }
            }
            for (int i = 0; i < 3; i++) {
                Files.move(tmps[i], finals[i], StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            FileTrees.fsyncDirectory(trackDir);
        } catch (IOException e) {
            throw new UncheckedIOException(aos + ": cannot migrate", e);
        } finally {
            for (Path t : tmps) {
                try {
                    Files.deleteIfExists(t);
                } catch (IOException ignored) {
                    // a leftover .tmp file is overwritten by the next run
                }
            }
        }
    }
}
