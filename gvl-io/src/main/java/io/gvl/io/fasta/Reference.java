package io.gvl.io.fasta;

import io.gvl.io.ContigNormalizer;
import io.gvl.io.internal.CacheFiles;
import io.gvl.io.internal.Inputs;
import io.gvl.io.internal.fasta.ContentKey;
import io.gvl.io.internal.fasta.FaiEntry;
import io.gvl.io.internal.fasta.InMemoryDecode;
import io.gvl.io.internal.fasta.ReferenceCacheFile.CachedContig;
import io.gvl.io.internal.fasta.ReferenceCacheFile.Layout;
import io.gvl.io.internal.fasta.ReferenceCacheFile;
import it.unimi.dsi.fastutil.ints.IntRBTreeSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A reference genome served from a memory-mapped flat cache of uppercased bases (see GVL's {@code .gvlfa}).
 * The FASTA is decoded once into the {@link ReferenceCache} (keyed by its content, size-capped, least recently used
 * entries evicted); afterwards a fetch inside a contig is a zero-copy slice of the mapping, and a fetch past either
 * end is padded with {@code N}. When the cache directory cannot take the entry (read-only, full), the FASTA is
 * decoded into off-heap memory instead, with a one-line warning. Contig names resolve through
 * {@link ContigNormalizer}. Safe for many threads; the mapping is owned by this object and released by
 * {@link #close()}.
 */
public final class Reference implements AutoCloseable {
    /** The pad byte for positions outside a contig. */
    public static final byte PAD = 'N';

    private static final Logger LOG = LoggerFactory.getLogger(Reference.class);

    private final Path fasta;
    private final Path cacheFile;
    private final Arena arena;
    private final MemorySegment data;
    private final List<String> names;
    private final long[] lengths;
    private final long[] offsets;
    private final ContigNormalizer normalizer;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Whether a contig subset took over this reference's mapping (then closing the subset releases it). */
    private boolean shared;

    private Reference(Path fasta, Path cacheFile, List<CachedContig> contigs, Arena arena, MemorySegment data) {
        this.fasta = fasta;
        this.cacheFile = cacheFile;
        this.arena = arena;
        this.data = data;
        int n = contigs.size();
        List<String> ns = new ArrayList<>(n);
        lengths = new long[n];
        offsets = new long[n];
        for (int i = 0; i < n; i++) {
            CachedContig c = contigs.get(i);
            ns.add(c.name());
            lengths[i] = c.length();
            offsets[i] = c.offset();
        }
        names = List.copyOf(ns);
        normalizer = new ContigNormalizer(names);
    }

    /**
     * Opens {@code fasta} with the cache in {@link ReferenceCache#directory()}, capped at
     * {@link ReferenceCache#maxBytes()}.
     *
     * @param fasta a FASTA file, plain, gzip or BGZF
     * @return an open reference that owns its mapping; the caller must close it
     * @throws io.gvl.io.InputFormatException if the FASTA is missing, unreadable or malformed
     */
    public static Reference open(Path fasta) {
        return open(fasta, ReferenceCache.directory(), ReferenceCache.maxBytes());
    }

    /**
     * Opens {@code fasta} (plain or gzip/BGZF) with its cache entry in {@code cacheDir}, capped at the default
     * size.
     *
     * @param fasta a FASTA file, plain, gzip or BGZF
     * @param cacheDir the cache directory, created if needed
     * @return an open reference that owns its mapping; the caller must close it
     * @throws io.gvl.io.InputFormatException if the FASTA is missing, unreadable or malformed
     */
    public static Reference open(Path fasta, Path cacheDir) {
        return open(fasta, cacheDir, ReferenceCache.maxBytes());
    }

    /**
     * Opens {@code fasta} (plain or gzip/BGZF), building its cache entry in {@code cacheDir} when there is none and
     * then evicting least recently used entries until the directory holds at most {@code maxCacheBytes} (the entry
     * just built is kept even when it alone is larger). A cache directory that cannot be created or written makes
     * this decode into memory instead, with a warning.
     *
     * @param fasta a FASTA file, plain, gzip or BGZF
     * @param cacheDir the cache directory, created if needed
     * @param maxCacheBytes the size cap of the cache directory in bytes
     * @return an open reference that owns its mapping (or its in-memory copy); the caller must close it
     * @throws io.gvl.io.InputFormatException if the FASTA is missing, unreadable or malformed
     */
    public static Reference open(Path fasta, Path cacheDir, long maxCacheBytes) {
        Inputs.requireReadable(fasta);
        ReferenceCache.logLocation(cacheDir, maxCacheBytes);
        String unwritable = prepare(cacheDir);
        ContentKey key = ContentKey.of(fasta, cacheDir, unwritable == null);
        Path entry = ReferenceCacheFile.entry(cacheDir, key);
        Layout layout = Files.isRegularFile(entry) ? ReferenceCacheFile.tryRead(entry) : null;
        if (layout != null) {
            LOG.debug("reference {}: cache hit {}", fasta, entry);
            ReferenceCache.touch(entry);
            return mapped(fasta, entry, layout);
        }
        if (unwritable == null) {
            try {
                LOG.info("reference {}: decoding into the cache as {}", fasta, entry.getFileName());
                ReferenceCacheFile.build(fasta, cacheDir, key);
                layout = ReferenceCacheFile.tryRead(entry);
                if (layout == null) {
                    throw new UncheckedIOException(new IOException("reference cache " + entry
                            + " is unreadable after build"));
                }
                ReferenceCache.evict(cacheDir, maxCacheBytes, entry);
                return mapped(fasta, entry, layout);
            } catch (ReferenceCacheFile.UnwritableException e) {
                unwritable = e.getMessage();
            }
        }
        LOG.warn("reference cache {} is unusable ({}); decoding {} into memory instead (set {} to a writable "
                + "directory with room to cache it)", cacheDir, unwritable, fasta, CacheFiles.ENV);
        return inMemory(fasta);
    }

    /**
     * Opens {@code fasta} as {@code options} say: through the cache or into memory, every contig or a subset.
     *
     * @param fasta a FASTA file, plain, gzip or BGZF
     * @param options cache, in-memory and contig choices
     * @return an open reference that owns its mapping or memory; the caller must close it
     * @throws io.gvl.io.InputFormatException if the FASTA is missing, unreadable or malformed, or a requested
     *         contig is not in it
     */
    public static Reference open(Path fasta, ReferenceOptions options) {
        Reference full;
        if (options.inMemory()) {
            Inputs.requireReadable(fasta);
            LOG.info("reference {}: decoding into memory (no cache)", fasta);
            full = inMemory(fasta);
        } else {
            full = open(fasta, options.cacheDir(), options.maxCacheBytes());
        }
        if (options.contigs().isEmpty()) {
            return full;
        }
        try {
            return full.subset(options.contigs().get(), options.inMemory());
        } finally {
            full.closeUnlessShared();
        }
    }

    /** Only {@code wanted}, in FASTA order: sharing this mapping, or (in memory) copied into a compact arena. */
    private Reference subset(List<String> wanted, boolean compact) {
        IntRBTreeSet picked = new IntRBTreeSet();
        for (String name : wanted) {
            int i = normalizer.indexOf(name);
            if (i < 0) {
                throw new io.gvl.io.InputFormatException(fasta, "contig " + name, "is not in the FASTA (contigs: "
                        + names + ").", "ask for contigs the FASTA has, or open it without a contig subset.");
            }
            picked.add(i);
        }
        List<CachedContig> contigs = new ArrayList<>(picked.size());
        if (!compact) {
            for (int i : picked) {
                contigs.add(new CachedContig(names.get(i), lengths[i], offsets[i]));
            }
            shared = true;
            return new Reference(fasta, cacheFile, contigs, arena, data);
        }
        long total = 0;
        for (int i : picked) {
            total += lengths[i];
        }
        Arena own = Arena.ofShared();
        MemorySegment bases = total == 0 ? MemorySegment.NULL : own.allocate(total, 8);
        long at = 0;
        for (int i : picked) {
            MemorySegment.copy(data, offsets[i], bases, at, lengths[i]);
            contigs.add(new CachedContig(names.get(i), lengths[i], at));
            at += lengths[i];
        }
        return new Reference(fasta, null, contigs, own, bases);
    }

    /** Closes this reference unless a subset now shares its mapping (the subset then owns it). */
    private void closeUnlessShared() {
        if (!shared) {
            close();
        }
    }

    /** Null when {@code cacheDir} exists (or was created) and takes new files, else why not. */
    private static String prepare(Path cacheDir) {
        try {
            Files.createDirectories(cacheDir);
        } catch (IOException e) {
            return "cannot create it: " + (e instanceof java.nio.file.FileSystemException fse
                    && fse.getReason() != null ? fse.getReason() + " at " + fse.getFile() : e.getMessage());
        }
        return Files.isWritable(cacheDir) ? null : "it is not writable";
    }

    private static Reference mapped(Path fasta, Path entry, Layout layout) {
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(entry, StandardOpenOption.READ)) {
            MemorySegment data = layout.dataLength() == 0 ? MemorySegment.NULL
                    : ch.map(FileChannel.MapMode.READ_ONLY, 0, layout.dataLength(), arena);
            return new Reference(fasta, entry, layout.contigs(), arena, data);
        } catch (IOException e) {
            arena.close();
            throw new UncheckedIOException("cannot map " + entry, e);
        }
    }

    private static Reference inMemory(Path fasta) {
        Arena arena = Arena.ofShared();
        try {
            InMemoryDecode.Decoded d = InMemoryDecode.decode(fasta, arena);
            List<CachedContig> contigs = new ArrayList<>(d.contigs().size());
            long offset = 0;
            for (FaiEntry e : d.contigs()) {
                contigs.add(new CachedContig(e.name(), e.length(), offset));
                offset += e.length();
            }
            return new Reference(fasta, null, contigs, arena, d.bases());
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /**
     * The FASTA this reference was decoded from.
     *
     * @return the FASTA path as given to {@code open}
     */
    public Path fasta() {
        return fasta;
    }

    /**
     * The cache entry that backs the mapping; empty when the bases were decoded into memory (no usable cache).
     *
     * @return the cache entry file, or empty
     */
    public Optional<Path> cacheFile() {
        return Optional.ofNullable(cacheFile);
    }

    /**
     * Contig names in FASTA order.
     *
     * @return an unmodifiable list of contig names
     */
    public List<String> contigs() {
        return names;
    }

    /**
     * The name normalizer over {@link #contigs()}.
     *
     * @return the normalizer
     */
    public ContigNormalizer normalizer() {
        return normalizer;
    }

    /**
     * Index of the contig {@code name} refers to ({@code chr} prefix optional), or -1.
     *
     * @param name a contig name as another file spells it
     * @return the contig index, or -1 if no contig matches
     */
    public int contigIndex(String name) {
        return normalizer.indexOf(name);
    }

    /**
     * All contigs' bases back to back in FASTA order (read-only, valid until {@link #close()}): contig {@code i}
     * occupies {@code [offset(i), offset(i) + length(i))}. Kernels address the reference through this one segment.
     *
     * @return a read-only view of all bases (uppercase ASCII)
     * @throws IllegalStateException if the reference is closed
     */
    public MemorySegment bases() {
        checkOpen();
        return data.asReadOnly();
    }

    /**
     * Byte offset of contig {@code index} within {@link #bases()}.
     *
     * @param index contig index, {@code 0 <= index < contigs().size()}
     * @return the offset in bytes
     */
    public long offset(int index) {
        return offsets[index];
    }

    /**
     * Length of contig {@code index}.
     *
     * @param index contig index, {@code 0 <= index < contigs().size()}
     * @return the length in bp
     */
    public long length(int index) {
        return lengths[index];
    }

    /**
     * Length of the contig {@code name} refers to; unknown names raise {@link IllegalArgumentException}.
     *
     * @param name a contig name, {@code chr} prefix optional
     * @return the length in bp
     * @throws IllegalArgumentException if no contig matches
     */
    public long length(String name) {
        return lengths[require(name)];
    }

    /**
     * Bases {@code [start, end)} of contig {@code index}. Inside the contig the result is a read-only slice of
     * the mapping (valid until {@link #close()}); otherwise a fresh heap segment padded with {@code N}.
     *
     * @param index contig index
     * @param start 0-based inclusive start; may be negative
     * @param end exclusive end; may be past the contig end
     * @return {@code end - start} bases (empty when {@code start >= end})
     * @throws IllegalStateException if the reference is closed
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

    /**
     * Bases {@code [start, end)} of contig {@code name} as a new array, padded with {@code N} outside it.
     *
     * @param name a contig name, {@code chr} prefix optional
     * @param start 0-based inclusive start; may be negative
     * @param end exclusive end; may be past the contig end
     * @return a new array of {@code end - start} bases (empty when {@code start >= end})
     * @throws IllegalArgumentException if no contig matches
     */
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
     *
     * @param index contig index
     * @param start 0-based inclusive start; may be negative
     * @param end exclusive end; may be past the contig end
     * @param dst the destination, with room for {@code end - start} bytes at {@code dstOffset}
     * @param dstOffset byte offset in {@code dst}
     * @throws IllegalStateException if the reference is closed
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

    /**
     * One base, {@code N} outside the contig.
     *
     * @param index contig index
     * @param position 0-based position; any value
     * @return the uppercase base, or {@code N} before 0 or past the contig end
     * @throws IllegalStateException if the reference is closed
     */
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
