package io.gvl.io.svar;

import io.gvl.io.InputFormatException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One contig of a {@code .svar2} store: its four call streams, the long-allele table the lookup keys point into,
 * the {@code max_del} bounds and the INFO/FORMAT values. Everything is mapped and size-checked when the store
 * opens; the memory belongs to the {@link Svar2Store} and every accessor throws {@link IllegalStateException}
 * once it is closed. Thread-safe (read-only).
 */
public final class Svar2Contig {
    private final Svar2Store store;
    private final String name;
    private final Path directory;
    private final int samples;
    private final int haplotypes;
    private final Svar2Stream[] streams;
    private final MemorySegment longAlleles;
    private final MemorySegment longOffsets;
    private final long longCount;
    private final MemorySegment maxDel;
    private final long denseMaxDel;
    private final Map<String, MemorySegment[]> fieldValues;

    private Svar2Contig(Svar2Store store, String name, Path directory, int samples, int haplotypes,
                        Svar2Stream[] streams, MemorySegment longAlleles, MemorySegment longOffsets,
                        MemorySegment maxDel, long denseMaxDel, Map<String, MemorySegment[]> fieldValues) {
        this.store = store;
        this.name = name;
        this.directory = directory;
        this.samples = samples;
        this.haplotypes = haplotypes;
        this.streams = streams;
        this.longAlleles = longAlleles;
        this.longOffsets = longOffsets;
        this.longCount = longOffsets.byteSize() / 8 - 1;
        this.maxDel = maxDel;
        this.denseMaxDel = denseMaxDel;
        this.fieldValues = fieldValues;
    }

    /** Maps and checks {@code <store>/<name>/}. */
    static Svar2Contig open(Svar2Store store, String name, int samples, int ploidy, List<Svar2Field> fields,
                            Arena arena) {
        Path dir = store.path().resolve(name);
        if (!Files.isDirectory(dir)) {
            throw new InputFormatException(dir, "", "is missing although meta.json lists contig '" + name + "'.",
                    StoreFiles.REBUILD);
        }
        int haplotypes = Math.multiplyExact(samples, ploidy);
        Svar2Stream[] streams = new Svar2Stream[Svar2StreamKind.values().length];
        for (Svar2StreamKind k : Svar2StreamKind.values()) {
            streams[k.ordinal()] = Svar2Stream.open(store, dir, k, haplotypes, arena);
        }
        Path lutFile = dir.resolve("indel/long_alleles.bin");
        MemorySegment lut = StoreFiles.map(lutFile, arena);
        Path lutOffFile = dir.resolve("indel/long_allele_offsets.npy");
        MemorySegment lutOff = StoreFiles.npy(lutOffFile, arena, "<u8", -1);
        checkLongOffsets(lutOffFile, lutOff, lut.byteSize());
        MemorySegment maxDel = StoreFiles.npy(dir.resolve("max_del.npy"), arena, "<u4", samples, ploidy);
        MemorySegment denseMax = StoreFiles.npy(dir.resolve("dense/max_del.npy"), arena, "<u4", 1);
        long denseMaxDel = Integer.toUnsignedLong(denseMax.get(StoreFiles.LE_INT, 0));
        Map<String, MemorySegment[]> values = new HashMap<>();
        for (Svar2Field f : fields) {
            values.put(f.name(), fieldFiles(dir, f, streams, samples, arena));
        }
        return new Svar2Contig(store, name, dir, samples, haplotypes, streams, lut, lutOff, maxDel, denseMaxDel,
                values);
    }

    private static void checkLongOffsets(Path file, MemorySegment off, long tableBytes) {
        long n = off.byteSize() / 8;
        if (n == 0) {
            throw new InputFormatException(file, "", "is empty; it must hold at least the leading 0.",
                    StoreFiles.REBUILD);
        }
        long prev = 0;
        for (long i = 0; i < n; i++) {
            long o = off.get(StoreFiles.LE_LONG, 8 * i);
            if (i == 0 ? o != 0 : o < prev) {
                throw new InputFormatException(file, "row " + i, "offset " + o + (i == 0 ? " is not 0."
                        : " is below the previous offset " + prev + "."), StoreFiles.REBUILD);
            }
            prev = o;
        }
        if (prev != tableBytes) {
            throw new InputFormatException(file, "", "ends at " + prev + " but long_alleles.bin holds " + tableBytes
                    + " bytes.", StoreFiles.REBUILD);
        }
    }

