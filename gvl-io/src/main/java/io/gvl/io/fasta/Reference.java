package io.gvl.io.fasta;

import io.gvl.io.ContigNormalizer;
import io.gvl.io.internal.CacheFiles;
import io.gvl.io.internal.fasta.ReferenceCacheFile;
import io.gvl.io.internal.fasta.ReferenceCacheFile.CachedContig;
import io.gvl.io.internal.fasta.ReferenceCacheFile.Layout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A reference genome served from a memory-mapped flat cache of uppercased bases (see GVL's {@code .gvlfa}).
 * The FASTA is decoded once into the cache directory; afterwards a fetch inside a contig is a zero-copy slice
 * of the mapping, and a fetch past either end is padded with {@code N}. Contig names resolve through
 * {@link ContigNormalizer}. Safe for many threads; the mapping is owned by this object and released by
 * {@link #close()}.
 */
public final class Reference implements AutoCloseable {
    /** The pad byte for positions outside a contig. */
    public static final byte PAD = 'N';

    private final Path fasta;
    private final Path cacheFile;
    private final Arena arena;
    private final MemorySegment data;
    private final List<String> names;
    private final long[] lengths;
    private final long[] offsets;
    private final ContigNormalizer normalizer;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Reference(Path fasta, Path cacheFile, Layout layout) {
        this.fasta = fasta;
        this.cacheFile = cacheFile;
        int n = layout.contigs().size();
        List<String> ns = new ArrayList<>(n);
        lengths = new long[n];
        offsets = new long[n];
        for (int i = 0; i < n; i++) {
            CachedContig c = layout.contigs().get(i);
            ns.add(c.name());
            lengths[i] = c.length();
            offsets[i] = c.offset();
        }
        names = List.copyOf(ns);
        normalizer = new ContigNormalizer(names);
        arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(cacheFile, StandardOpenOption.READ)) {
            data = layout.dataLength() == 0 ? MemorySegment.NULL
                    : ch.map(FileChannel.MapMode.READ_ONLY, 0, layout.dataLength(), arena);
        } catch (IOException e) {
            arena.close();
            throw new UncheckedIOException("cannot map " + cacheFile, e);
        }
    }

    /** Opens {@code fasta} with the cache in {@code $GVL_CACHE_DIR} or {@code ${java.io.tmpdir}/gvl-cache}. */
    public static Reference open(Path fasta) {
        return open(fasta, CacheFiles.defaultDirectory());
    }

    /** Opens {@code fasta} (plain or gzip/BGZF), building or refreshing its cache in {@code cacheDir}. */
    public static Reference open(Path fasta, Path cacheDir) {
        Path cache = ReferenceCacheFile.ensure(fasta, cacheDir);
        Layout layout = ReferenceCacheFile.tryRead(cache);
        if (layout == null) {
            throw new UncheckedIOException(new IOException("reference cache " + cache + " is unreadable after build"));
        }
        return new Reference(fasta, cache, layout);
    }

    /** The FASTA this reference was decoded from. */
    public Path fasta() {
        return fasta;
    }

    /** The cache file that backs the mapping. */
    public Path cacheFile() {
        return cacheFile;
    }

    /** Contig names in FASTA order. */
    public List<String> contigs() {
        return names;
    }

    /** The name normalizer over {@link #contigs()}. */
    public ContigNormalizer normalizer() {
        return normalizer;
    }

    /** Index of the contig {@code name} refers to ({@code chr} prefix optional), or -1. */
    public int contigIndex(String name) {
        return normalizer.indexOf(name);
    }

    /**
     * All contigs' bases back to back in FASTA order (read-only, valid until {@link #close()}): contig {@code i}
     * occupies {@code [offset(i), offset(i) + length(i))}. Kernels address the reference through this one segment.
     */
    public MemorySegment bases() {
        checkOpen();
        return data.asReadOnly();
    }

    /** Byte offset of contig {@code index} within {@link #bases()}. */
    public long offset(int index) {
        return offsets[index];
    }

    /** Length of contig {@code index}. */
    public long length(int index) {
        return lengths[index];
    }

    /** Length of the contig {@code name} refers to; unknown names raise {@link IllegalArgumentException}. */
    public long length(String name) {
        return lengths[require(name)];
    }

    /**
     * Bases {@code [start, end)} of contig {@code index}. Inside the contig the result is a read-only slice of
     * the mapping (valid until {@link #close()}); otherwise a fresh heap segment padded with {@code N}.
     */
    public MemorySegment segment(int index, long start, long end) {
        checkOpen();
        long n = lengths[index];
        if (start >= end) {
            return MemorySegment.ofArray(new byte[0]);
        }
        if (start >= 0 && end <= n) {
            return data.asSlice(offsets[index] + start, end - start).asReadOnly();
        }
        byte[] out = new byte[Math.toIntExact(end - start)];
        copyPadded(index, start, end, MemorySegment.ofArray(out), 0);
        return MemorySegment.ofArray(out);
    }

    /** Bases {@code [start, end)} of contig {@code name} as a new array, padded with {@code N} outside it. */
    public byte[] fetch(String name, long start, long end) {
        int index = require(name);
        if (start >= end) {
            return new byte[0];
        }
        byte[] out = new byte[Math.toIntExact(end - start)];
        copyPadded(index, start, end, MemorySegment.ofArray(out), 0);
        return out;
    }

    /**
     * Writes bases {@code [start, end)} of contig {@code index} into {@code dst} at {@code dstOffset}, with
     * {@code N} for positions before 0 or past the contig end (GVL's padded fetch).
     */
    public void copyPadded(int index, long start, long end, MemorySegment dst, long dstOffset) {
        checkOpen();
        if (start >= end) {
            return;
        }
        long n = lengths[index];
        long len = end - start;
        long from = Math.clamp(start, 0, n);
        long to = Math.clamp(end, 0, n);
        long left = Math.clamp(from - start, 0, len);
        if (left > 0) {
            dst.asSlice(dstOffset, left).fill(PAD);
        }
        if (to > from) {
            MemorySegment.copy(data, offsets[index] + from, dst, dstOffset + left, to - from);
        }
        long written = left + (to - from);
        if (written < len) {
            dst.asSlice(dstOffset + written, len - written).fill(PAD);
        }
    }

    /** One base, {@code N} outside the contig. */
    public byte base(int index, long position) {
        checkOpen();
        if (position < 0 || position >= lengths[index]) {
            return PAD;
        }
        return data.get(ValueLayout.JAVA_BYTE, offsets[index] + position);
    }

    private int require(String name) {
        int i = normalizer.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("contig '" + name + "' is not in reference " + fasta
                    + " (contigs: " + abbreviate(names) + ")");
        }
        return i;
    }

    private static String abbreviate(List<String> list) {
        return list.size() <= 10 ? list.toString() : list.subList(0, 10) + " and " + (list.size() - 10) + " more";
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("reference " + fasta + " is closed");
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            arena.close();
        }
    }
}
