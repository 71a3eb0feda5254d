package io.gvl.io.internal.bigwig;

import io.gvl.io.InputFormatException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads and decodes data blocks: zlib-inflates them (when the header's buffer size is non-zero) and walks
 * their section, whose header says whether items are bedGraph (start, end, value), variableStep
 * (start, value; fixed span) or fixedStep (value; fixed step and span from the section start).
 */
public final class DataBlocks {
    static final int SECTION_HEADER = 24;

    private final PositionalFile file;
    /** The largest inflated block accepted: far above any real bigWig's (UCSC writes tens of kilobytes). */
    private static final long MAX_BLOCK = 1L << 30;

    private final long uncompressBufSize;
    private final RTreeIndex index;
    private final BlockCache cache = new BlockCache(64);

    public DataBlocks(PositionalFile file, long uncompressBufSize, RTreeIndex index) {
        this.file = file;
        this.uncompressBufSize = uncompressBufSize;
        this.index = index;
    }

    /** Receives the items of a section. */
    @FunctionalInterface
    public interface ItemSink {
        void accept(int start, int end, float value);
    }

    /** Feeds every item of block {@code block} on chromosome {@code chromId} to {@code sink}, in file order. */
    public void items(int block, int chromId, ItemSink sink) {
        long offset = index.offset(block);
        byte[] data = cache.get(offset, o -> load(o, index.size(block)));
        ByteBuffer b = ByteBuffer.wrap(data).order(file.order());
        String where = "data block at offset " + offset;
        if (data.length < SECTION_HEADER) {
            throw truncated(where, data.length);
        }
        int chrom = b.getInt(0);
        if (chrom != chromId) {
            return;
        }
        int sectionStart = b.getInt(4);
        int step = b.getInt(12);
        int span = b.getInt(16);
        int type = Byte.toUnsignedInt(b.get(20));
        int count = Short.toUnsignedInt(b.getShort(22));
        int itemSize = switch (type) {
            case 1 -> 12;
            case 2 -> 8;
            case 3 -> 4;
            default -> throw new InputFormatException(file.path(), where, "unknown section type " + type
                    + " (expected 1 bedGraph, 2 variableStep or 3 fixedStep).", "the bigWig is corrupt; re-create it.");
        };
        if (SECTION_HEADER + (long) count * itemSize > data.length) {
            throw truncated(where, data.length);
        }
        int p = SECTION_HEADER;
        for (int i = 0; i < count; i++, p += itemSize) {
            switch (type) {
                case 1 -> sink.accept(b.getInt(p), b.getInt(p + 4), b.getFloat(p + 8));
                case 2 -> {
                    int s = b.getInt(p);
                    sink.accept(s, s + span, b.getFloat(p + 4));
                }
                default -> {
                    int s = sectionStart + i * step;
                    sink.accept(s, s + span, b.getFloat(p));
                }
            }
        }
    }

    private InputFormatException truncated(String where, int length) {
        return new InputFormatException(file.path(), where, "the block holds " + length
                + " bytes, fewer than its section header and items need (truncated block).",
                "the bigWig is corrupt; re-create it.");
    }

    private byte[] load(long offset, long size) {
        String where = "data block at offset " + offset;
        if (size > Integer.MAX_VALUE) {
            throw new InputFormatException(file.path(), where, "block size " + size + " is implausible.",
                    "the bigWig is corrupt; re-create it.");
        }
        ByteBuffer raw = file.read(offset, (int) size, "data block");
        byte[] bytes = new byte[raw.remaining()];
        raw.get(bytes);
        if (uncompressBufSize == 0) {
            return bytes;
        }
        if (uncompressBufSize > MAX_BLOCK) {
            throw new InputFormatException(file.path(), "header", "uncompressBufSize " + uncompressBufSize
                    + " is implausible (a block that inflates past " + MAX_BLOCK + " bytes).",
                    "the bigWig is corrupt; re-create it.");
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(bytes);
            // The header bounds every block's inflated size; start small so a damaged bound allocates nothing big.
            byte[] out = new byte[(int) Math.min(uncompressBufSize, Math.max(64, 8L * bytes.length))];
            int n = 0;
            while (!inflater.finished()) {
                if (n == out.length) {
                    if (out.length >= uncompressBufSize) {
                        throw new InputFormatException(file.path(), where, "the block inflates past the header's"
                                + " uncompressBufSize of " + uncompressBufSize + " bytes.",
                                "the bigWig is corrupt; re-create it.");
                    }
                    out = Arrays.copyOf(out, (int) Math.min(uncompressBufSize, 2L * out.length));
                }
                int k = inflater.inflate(out, n, out.length - n);
                if (k == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new InputFormatException(file.path(), where, "the compressed block ends early (truncated block).",
                            "the bigWig is corrupt; re-create it.");
                }
                n += k;
            }
            return Arrays.copyOf(out, n);
        } catch (DataFormatException e) {
            throw new InputFormatException(file.path(), where, "the block is not valid zlib data (" + e.getMessage() + ").",
                    "the bigWig is corrupt; re-create it.", e);
        } finally {
            inflater.end();
        }
    }
}
