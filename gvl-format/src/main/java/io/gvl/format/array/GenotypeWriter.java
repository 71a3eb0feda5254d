package io.gvl.format.array;

import io.gvl.format.DatasetLayout;
import io.gvl.format.VariantTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Streams {@code genotypes/offsets.npy} and {@code genotypes/variant_idxs.npy} slot by slot, in slot order
 * {@code (r·S + s)·P + p}. When no slot carries a variant, {@code variant_idxs.npy} is not left behind, exactly as
 * GVL writes such a dataset. {@code variants.arrow} is written separately ({@link
 * io.gvl.format.io.VariantTableFile#write(VariantTable, Path)}).
 */
public final class GenotypeWriter implements AutoCloseable {
    private final Path idxFile;
    private final RawArrayWriter offsets;
    private final RawArrayWriter idx;
    private final long expectedSlots;
    private long slots;
    private long total;
    private boolean closed;
    /** Offsets of a run of slots, written in one piece by {@link #appendSlots}. */
    private long[] runOffsets = new long[0];

    /**
     * Creates {@code genotypes/} under {@code dataset} for {@code nRegions·nSamples·ploidy} slots.
     *
     * @param dataset the (temporary) dataset directory
     * @param nRegions number of regions {@code R}
     * @param nSamples number of samples {@code S}
     * @param ploidy haplotypes per sample {@code P}
     * @throws java.io.UncheckedIOException if the directory or files cannot be created
     */
    public GenotypeWriter(Path dataset, int nRegions, int nSamples, int ploidy) {
        Path g = DatasetLayout.genotypes(dataset);
        try {
            Files.createDirectories(g);
        } catch (IOException e) {
            throw new UncheckedIOException(g + ": cannot create", e);
        }
        this.expectedSlots = (long) nRegions * nSamples * ploidy;
        this.idxFile = g.resolve(DatasetLayout.VARIANT_IDXS);
        this.offsets = RawArrayWriter.create(g.resolve(DatasetLayout.OFFSETS), RawDtype.INT64);
        this.idx = RawArrayWriter.create(idxFile, RawDtype.INT32);
    }

    /**
     * Appends the next slot's ascending variant indices {@code variants[off, off+len)}.
     *
     * @param variants a buffer of variant-table rows
     * @param off the first element of the slot in {@code variants}
     * @param len the number of variants in the slot, {@code >= 0}
     * @throws IllegalStateException if every slot is already written
     * @throws IllegalArgumentException if the indices do not strictly ascend
     */
    public void appendSlot(int[] variants, int off, int len) {
        if (slots >= expectedSlots) {
            throw new IllegalStateException("all " + expectedSlots + " slots are already written");
        }
        for (int i = off + 1; i < off + len; i++) {
            if (variants[i] <= variants[i - 1]) {
                throw new IllegalArgumentException("slot " + slots + ": variant indices must ascend, got "
                        + variants[i - 1] + " then " + variants[i]);
            }
        }
        offsets.writeLong(total);
        idx.writeInts(variants, off, len);
        total += len;
        slots++;
    }

    /**
     * Appends {@code counts.length} slots at once (a region's, say): slot {@code i} holds the next {@code counts[i]}
     * variant indices of {@code variants}, which lie back to back from {@code off}. The same bytes as one
     * {@link #appendSlot} per slot, written as two bulk copies.
     *
     * @param variants a buffer of variant-table rows
     * @param off the first element of the first slot in {@code variants}
     * @param counts the number of variants in each slot, each {@code >= 0}
     * @throws IllegalStateException if the slots would pass the announced number
     * @throws IllegalArgumentException if a count is negative or a slot's indices do not strictly ascend
     */
    public void appendSlots(int[] variants, int off, int[] counts) {
        if (slots + counts.length > expectedSlots) {
            throw new IllegalStateException(counts.length + " slots would pass the " + expectedSlots
                    + " announced (" + slots + " written)");
        }
        if (runOffsets.length < counts.length) {
            runOffsets = new long[Math.max(counts.length, runOffsets.length * 2)];
        }
        int at = off;
        for (int i = 0; i < counts.length; i++) {
            int len = counts[i];
            if (len < 0) {
                throw new IllegalArgumentException("slot " + (slots + i) + ": negative count " + len);
            }
            for (int j = at + 1; j < at + len; j++) {
                if (variants[j] <= variants[j - 1]) {
                    throw new IllegalArgumentException("slot " + (slots + i) + ": variant indices must ascend, got "
                            + variants[j - 1] + " then " + variants[j]);
                }
            }
            runOffsets[i] = total + (at - off);
            at += len;
        }
        offsets.writeLongs(runOffsets, 0, counts.length);
        idx.writeInts(variants, off, at - off);
        total += at - off;
        slots += counts.length;
    }

    /** Writes the final offset; fails if fewer slots than announced were written. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try (offsets; idx) {
            if (slots != expectedSlots) {
                throw new IllegalStateException("wrote " + slots + " of " + expectedSlots + " genotype slots");
            }
            offsets.writeLong(total);
        }
        if (total == 0) {
            try {
                Files.deleteIfExists(idxFile);
            } catch (IOException e) {
                throw new UncheckedIOException(idxFile + ": cannot delete empty file", e);
            }
        }
    }
}
