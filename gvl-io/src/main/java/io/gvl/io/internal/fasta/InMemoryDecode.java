package io.gvl.io.internal.fasta;

import io.gvl.format.io.IoFailures;
import io.gvl.io.InputFormatException;
import io.gvl.io.internal.Inputs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Decodes a FASTA into off-heap memory, for when no cache directory can take it. The size comes from the
 * FASTA's {@code .fai} when there is one, else from a first pass that only counts; the bases then go straight
 * into one segment of the caller's arena.
 */
public final class InMemoryDecode {
    /** The decoded contigs and their bases, back to back, in the caller's arena. */
    public record Decoded(List<FaiEntry> contigs, MemorySegment bases) {}

    private InMemoryDecode() {}

    public static Decoded decode(Path fasta, Arena arena) {
        // The .fai saves a counting pass, but only where it can be trusted to size the buffer: a plain FASTA holds
        // at least as many bytes as bases. A compressed one, or a .fai claiming more, is counted by decoding (and
        // the .fai is checked against the decoded contigs below).
        long total = -1;
        Path fai = ReferenceCacheFile.siblingFai(fasta);
        if (Files.isRegularFile(fai) && !Inputs.isGzip(fasta)) {
            long listed = FaiFile.read(fai).stream().mapToLong(FaiEntry::length).sum();
            if (listed >= 0 && listed <= size(fasta)) {
                total = listed;
            }
        }
        if (total < 0) {
            total = FastaDecoder.decode(fasta, new Counting()).stream().mapToLong(FaiEntry::length).sum();
        }
        MemorySegment data = arena.allocate(Math.max(total, 1));
        SegmentChannel ch = new SegmentChannel(data);
        List<FaiEntry> contigs;
        try {
            contigs = FastaDecoder.decode(fasta, ch);
        } catch (InputFormatException e) {
            throw e;
        } catch (RuntimeException e) {
            if (ch.overflow) {
                ReferenceCacheFile.checkSiblingFai(fasta, FastaDecoder.decode(fasta, new Counting()));
            }
            throw e;
        }
        ReferenceCacheFile.checkSiblingFai(fasta, contigs);
        return new Decoded(contigs, data.asSlice(0, ch.position));
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (" + IoFailures.reason(e) + ")", e);
        }
    }

    /** Discards the bases: the first pass only needs the contig lengths. */
    private static final class Counting implements WritableByteChannel {
        @Override
        public int write(ByteBuffer src) {
            int n = src.remaining();
            src.position(src.limit());
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {}
    }

    /** Writes into a segment; more bytes than it holds means the {@code .fai} undercounted. */
    private static final class SegmentChannel implements WritableByteChannel {
        private final MemorySegment target;
        private long position;
        private boolean overflow;

        SegmentChannel(MemorySegment target) {
            this.target = target;
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            int n = src.remaining();
            if (position + n > target.byteSize()) {
                overflow = true;
                throw new IOException("the FASTA holds more bases than its .fai lists");
            }
            MemorySegment.copy(MemorySegment.ofBuffer(src), 0, target, position, n);
            position += n;
            src.position(src.limit());
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {}
    }
}
