package io.gvl.io.internal.fasta;

/** One line of a samtools {@code .fai}: offsets are in the decompressed stream, as samtools writes them. */
public record FaiEntry(String name, long length, long offset, int lineBases, int lineWidth) {}
