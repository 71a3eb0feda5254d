package io.gvl.io.internal.csi;

/** A run of records between two BGZF virtual offsets ({@code block address << 16 | offset in block}). */
public record Chunk(long begin, long end) {}
