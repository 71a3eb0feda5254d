package io.gvl.io.internal.vcf;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Compares BGZF virtual offsets as positions in the decompressed data. The end of one block and the start of the
 * next are the same position but two different offsets ({@code address << 16 | blockSize} and
 * {@code nextAddress << 16}), and so are the offsets before and after an empty block; indexers and readers choose
 * either, so index checks compare canonical forms. Block sizes are read from the block headers on demand.
 */
final class BgzfPositions implements AutoCloseable {
    private final FileChannel channel;
    private final Long2ObjectOpenHashMap<long[]> blocks = new Long2ObjectOpenHashMap<>();

    BgzfPositions(Path file) {
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + file, e);
        }
    }

    /** Whether two virtual offsets denote the same place in the decompressed stream. */
    boolean same(long a, long b) {
        if (a == b) {
            return true;
        }
        // two spellings of one position always include a block start, and never share a block address
        boolean blockStart = (a & 0xffff) == 0 || (b & 0xffff) == 0;
        return blockStart && a >>> 16 != b >>> 16 && canonical(a) == canonical(b);
    }

    /**
     * {@code offset} moved past block ends: an offset at the end of a block, or at the start of an empty block
     * (the BGZF end-of-file marker is one), is rewritten as the start of the next block.
     */
    long canonical(long offset) {
        long address = offset >>> 16;
        long within = offset & 0xffff;
        long[] sizes;
        while ((sizes = sizes(address)) != null && within == sizes[1]) {
            address += sizes[0];
            within = 0;
        }
        return address << 16 | within;
    }

    /** {compressed size, decompressed size} of the block at {@code address}, or {@code null} if none is there. */
    private long[] sizes(long address) {
        if (blocks.size() > 4096) {
            blocks.clear(); // a cache of recent blocks, not of the whole file
        }
        long[] sizes = blocks.get(address);
        if (sizes == null) {
            sizes = readSizes(address);
            if (sizes != null) {
                blocks.put(address, sizes);
            }
        }
        return sizes;
    }

    private long[] readSizes(long address) {
        try {
            ByteBuffer head = ByteBuffer.allocate(18).order(ByteOrder.LITTLE_ENDIAN);
            if (channel.read(head, address) != 18 || head.get(0) != 0x1f || head.get(1) != (byte) 0x8b) {
                return null;
            }
            int extraLength = head.getShort(10) & 0xffff;
            ByteBuffer extra = ByteBuffer.allocate(extraLength).order(ByteOrder.LITTLE_ENDIAN);
            if (channel.read(extra, address + 12) != extraLength) {
                return null;
            }
            for (int at = 0; at + 4 <= extraLength; ) {
                int length = extra.getShort(at + 2) & 0xffff;
                if (extra.get(at) == 'B' && extra.get(at + 1) == 'C' && length == 2 && at + 6 <= extraLength) {
                    long compressed = (extra.getShort(at + 4) & 0xffff) + 1L;
                    ByteBuffer tail = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
                    if (channel.read(tail, address + compressed - 4) != 4) {
                        return null;
                    }
                    return new long[] {compressed, tail.getInt(0) & 0xffffffffL};
                }
                at += 4 + length;
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
