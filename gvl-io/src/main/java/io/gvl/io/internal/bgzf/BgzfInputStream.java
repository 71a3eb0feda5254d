package io.gvl.io.internal.bgzf;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;

/**
 * A BGZF file read block by block, positioned by htslib virtual offsets ({@code block address << 16 | offset in
 * the block}), the unit of tabix, CSI and BCF indexes. Each block is a gzip member with a {@code BC} extra field
 * giving its size, at most 64 KiB compressed and uncompressed; its CRC is checked. A damaged block raises an
 * {@link IOException} naming its address. Blocks are inflated by libdeflate or the JDK's zlib
 * ({@link BlockInflaters}, {@code -Dgvl.bgzf.inflate}); both give the same bytes and the same errors. Not
 * thread-safe: one reader per stream.
 */
public final class BgzfInputStream extends InputStream {
    private static final int HEADER = 18;
    private static final int MAX_BLOCK = BlockInflater.MAX_BLOCK;
    private static final NewlineScan NEWLINE = NewlineScan.best();
    /** {@link #readLineStart(int, int, LineTest)}: copying the start, copying the rest, or only scanning it. */
    private static final int COPY_START = 0;
    private static final int COPY_REST = 1;
    private static final int SCAN = 2;

    private final Path file;
    private final FileChannel channel;
    private final BlockInflater inflater;
    private final CRC32 crc = new CRC32();
    private final ByteBuffer compressed;
    private final byte[] head = new byte[HEADER];
    private long skippedBlocks;
    /** File bytes {@code [windowStart, windowEnd)} are in {@link #compressed}, from its index 0. */
    private long windowStart;
    private long windowEnd;
    /** The file's size when last asked (asked again only at the end, so a read does not stat per block). */
    private long fileSize;
    private final byte[] block = new byte[MAX_BLOCK];
    private byte[] line = new byte[1 << 12];
    private int blockLength;
    private int offset;
    private long blockAddress;
    private long nextAddress;
    private boolean closed;

    public BgzfInputStream(Path file) throws IOException {
        this(file, BlockInflaters.requested());
    }

