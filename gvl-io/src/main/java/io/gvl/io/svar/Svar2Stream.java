package io.gvl.io.svar;

import io.gvl.io.InputFormatException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * One call stream of a {@code .svar2} contig ({@link Svar2StreamKind}): 0-based u32 positions, the alleles (2-bit
 * SNP codes or 32-bit indel keys), and either the CSR over haplotypes ({@code var_key}, in call units) or the
 * genotype bit matrix ({@code dense}). Sizes were checked against each other when the store was opened. The memory
 * belongs to the {@link Svar2Store}; every accessor throws {@link IllegalStateException} once the store is closed.
 * Thread-safe (read-only).
 */
public final class Svar2Stream {
    private final Svar2Store store;
    private final Svar2StreamKind kind;
    private final Path directory;
    private final int haplotypes;
    private final long size;
    private final MemorySegment positions;
    private final MemorySegment alleles;
    private final MemorySegment offsets;
    private final MemorySegment genotypes;

    private Svar2Stream(Svar2Store store, Svar2StreamKind kind, Path directory, int haplotypes, long size, MemorySegment positions,
                        MemorySegment alleles, MemorySegment offsets, MemorySegment genotypes) {
        this.store = store;
        this.kind = kind;
        this.directory = directory;
        this.haplotypes = haplotypes;
        this.size = size;
        this.positions = positions;
        this.alleles = alleles;
        this.offsets = offsets;
        this.genotypes = genotypes;
    }

    /** Maps and checks the stream's files under {@code contigDir}. */
    static Svar2Stream open(Svar2Store store, Path contigDir, Svar2StreamKind kind, int haplotypes, Arena arena) {
        Path dir = contigDir.resolve(kind.directory());
        Path posFile = dir.resolve("positions.bin");
        MemorySegment pos = StoreFiles.map(posFile, arena);
        if (pos.byteSize() % 4 != 0) {
            throw new InputFormatException(posFile, "", "has " + pos.byteSize() + " bytes, not a whole number of u32"
                    + " positions.", StoreFiles.REBUILD);
        }
        long n = pos.byteSize() / 4;
        Path alleleFile = dir.resolve("alleles.bin");
        MemorySegment alleles = StoreFiles.map(alleleFile, arena);
        StoreFiles.requireBytes(alleleFile, alleles, kind.snp() ? Svar2SnpCodes.packedBytes(n) : 4 * n,
                "the " + n + " entries of positions.bin");
        if (kind.dense()) {
            Path gtFile = dir.resolve("genotypes.bin");
            MemorySegment gt = StoreFiles.map(gtFile, arena);
            StoreFiles.requireBytes(gtFile, gt, Svar2GenotypeBits.matrixBytes(haplotypes, n),
                    "a bit matrix of " + haplotypes + " haplotypes x " + n + " variants");
            return new Svar2Stream(store, kind, dir, haplotypes, n, pos, alleles, null, gt);
        }
        Path offFile = dir.resolve("offsets.npy");
        MemorySegment off = StoreFiles.npy(offFile, arena, "<u8", haplotypes + 1L);
        long prev = 0;
        for (int h = 0; h <= haplotypes; h++) {
            long o = off.get(StoreFiles.LE_LONG, 8L * h);
            if (h == 0 ? o != 0 : o < prev) {
                throw new InputFormatException(offFile, "haplotype " + h, "offset " + o + (h == 0 ? " is not 0."
                        : " is below the previous offset " + prev + "."), StoreFiles.REBUILD);
            }
            prev = o;
        }
        if (prev != n) {
            throw new InputFormatException(offFile, "", "ends at " + prev + " but " + posFile + " holds " + n
                    + " calls.", StoreFiles.REBUILD);
        }
        return new Svar2Stream(store, kind, dir, haplotypes, n, pos, alleles, off, null);
    }

    /**
     * Which stream this is.
     *
     * @return the kind
     */
    public Svar2StreamKind kind() {
        return kind;
    }

