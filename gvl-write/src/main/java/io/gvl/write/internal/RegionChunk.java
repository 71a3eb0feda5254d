package io.gvl.write.internal;

/**
 * Consecutive sorted regions processed by one task: sorted rows {@code [from, to)} on one BED contig, the record
 * contig they map to ({@code -1}: none), the variant rows their windows overlap, how many samples one pass over those
 * rows should read, and the bytes of carriers one pass may hold before it is split ({@link GenotypeWindow}).
 */
record RegionChunk(int from, int to, int contig, int rowFrom, int rowTo, int samplesPerPass, long passBytes) {
}
