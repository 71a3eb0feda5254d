/**
 * Reference genomes. {@link io.gvl.io.fasta.Reference} decodes a FASTA (plain, gzip or BGZF) once into a flat
 * cache of upper-cased bases and memory-maps it, so fetches inside a contig are zero-copy slices and fetches past
 * either end are padded with {@code N}. The cache ({@link io.gvl.io.fasta.ReferenceCache}) is keyed by file
 * content, lives in {@code $GVL_CACHE_DIR} (or the platform cache directory), is size-capped with
 * least-recently-used eviction, and falls back to decoding into memory when it cannot be written.
 *
 * <p>A {@code Reference} owns its mapping: views it returns are valid until it is closed; it is thread-safe.
 */
package io.gvl.io.fasta;
