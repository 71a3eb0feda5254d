package io.gvl.format.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.array.Npy;
import io.gvl.format.array.NpyArray;
import io.gvl.format.array.RawArray;
import io.gvl.format.array.RawDtype;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The range cache {@code genotypes/svar2_ranges/} of a dataset linked to a genoray {@code .svar2} store. Why: such a
 * dataset keeps no genotypes, only, per (region, sample slot, ploid) cell, the windows of calls (in call units,
 * absolute) into the store's {@code var_key/snp} and {@code var_key/indel} streams, plus per region the ranges of the
 * store's dense SNP and indel variants, and the map from dataset sample slots to store sample columns.
 *
 * <p>Two layouts are read. {@link Layout#SPARSE} (GVL 0.43.x, {@code "layout": "sparse"}): a region CSR
 * ({@code region_ptr}, raw {@code <i8}, {@code R+1}) over the non-empty cells ({@code cell_id}, raw {@code <i4}
 * {@code slot*P + ploid}, ascending within a region; {@code cell_vk}, raw 24-byte records {@code snp_start i8,
 * indel_start i8, snp_len i4, indel_len i4}). {@link Layout#DENSE} (GVL 0.37.0 to 0.42.1, no {@code layout} key):
 * {@code vk_snp_range.npy} and {@code vk_indel_range.npy}, raw {@code <i8 (R, S, P, 2)} start/end for every cell.
 * Both have {@code dense_snp_range.npy}, {@code dense_indel_range.npy} (raw {@code <i8 (R, 2)}) and the real-NPY
 * {@code sample_cols.npy} ({@code <i8 (S,)}). {@code svar2_meta.json} is checked against the dataset: the sparse
 * layout's {@code n_regions}, {@code n_samples} and {@code n_entries}, and in both layouts every recorded
 * {@code ploidy} and array {@code shape} (the dense layout records only the shapes and the ploidy).
 *
 * <p>Lookup follows GVL 0.43.x: a full region block ({@code S*P} entries) is indexed directly; otherwise a
 * lower-bound binary search confirmed by {@code cell_id} equality; a miss reads as empty windows starting at 0 in
 * both channels. The files are memory-mapped into a shared arena this object owns; after {@link #close()} (closing
 * twice is harmless) every read throws {@link IllegalStateException}. Thread-safe for reads.
 */
public final class Svar2RangesFile implements AutoCloseable {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String REWRITE = "rewrite the dataset with gvl.write (or gvl write) from its .svar2 store.";

    /** How the {@code var_key} windows are stored. */
    public enum Layout {
        /** GVL 0.43.x: only the non-empty cells, in a region CSR. */
        SPARSE,
        /** GVL 0.37.0 to 0.42.1: every cell, {@code (R, S, P, 2)} start/end arrays. */
        DENSE
    }

    /** What {@link #cell} returns for a cell the sparse cache does not hold. */
    public static final long MISS = -1;

    private final Path directory;
    private final Layout layout;
    private final int regions;
    private final int samples;
    private final int ploidy;
    private final Arena arena;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final long[] sampleCols;
    private final RawArray denseSnp;
    private final RawArray denseIndel;
    private final RawArray regionPtr;
    private final RawArray cellId;
    private final RawArray cellVk;
    private final RawArray vkSnp;
    private final RawArray vkIndel;

    private Svar2RangesFile(Path directory, Layout layout, int regions, int samples, int ploidy, Arena arena,
                            long[] sampleCols, RawArray denseSnp, RawArray denseIndel, RawArray regionPtr,
                            RawArray cellId, RawArray cellVk, RawArray vkSnp, RawArray vkIndel) {
        this.directory = directory;
        this.layout = layout;
        this.regions = regions;
        this.samples = samples;
        this.ploidy = ploidy;
        this.arena = arena;
        this.sampleCols = sampleCols;
        this.denseSnp = denseSnp;
        this.denseIndel = denseIndel;
        this.regionPtr = regionPtr;
        this.cellId = cellId;
        this.cellVk = cellVk;
        this.vkSnp = vkSnp;
        this.vkIndel = vkIndel;
    }

    /**
     * Opens and checks a range cache against the dataset's dimensions.
     *
     * @param directory the {@code genotypes/svar2_ranges} directory
     * @param regions the dataset's region count {@code R}
     * @param samples the dataset's sample count {@code S}
     * @param ploidy the dataset's ploidy {@code P}
     * @return the open cache; the caller must {@link #close()} it to unmap its files
     * @throws DatasetFormatException naming the file when one is missing or malformed, when
     *                                {@code svar2_meta.json} disagrees with the dataset or with the files, or when
     *                                {@code region_ptr} or a dense range is not monotone
     */
    public static Svar2RangesFile open(Path directory, int regions, int samples, int ploidy) {
        Path metaFile = directory.resolve("svar2_meta.json");
        JsonNode meta = readMeta(metaFile);
        Layout layout = layout(metaFile, meta);
        if (layout == Layout.SPARSE) {
            requireInt(metaFile, meta, "n_regions", regions, "the dataset's region count");
            requireInt(metaFile, meta, "n_samples", samples, "the dataset's sample count");
        }
        if (meta.has("ploidy")) {
            requireInt(metaFile, meta, "ploidy", ploidy, "the dataset's ploidy");
        }
        requireShape(metaFile, meta, "dense_snp_range", regions, 2);
        requireShape(metaFile, meta, "dense_indel_range", regions, 2);
        requireShape(metaFile, meta, "sample_cols", samples);
        requireShape(metaFile, meta, "vk_snp_range", regions, samples, ploidy, 2);
        requireShape(metaFile, meta, "vk_indel_range", regions, samples, ploidy, 2);
        requireShape(metaFile, meta, "region_ptr", regions + 1L);
        long cells = (long) regions * samples * ploidy;
        Arena arena = Arena.ofShared();
        try {
            long[] cols = sampleCols(directory.resolve("sample_cols.npy"), samples);
            RawArray denseSnp = ranges(directory.resolve("dense_snp_range.npy"), regions, arena);
            RawArray denseIndel = ranges(directory.resolve("dense_indel_range.npy"), regions, arena);
            if (layout == Layout.DENSE) {
                RawArray vkSnp = legacy(directory.resolve("vk_snp_range.npy"), cells, arena);
                RawArray vkIndel = legacy(directory.resolve("vk_indel_range.npy"), cells, arena);
                return new Svar2RangesFile(directory, layout, regions, samples, ploidy, arena, cols, denseSnp,
                        denseIndel, null, null, null, vkSnp, vkIndel);
            }
            JsonNode nEntries = meta.get("n_entries");
            if (nEntries == null || !nEntries.canConvertToLong()) {
                throw new DatasetFormatException(metaFile + ": n_entries is missing or not an integer; " + REWRITE);
            }
            long n = nEntries.asLong();
            requireShape(metaFile, meta, "cell_id", n);
            requireShape(metaFile, meta, "cell_vk", n);
            RawArray ptr = RawArray.map(directory.resolve("region_ptr.npy"), RawDtype.INT64, arena);
            requireLength(ptr, regions + 1L, "n_regions + 1");
            RawArray ids = RawArray.map(directory.resolve("cell_id.npy"), RawDtype.INT32, arena);
            requireLength(ids, n, "n_entries");
            RawArray vk = RawArray.map(directory.resolve("cell_vk.npy"), RawDtype.INT64, arena);
            requireLength(vk, 3 * n, "n_entries 24-byte records (" + 3 * n + " 8-byte words)");
            checkRegionPtr(ptr, n, (long) samples * ploidy);
            return new Svar2RangesFile(directory, layout, regions, samples, ploidy, arena, cols, denseSnp,
                    denseIndel, ptr, ids, vk, null, null);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    private static JsonNode readMeta(Path file) {
        try {
            JsonNode root = MAPPER.readTree(Files.readAllBytes(file));
            if (root == null || !root.isObject()) {
                throw new DatasetFormatException(file + ": expected a JSON object; " + REWRITE);
            }
            return root;
        } catch (NoSuchFileException e) {
            throw new DatasetFormatException(file + ": required file is missing; " + REWRITE, e);
        } catch (JsonProcessingException e) {
            throw new DatasetFormatException(file + ": malformed JSON (" + e.getOriginalMessage() + "); " + REWRITE,
                    e);
        } catch (IOException e) {
            throw new DatasetFormatException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
    }

    private static Layout layout(Path file, JsonNode meta) {
        JsonNode l = meta.get("layout");
        if (l == null || l.isNull() || "dense".equals(l.asText())) {
            return Layout.DENSE;
        }
        if ("sparse".equals(l.asText())) {
            return Layout.SPARSE;
        }
        throw new DatasetFormatException(file + ": unknown layout " + l + " (known: \"sparse\", or none for the"
                + " dense layout of GVL <= 0.42.1); read it with a newer gvl or " + REWRITE);
    }

    private static void requireInt(Path file, JsonNode meta, String key, long expected, String what) {
        JsonNode v = meta.get(key);
        if (v == null || !v.canConvertToLong() || v.asLong() != expected) {
            throw new DatasetFormatException(file + ": " + key + " is " + v + " but " + what + " is " + expected
                    + "; the range cache belongs to another dataset, " + REWRITE);
        }
    }

    /** Checks {@code meta[key].shape} when the writer recorded it (GVL records one per array). */
    private static void requireShape(Path file, JsonNode meta, String key, long... expected) {
        JsonNode shape = meta.path(key).get("shape");
        if (shape == null) {
            return;
        }
        boolean ok = shape.isArray() && shape.size() == expected.length;
        for (int i = 0; ok && i < expected.length; i++) {
            ok = shape.get(i).canConvertToLong() && shape.get(i).asLong() == expected[i];
        }
        if (!ok) {
            throw new DatasetFormatException(file + ": " + key + " has shape " + shape + " but the dataset needs "
                    + java.util.Arrays.toString(expected) + "; the range cache belongs to another dataset, "
                    + REWRITE);
        }
    }

    private static void requireLength(RawArray a, long expected, String what) {
        if (a.length() != expected) {
            throw new DatasetFormatException(a.file() + ": holds " + a.length() + " elements but " + what + " is "
                    + expected + "; " + REWRITE);
        }
    }

    private static long[] sampleCols(Path file, int samples) {
        NpyArray a = Npy.read(file);
        if (a.shape().length != 1 || a.shape()[0] != samples) {
            throw new DatasetFormatException(file + ": shape " + java.util.Arrays.toString(a.shape())
                    + " but the dataset has " + samples + " samples; " + REWRITE);
        }
        long[] cols = a.toLongArray();
        for (int s = 0; s < cols.length; s++) {
            if (cols[s] < 0 || cols[s] > Integer.MAX_VALUE) {
                throw new DatasetFormatException(file + ": slot " + s + " names store column " + cols[s] + "; "
                        + REWRITE);
            }
        }
        return cols;
    }

    private static RawArray ranges(Path file, int regions, Arena arena) {
        RawArray a = RawArray.map(file, RawDtype.INT64, arena);
        requireLength(a, 2L * regions, "2 x n_regions");
        for (int r = 0; r < regions; r++) {
            long start = a.getLong(2L * r);
            long end = a.getLong(2L * r + 1);
            if (start < 0 || end < start) {
                throw new DatasetFormatException(file + ": region " + r + " has the range [" + start + ", " + end
                        + "); " + REWRITE);
            }
        }
        return a;
    }

    private static RawArray legacy(Path file, long cells, Arena arena) {
        RawArray a = RawArray.map(file, RawDtype.INT64, arena);
        requireLength(a, 2 * cells, "n_regions x n_samples x ploidy x 2");
        return a;
    }

    private static void checkRegionPtr(RawArray ptr, long n, long width) {
        long prev = 0;
        for (long r = 0; r < ptr.length(); r++) {
            long p = ptr.getLong(r);
            if (r == 0 ? p != 0 : p < prev || p - prev > width) {
                throw new DatasetFormatException(ptr.file() + ": entry " + r + " is " + p + " after " + prev
                        + " (must start at 0 and grow by at most " + width + " per region); " + REWRITE);
            }
            prev = p;
        }
        if (prev != n) {
            throw new DatasetFormatException(ptr.file() + ": ends at " + prev + " but n_entries is " + n + "; "
                    + REWRITE);
        }
    }

    /**
     * The cache directory.
     *
     * @return the path given to {@link #open}
     */
    public Path directory() {
        return directory;
    }

    /**
     * Which layout the cache uses.
     *
     * @return {@link Layout#SPARSE} or {@link Layout#DENSE}
     */
    public Layout layout() {
        return layout;
    }

    /**
     * The region count {@code R}.
     *
     * @return {@code R}
     */
    public int regions() {
        return regions;
    }

    /**
     * The dataset's sample count {@code S}.
     *
     * @return {@code S}
     */
    public int samples() {
        return samples;
    }

    /**
     * The ploidy {@code P}.
     *
     * @return {@code P}
     */
    public int ploidy() {
        return ploidy;
    }

    /**
     * The store sample column of a dataset sample slot ({@code sample_cols.npy}).
     *
     * @param slot {@code 0 <= slot < S}
     * @return the store column, {@code >= 0}
     * @throws IndexOutOfBoundsException if {@code slot} is out of range
     */
    public long sampleColumn(int slot) {
        return sampleCols[slot];
    }

    /**
     * Number of stored cells: the sparse entries {@code N}, or {@code R*S*P} for the dense layout.
     *
     * @return the entry count
     */
    public long entries() {
        return layout == Layout.SPARSE ? cellId.length() : vkSnp.length() / 2;
    }

    /**
     * The first sparse entry of region {@code r} ({@code region_ptr[r]}).
     *
     * @param r {@code 0 <= r <= R} ({@code R} gives the entry count)
     * @return the entry index
     * @throws IllegalStateException if the layout is not {@link Layout#SPARSE}, or the cache is closed
     */
    public long regionEntries(int r) {
        requireSparse();
        return regionPtr.getLong(r);
    }

    /**
     * The cell id {@code slot*P + ploid} of sparse entry {@code e}.
     *
     * @param e entry index, {@code 0 <= e < entries()}
     * @return the cell id
     * @throws IllegalStateException if the layout is not {@link Layout#SPARSE}, or the cache is closed
     */
    public int cellId(long e) {
        requireSparse();
        return cellId.getInt(e);
    }

    /**
     * The handle of cell ({@code region}, {@code slot}, {@code ploid}) for {@link #snpStart} and its siblings: the
     * sparse entry (found as GVL 0.43.x does) or {@link #MISS}, or the flat cell index for the dense layout.
     *
     * @param region {@code 0 <= region < R}
     * @param slot dataset sample slot, {@code 0 <= slot < S}
     * @param ploid {@code 0 <= ploid < P}
     * @return an opaque handle valid for this cache only
     * @throws IndexOutOfBoundsException if an argument is out of range
     * @throws IllegalStateException if the cache is closed
     */
    public long cell(int region, int slot, int ploid) {
        if (region < 0 || region >= regions || slot < 0 || slot >= samples || ploid < 0 || ploid >= ploidy) {
            throw new IndexOutOfBoundsException("cell (" + region + ", " + slot + ", " + ploid + ") of (" + regions
                    + ", " + samples + ", " + ploidy + ") in " + directory);
        }
        int target = slot * ploidy + ploid;
        if (layout == Layout.DENSE) {
            return (long) region * samples * ploidy + target;
        }
        long lo = regionPtr.getLong(region);
        long hi = regionPtr.getLong(region + 1L);
        if (hi - lo == (long) samples * ploidy) {
            return lo + target;
        }
        long a = lo;
        long b = hi;
        while (a < b) {
            long mid = (a + b) >>> 1;
            if (cellId.getInt(mid) < target) {
                a = mid + 1;
            } else {
                b = mid;
            }
        }
        return a < hi && cellId.getInt(a) == target ? a : MISS;
    }

    /**
     * Start of a cell's {@code var_key} SNP window, in calls of the store's {@code var_key/snp} stream.
     *
     * @param cell a handle from {@link #cell}
     * @return the first call; 0 for {@link #MISS}
     * @throws IllegalStateException if the cache is closed
     */
    public long snpStart(long cell) {
        if (cell == MISS) {
            return 0;
        }
        return layout == Layout.SPARSE ? cellVk.getLong(3 * cell) : vkSnp.getLong(2 * cell);
    }

    /**
     * Length of a cell's {@code var_key} SNP window.
     *
     * @param cell a handle from {@link #cell}
     * @return the number of calls; 0 for {@link #MISS}
     * @throws DatasetFormatException if a dense-layout window is negative or longer than {@code 2^31 - 1}
     * @throws IllegalStateException if the cache is closed
     */
    public int snpLength(long cell) {
        if (cell == MISS) {
            return 0;
        }
        return layout == Layout.SPARSE ? (int) cellVk.getLong(3 * cell + 2) : legacyLength(vkSnp, cell);
    }

    /**
     * Start of a cell's {@code var_key} indel window, in calls of the store's {@code var_key/indel} stream.
     *
     * @param cell a handle from {@link #cell}
     * @return the first call; 0 for {@link #MISS}
     * @throws IllegalStateException if the cache is closed
     */
    public long indelStart(long cell) {
        if (cell == MISS) {
            return 0;
        }
        return layout == Layout.SPARSE ? cellVk.getLong(3 * cell + 1) : vkIndel.getLong(2 * cell);
    }

    /**
     * Length of a cell's {@code var_key} indel window.
     *
     * @param cell a handle from {@link #cell}
     * @return the number of calls; 0 for {@link #MISS}
     * @throws DatasetFormatException if a dense-layout window is negative or longer than {@code 2^31 - 1}
     * @throws IllegalStateException if the cache is closed
     */
    public int indelLength(long cell) {
        if (cell == MISS) {
            return 0;
        }
        return layout == Layout.SPARSE ? (int) (cellVk.getLong(3 * cell + 2) >>> 32) : legacyLength(vkIndel, cell);
    }

    /**
     * First dense SNP variant of region {@code r} in the store's {@code dense/snp} stream.
     *
     * @param r {@code 0 <= r < R}
     * @return the variant index
     * @throws IllegalStateException if the cache is closed
     */
    public long denseSnpStart(int r) {
        return denseSnp.getLong(2L * r);
    }

    /**
     * One past the last dense SNP variant of region {@code r}.
     *
     * @param r {@code 0 <= r < R}
     * @return the variant index
     * @throws IllegalStateException if the cache is closed
     */
    public long denseSnpEnd(int r) {
        return denseSnp.getLong(2L * r + 1);
    }

    /**
     * First dense indel variant of region {@code r} in the store's {@code dense/indel} stream.
     *
     * @param r {@code 0 <= r < R}
     * @return the variant index
     * @throws IllegalStateException if the cache is closed
     */
    public long denseIndelStart(int r) {
        return denseIndel.getLong(2L * r);
    }

    /**
     * One past the last dense indel variant of region {@code r}.
     *
     * @param r {@code 0 <= r < R}
     * @return the variant index
     * @throws IllegalStateException if the cache is closed
     */
    public long denseIndelEnd(int r) {
        return denseIndel.getLong(2L * r + 1);
    }

    private int legacyLength(RawArray a, long cell) {
        long len = a.getLong(2 * cell + 1) - a.getLong(2 * cell);
        if (len < 0 || len > Integer.MAX_VALUE) {
            throw new DatasetFormatException(a.file() + ": cell " + cell + " has a window of " + len + " calls; "
                    + REWRITE);
        }
        return (int) len;
    }

    private void requireSparse() {
        if (layout != Layout.SPARSE) {
            throw new IllegalStateException(directory + " uses the dense (GVL <= 0.42.1) layout; it has no entries");
        }
    }

    /** Unmaps the files; closing twice is harmless. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            arena.close();
        }
    }
}