    /** A stream inflating with {@code inflate} ({@link BlockInflaters.Kind#AUTO}: as {@code -Dgvl.bgzf.inflate}). */
    public BgzfInputStream(Path file, BlockInflaters.Kind inflate) throws IOException {
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            this.inflater = BlockInflaters.open(inflate);
        } catch (RuntimeException | Error e) {
            channel.close();
            throw e;
        }
        this.compressed = inflater.buffer();
        this.fileSize = channel.size();
    }

    /** The inflater in use: {@code "libdeflate"} or {@code "zlib"}. */
    public String inflater() {
        return inflater.name();
    }

    /** Whether {@code head} (at least the first 18 bytes of a file) starts a BGZF block. */
    public static boolean isBgzfHeader(byte[] head, int length) {
        return length >= HEADER && (head[0] & 0xff) == 31 && (head[1] & 0xff) == 139 && head[2] == 8
                && (head[3] & 4) != 0 && head[12] == 'B' && head[13] == 'C' && head[14] == 2 && head[15] == 0;
    }

    /** The virtual offset of the next byte; at the end of a block, the start of the next one. */
    public long getFilePointer() {
        if (offset == blockLength && blockLength > 0) {
            return nextAddress << 16;
        }
        return blockAddress << 16 | offset;
    }

    /** Moves to virtual offset {@code virtualOffset}. */
    public void seek(long virtualOffset) throws IOException {
        checkOpen();
        long address = virtualOffset >>> 16;
        int within = (int) (virtualOffset & 0xffff);
        if (within == 0 && atEnd(address)) { // the end of the file: nothing more to read
            blockAddress = address;
            nextAddress = address;
            blockLength = 0;
            offset = 0;
            return;
        }
        if (address != blockAddress || blockLength == 0) {
            load(address);
        }
        if (within > blockLength) {
            throw new IOException(file + ": virtual offset " + address + "+" + within + " is past the end of its "
                    + blockLength + "-byte block");
        }
        offset = within;
    }

    @Override
    public int read() throws IOException {
        if (!fill()) {
            return -1;
        }
        return block[offset++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, blockLength - offset);
        System.arraycopy(block, offset, b, off, n);
        offset += n;
        return n;
    }

    /**
     * Skips {@code n} bytes, or to the end of the file. A block that lies wholly inside the skipped bytes is stepped
     * over without being inflated: only its header and ISIZE are read (so its data and CRC are not checked; a damaged
     * header or a file that ends inside it is still reported as {@link #load} would).
     */
    @Override
    public long skip(long n) throws IOException {
        checkOpen();
        long done = 0;
        while (done < n) {
            if (offset < blockLength) {
                int k = (int) Math.min(n - done, blockLength - offset);
                offset += k;
                done += k;
                continue;
            }
            long address = nextAddress;
            if (atEnd(address)) {
                break;
            }
            int size = header(address);
            window(address, size, "block");
            int isize = compressed.getInt((int) (address - windowStart) + size - 4);
            if (isize > 0 && isize <= MAX_BLOCK && isize <= n - done) {
                blockAddress = address + size; // past the block, nothing loaded: the next read loads the next block
                nextAddress = address + size;
                blockLength = 0;
                offset = 0;
                done += isize;
                skippedBlocks++;
            } else {
                load(address); // the skip ends inside it, it is empty (as a read would) or its ISIZE is bad (load says)
            }
        }
        return done;
    }

    /** Blocks {@link #skip} stepped over without inflating them (for tests and measurements). */
    public long skippedBlocks() {
        return skippedBlocks;
    }

    /** The next line without its {@code \n} (or {@code \r\n}), or {@code null} at the end of the file. */
    public String readLine() throws IOException {
        ByteArrayOutputStream line = null;
        while (fill()) {
            int start = offset;
            int i = start;
            while (i < blockLength && block[i] != '\n') {
                i++;
            }
            if (line == null && i < blockLength) {
                offset = i + 1;
                return text(block, start, i);
            }
            if (line == null) {
                line = new ByteArrayOutputStream(256);
            }
            line.write(block, start, i - start);
            offset = Math.min(i + 1, blockLength);
            if (i < blockLength) {
                byte[] all = line.toByteArray();
                return text(all, 0, all.length);
            }
        }
        if (line == null) {
            return null;
        }
        byte[] all = line.toByteArray();
        return text(all, 0, all.length);
    }

    /**
     * Reads the next line into a buffer this stream owns and reuses ({@link #line()}), without its {@code \n} (or
     * {@code \r\n}); returns its length in bytes, or -1 at the end of the file. The same bytes {@link #readLine()}
     * would decode, without making a string: the buffer is valid until the next read.
     */
    public int readLineBytes() throws IOException {
        int n = 0;
        boolean any = false;
        while (fill()) {
            any = true;
            int start = offset;
            int i = newline(block, start, blockLength);
            n = appendToLine(start, i - start, n);
            offset = Math.min(i + 1, blockLength);
            if (i < blockLength) {
                break;
            }
        }
        if (!any) {
            return -1;
        }
        return n > 0 && line[n - 1] == '\r' ? n - 1 : n;
    }

    /**
     * Reads the next line as {@link #readLineBytes()} does, but copies only its start into {@link #line()}: through
     * its {@code tabs}-th tab and at least {@code minBytes} bytes, or the whole line when it ends before both; the
     * rest is only scanned for its newline. A line copied whole reads exactly as from {@link #readLineBytes()}; of a
     * longer one, the bytes copied are its first bytes (a trailing {@code \r} is then kept, being inside the line).
     *
     * @param tabs how many tabs the copied start must hold
     * @param minBytes how many bytes it must hold at least
     * @return the bytes copied, or -1 at the end of the file
     * @throws IOException if a block cannot be read
     */
    public int readLineStart(int tabs, int minBytes) throws IOException {
        return readLineStart(tabs, minBytes, null);
    }

    /**
     * As {@link #readLineStart(int, int)}, copying the rest of the line too when {@code whole} accepts its start:
     * {@code whole} sees the start as copied (once per line, and only when the line goes on past it), and when it
     * answers {@code true} the line is copied whole and reads exactly as from {@link #readLineBytes()}.
     *
     * @param tabs how many tabs the copied start must hold
     * @param minBytes how many bytes it must hold at least
     * @param whole which lines to copy whole, given their start; {@code null} for none
     * @return the bytes copied, or -1 at the end of the file
     * @throws IOException if a block cannot be read
     */
    public int readLineStart(int tabs, int minBytes, LineTest whole) throws IOException {
        int n = 0;
        int seen = 0;
        int mode = COPY_START;
        boolean any = false;
        while (fill()) {
            any = true;
            int start = offset;
            int i = newline(block, start, blockLength);
            if (mode == COPY_START) {
                int j = start;
                while (j < i && (seen < tabs || n + (j - start) < minBytes)) {
                    if (block[j++] == '\t') {
                        seen++;
                    }
                }
                if (j == i) {
                    n = appendToLine(start, i - start, n); // the start goes on in the next block, or is the line
                } else {
                    n = appendToLine(start, j - start, n);
                    mode = whole != null && whole.test(line, n) ? COPY_REST : SCAN;
                    if (mode == COPY_REST) {
                        n = appendToLine(j, i - j, n);
                    }
                }
            } else if (mode == COPY_REST) {
                n = appendToLine(start, i - start, n);
            }
            offset = Math.min(i + 1, blockLength);
            if (i < blockLength) {
                break;
            }
        }
        if (!any) {
            return -1;
        }
        return mode != SCAN && n > 0 && line[n - 1] == '\r' ? n - 1 : n;
    }

    /** Decides, from a line's start ({@code line[0, length)}), whether {@link #readLineStart} copies it whole. */
    @FunctionalInterface
    public interface LineTest {
        /**
         * @param line the start of the line; valid only during the call
         * @param length its length in bytes
         * @return whether the whole line is wanted
         */
        boolean test(byte[] line, int length);
    }

    /** Copies {@code k} bytes of the block from {@code from} to {@link #line} at {@code n}; returns {@code n + k}. */
    private int appendToLine(int from, int k, int n) {
        if (line.length < n + k) {
            line = java.util.Arrays.copyOf(line, Math.max(n + k, line.length * 2));
        }
        System.arraycopy(block, from, line, n, k);
        return n + k;
    }

    /** Index of the first {@code \n} in {@code b[from, to)}, or {@code to} ({@link NewlineScan#best()}). */
    static int newline(byte[] b, int from, int to) {
        return NEWLINE.find(b, from, to);
    }

    /** The buffer {@link #readLineBytes()} fills; replaced when a longer line arrives, so ask after each read. */
    public byte[] line() {
        return line;
    }

    private static String text(byte[] b, int from, int to) {
        int end = to > from && b[to - 1] == '\r' ? to - 1 : to;
        return new String(b, from, end - from, StandardCharsets.UTF_8);
    }

    /** Makes the current block have unread bytes, loading the next non-empty block; false at the end of the file. */
    private boolean fill() throws IOException {
        checkOpen();
        while (offset >= blockLength) {
            if (atEnd(nextAddress)) {
                return false;
            }
            load(nextAddress);
        }
        return true;
    }

    /** Whether {@code address} is at or past the end of the file (its size is asked again only then). */
    private boolean atEnd(long address) throws IOException {
        return address >= fileSize && address >= (fileSize = channel.size());
    }

    /**
     * Reads and checks the header of the block at {@code address} into the window; returns its size (BSIZE + 1).
     */
    private int header(long address) throws IOException {
        window(address, HEADER, "header");
        int at = (int) (address - windowStart);
        compressed.get(at, head);
        if (!isBgzfHeader(head, HEADER)) {
            throw new IOException(file + ": no BGZF block at byte " + address + " (not bgzip output, or damaged)");
        }
        int size = (compressed.getShort(at + 16) & 0xffff) + 1;
        int xlen = compressed.getShort(at + 10) & 0xffff;
        if (xlen != 6 || size < HEADER + 8) {
            throw new IOException(file + ": BGZF block at byte " + address + " has an unexpected header");
        }
        return size;
    }

    private void load(long address) throws IOException {
        int size = header(address);
        window(address, size, "block");
        int at = (int) (address - windowStart);
        int isize = compressed.getInt(at + size - 4);
        int wantCrc = compressed.getInt(at + size - 8);
        if (isize < 0 || isize > MAX_BLOCK) {
            throw new IOException(file + ": BGZF block at byte " + address + " claims " + isize + " bytes");
        }
        try {
            inflater.inflate(at + HEADER, size - HEADER - 8, block, isize);
        } catch (DataFormatException e) {
            throw new IOException(file + ": BGZF block at byte " + address + " is corrupt (" + e.getMessage() + ")", e);
        }
        crc.reset();
        crc.update(block, 0, isize);
        if ((int) crc.getValue() != wantCrc) {
            throw new IOException(file + ": BGZF block at byte " + address + " fails its CRC check");
        }
        blockAddress = address;
        nextAddress = address + size;
        blockLength = isize;
        offset = 0;
    }

    /**
     * Makes file bytes {@code [address, address + n)} available in the window ({@link #compressed}, read ahead: one
     * read brings in as many blocks as fit, so a sequential read makes one system call per window, not two per
     * block).
     */
    private void window(long address, int n, String what) throws IOException {
        if (address >= windowStart && address + n <= windowEnd) {
            return;
        }
        compressed.clear();
        windowStart = address;
        windowEnd = address;
        while (compressed.position() < n) {
            int r = channel.read(compressed, address + compressed.position());
            if (r < 0) {
                windowEnd = address + compressed.position();
                throw new EOFException(file + ": the file ends inside the BGZF " + what + " at byte " + address);
            }
        }
        windowEnd = address + compressed.position();
    }

    private void checkOpen() throws IOException {
        if (closed) {
            throw new IOException(file + " is closed");
        }
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            try {
                inflater.close();
            } finally {
                channel.close();
            }
        }
    }
}