    private static MemorySegment[] fieldFiles(Path dir, Svar2Field f, Svar2Stream[] streams, int samples,
                                              Arena arena) {
        MemorySegment[] out = new MemorySegment[streams.length];
        for (Svar2Stream s : streams) {
            Svar2StreamKind k = s.kind();
            long n = k.dense() && f.category() == Svar2Field.Category.FORMAT ? s.size() * samples : s.size();
            Path file = dir.resolve("fields").resolve(f.category().name().toLowerCase(java.util.Locale.ROOT))
                    .resolve(f.name()).resolve(k.fieldSub()).resolve("values.bin");
            if (n == 0 && !Files.exists(file)) {
                out[k.ordinal()] = arena.allocate(0);
                continue;
            }
            MemorySegment seg = StoreFiles.map(file, arena);
            StoreFiles.requireBytes(file, seg, n * f.itemSize(), n + " " + f.dtype() + " values (" + s.size()
                    + " entries of " + k.directory() + (n != s.size() ? " x " + samples + " samples" : "") + ")");
            out[k.ordinal()] = seg;
        }
        return out;
    }

    /**
     * The contig name, as in {@code meta.json}.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The contig's directory inside the store.
     *
     * @return {@code <store>/<name>}
     */
    public Path directory() {
        return directory;
    }

    /**
     * Number of haplotypes {@code H = samples * ploidy}; haplotype {@code h = sample*P + ploid}.
     *
     * @return {@code H}
     */
    public int haplotypes() {
        return haplotypes;
    }

    /**
     * One of the four call streams.
     *
     * @param kind which stream
     * @return the stream
     */
    public Svar2Stream stream(Svar2StreamKind kind) {
        return streams[kind.ordinal()];
    }

    /**
     * The longest deletion among haplotype {@code h}'s {@code var_key} indel calls ({@code max_del.npy}).
     *
     * @param h haplotype, {@code 0 <= h < H}
     * @return the deletion length in bases, 0 if none
     * @throws IndexOutOfBoundsException if {@code h} is out of range
     * @throws IllegalStateException if the store is closed
     */
    public long maxDeletion(int h) {
        if (h < 0 || h >= haplotypes) {
            throw new IndexOutOfBoundsException("haplotype " + h + " of " + haplotypes + " in " + directory);
        }
        try {
            return Integer.toUnsignedLong(maxDel.get(StoreFiles.LE_INT, 4L * h));
        } catch (IllegalStateException e) {
            throw store.closedError(e);
        }
    }

    /**
     * The longest deletion among the dense indel variants ({@code dense/max_del.npy}).
     *
     * @return the deletion length in bases, 0 if none
     */
    public long denseMaxDeletion() {
        return denseMaxDel;
    }

    /**
     * Number of rows of the long-allele table ({@code indel/long_alleles.bin}).
     *
     * @return the row count
     */
    public long longAlleleCount() {
        return longCount;
    }

    /**
     * Where row {@code row} of the long-allele table starts, in bytes of {@code indel/long_alleles.bin}.
     *
     * @param row a row, {@code 0 <= row < longAlleleCount()}
     * @return the byte offset; the row ends at {@code longAlleleStart(row + 1)}
     * @throws IndexOutOfBoundsException if {@code row > longAlleleCount()}
     * @throws IllegalStateException if the store is closed
     */
    public long longAlleleStart(long row) {
        try {
            return longOffsets.get(StoreFiles.LE_LONG, 8 * row);
        } catch (IllegalStateException e) {
            throw store.closedError(e);
        }
    }

    /**
     * The value of an INFO/FORMAT field for a gathered call.
     *
     * @param field one of {@link Svar2Store#fields()}
     * @param origin the call's {@link Svar2Origin}
     * @param sampleColumn the store sample column of the haplotype the call was gathered for; used only for a FORMAT
     *                     field of a dense stream (one value per sample), ignored otherwise
     * @return the value widened to double; NaN or genoray's sentinel where the store holds no value
     * @throws IllegalArgumentException if the field is not one of this store's
     * @throws IndexOutOfBoundsException if the origin or the sample column is out of range
     * @throws IllegalStateException if the store is closed
     */
    public double fieldValue(Svar2Field field, long origin, int sampleColumn) {
        MemorySegment[] values = fieldValues.get(field.name());
        if (values == null) {
            throw new IllegalArgumentException("field " + field.name() + " is not stored in " + store.path());
        }
        Svar2StreamKind kind = Svar2Origin.kind(origin);
        long index = Svar2Origin.index(origin);
        if (kind.dense() && field.category() == Svar2Field.Category.FORMAT) {
            if (sampleColumn < 0 || sampleColumn >= samples) {
                throw new IndexOutOfBoundsException("sample column " + sampleColumn + " of " + samples);
            }
            index = index * samples + sampleColumn;
        }
        try {
            return field.read(values[kind.ordinal()], index);
        } catch (IllegalStateException e) {
            throw store.closedError(e);
        }
    }

    /** Byte {@code at} of {@code indel/long_alleles.bin} (raw ASCII). */
    byte longAlleleByte(long at) {
        try {
            return longAlleles.get(ValueLayout.JAVA_BYTE, at);
        } catch (IllegalStateException e) {
            throw store.closedError(e);
        }
    }
}