    /**
     * The stream's directory, for error messages.
     *
     * @return e.g. {@code store.svar2/chr1/var_key/snp}
     */
    public Path directory() {
        return directory;
    }

    /**
     * Number of entries: calls for a {@code var_key} stream, variants for a {@code dense} one.
     *
     * @return the entry count
     */
    public long size() {
        return size;
    }

    /**
     * The 0-based position of entry {@code i}.
     *
     * @param i entry index, {@code 0 <= i < size()}
     * @return the position, {@code 0 <= pos < 2^32}
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     * @throws IllegalStateException if the store is closed
     */
    public long position(long i) {
        try {
            return Integer.toUnsignedLong(positions.get(StoreFiles.LE_INT, 4 * i));
        } catch (IllegalStateException e) {
            throw store.closedError(e);
        }
    }

    /**
     * The 2-bit code of entry {@code i} of an SNP stream ({@link Svar2SnpCodes}).
     *
     * @param i entry index, {@code 0 <= i < size()}
     * @return the code, 0 to 3
     * @throws IllegalStateException if this is an indel stream, or the store is closed
     */
    public int snpCode(long i) {
        if (!kind.snp()) {
            throw new IllegalStateException(directory + " holds indel keys, not SNP codes");
        }
        try {
            return Svar2SnpCodes.code(alleles, i);
        } catch (IllegalStateException e) {
            throw store.closedError(e);
        }
    }

    /**
     * The 32-bit key of entry {@code i} of an indel stream ({@link Svar2IndelKeys}).
     *
     * @param i entry index, {@code 0 <= i < size()}
     * @return the key as stored (an unsigned pattern)
     * @throws IllegalStateException if this is an SNP stream, or the store is closed
     */
    public int key(long i) {
        if (kind.snp()) {
            throw new IllegalStateException(directory + " holds SNP codes, not indel keys");
        }
        try {
            return alleles.get(StoreFiles.LE_INT, 4 * i);
        } catch (IllegalStateException e) {
            throw store.closedError(e);
        }
    }

    /**
     * The first call of haplotype {@code h} in a {@code var_key} stream.
     *
     * @param h haplotype {@code sample*P + ploid}, {@code 0 <= h < H}
     * @return the call index where {@code h}'s calls start
     * @throws IllegalStateException if this is a dense stream, or the store is closed
     */
    public long start(int h) {
        return offset(h);
    }

    /**
     * One past the last call of haplotype {@code h} in a {@code var_key} stream.
     *
     * @param h haplotype {@code sample*P + ploid}, {@code 0 <= h < H}
     * @return the call index where {@code h}'s calls end
     * @throws IllegalStateException if this is a dense stream, or the store is closed
     */
    public long end(int h) {
        return offset(h + 1);
    }

    /**
     * Whether haplotype {@code h} carries variant {@code v} of a {@code dense} stream.
     *
     * @param h haplotype {@code sample*P + ploid}, {@code 0 <= h < H}
     * @param v variant index, {@code 0 <= v < size()}
     * @return whether bit {@code h*V + v} is set
     * @throws IllegalStateException if this is a {@code var_key} stream, or the store is closed
     */
    public boolean carries(int h, long v) {
        if (genotypes == null) {
            throw new IllegalStateException(directory + " is a var_key stream; it has no genotype bits");
        }
        try {
            return Svar2GenotypeBits.carries(genotypes, size, h, v);
        } catch (IllegalStateException e) {
            throw store.closedError(e);
        }
    }

    private long offset(int i) {
        if (offsets == null) {
            throw new IllegalStateException(directory + " is a dense stream; it has no per-haplotype offsets");
        }
        if (i < 0 || i > haplotypes) {
            throw new IndexOutOfBoundsException("haplotype " + i + " of " + haplotypes + " in " + directory);
        }
        try {
            return offsets.get(StoreFiles.LE_LONG, 8L * i);
        } catch (IllegalStateException e) {
            throw store.closedError(e);
        }
    }
}
