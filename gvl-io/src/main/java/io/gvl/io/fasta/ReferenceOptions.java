package io.gvl.io.fasta;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How {@link Reference#open(Path, ReferenceOptions)} serves a FASTA (GVL's {@code Reference.from_path(fasta,
 * contigs=..., in_memory=...)}): through the memory-mapped cache (default) or decoded into off-heap memory, with
 * every contig or only some. Immutable.
 *
 * @param cacheDir      the cache directory (ignored when {@code inMemory})
 * @param maxCacheBytes the size cap of the cache directory in bytes
 * @param inMemory      decode the bases into off-heap memory owned by the reference, skipping the cache (for
 *                      machines with no writable disk, or a reference used once)
 * @param contigs       only these contigs (names as any file spells them, {@code chr} prefix optional), in FASTA
 *                      order; empty for all. In memory, only their bases are kept.
 */
public record ReferenceOptions(Path cacheDir, long maxCacheBytes, boolean inMemory, Optional<List<String>> contigs) {

    /**
     * Checks the values and copies the contig list.
     *
     * @throws IllegalArgumentException if the cap is not positive or the contig list is empty
     */
    public ReferenceOptions {
        Objects.requireNonNull(cacheDir, "cacheDir");
        if (maxCacheBytes <= 0) {
            throw new IllegalArgumentException("maxCacheBytes must be positive, got " + maxCacheBytes);
        }
        contigs = Objects.requireNonNull(contigs, "contigs").map(List::copyOf);
        if (contigs.isPresent() && contigs.get().isEmpty()) {
            throw new IllegalArgumentException("a contig subset must name at least one contig");
        }
    }

    /**
     * The defaults of {@link Reference#open(Path)}: the cache in {@link ReferenceCache#directory()}, capped at
     * {@link ReferenceCache#maxBytes()}, every contig.
     *
     * @return the default options
     */
    public static ReferenceOptions defaults() {
        return new ReferenceOptions(ReferenceCache.directory(), ReferenceCache.maxBytes(), false, Optional.empty());
    }

    /**
     * The same options with another cache directory.
     *
     * @param dir the cache directory
     * @return a copy
     */
    public ReferenceOptions withCacheDir(Path dir) {
        return new ReferenceOptions(dir, maxCacheBytes, inMemory, contigs);
    }

    /**
     * The same options decoding into memory (or through the cache).
     *
     * @param memory {@code true} to skip the cache
     * @return a copy
     */
    public ReferenceOptions withInMemory(boolean memory) {
        return new ReferenceOptions(cacheDir, maxCacheBytes, memory, contigs);
    }

    /**
     * The same options keeping only {@code names}.
     *
     * @param names contig names, {@code chr} prefix optional
     * @return a copy
     */
    public ReferenceOptions withContigs(List<String> names) {
        return new ReferenceOptions(cacheDir, maxCacheBytes, inMemory, Optional.of(names));
    }
}
