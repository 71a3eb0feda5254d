package io.gvl.dataset.output;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.memory.MemoryBudget;
import io.gvl.dataset.settings.TrackKind;
import java.lang.foreign.Arena;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The outputs of one dataset query, all in one arena that this object owns: the sequence array
 * ({@value #REFERENCE} or {@value #HAPLOTYPES}), the annotations of annotated haplotypes ({@value #VAR_IDXS},
 * {@value #REF_COORDS}) and the tracks ({@value #TRACKS}, or in interval form {@value #INTERVAL_STARTS},
 * {@value #INTERVAL_ENDS} and {@value #INTERVAL_VALUES}), in that order (GVL's tuple order). Each array's shape
 * starts with the query's leading shape, except the per-variant arrays of variant outputs (alleles, windows,
 * flank tokens), which are ragged over the query's variants and grouped by the offsets of {@value #START}; read
 * those through {@code io.gvl.dataset.variants.Variants}. Closing frees every array; later access throws
 * {@link IllegalStateException}. Closing twice is harmless.
 */
public final class DatasetOutput implements AutoCloseable {
    /** Reference sequences: uint8 ASCII bases, one row per instance. */
    public static final String REFERENCE = "reference";
    /** Haplotype sequences: uint8 ASCII bases, one row per (instance, haplotype). */
    public static final String HAPLOTYPES = "haplotypes";
    /**
     * Annotated haplotypes: int32 index into the variant table of the variant each base comes from, -1 for
     * reference bases.
     */
    public static final String VAR_IDXS = "var_idxs";
    /**
     * Annotated haplotypes: int32 0-based reference coordinate of each base (the variant start for inserted bases).
     */
    public static final String REF_COORDS = "ref_coords";
    /**
     * Tracks: float32 values, one row per (instance, track) or, realigned to haplotypes, per (instance, track,
     * haplotype).
     */
    public static final String TRACKS = "tracks";
    /**
     * Interval-form tracks ({@link TrackKind#INTERVALS}): int32 interval starts, {@code (..., T, ~I)}; the arrays
     * {@value #INTERVAL_ENDS} and {@value #INTERVAL_VALUES} share its offsets.
     */
    public static final String INTERVAL_STARTS = "interval_starts";
    /** Interval-form tracks: int32 exclusive interval ends, {@code (..., T, ~I)}. */
    public static final String INTERVAL_ENDS = "interval_ends";
    /** Interval-form tracks: float32 interval values, {@code (..., T, ~I)}. */
    public static final String INTERVAL_VALUES = "interval_values";
    /** Variant outputs: ALT alleles, ragged over the query's variants (see {@code io.gvl.dataset.variants}). */
    public static final String ALT = "alt";
    /** Variant outputs: REF alleles (variants) or REF allele tokens (variant windows). */
    public static final String REF = "ref";
    /** Variant outputs: 0-based start per variant, {@code (..., P, ~V)} int32; its offsets group every field. */
    public static final String START = "start";
    /** Variant outputs: ALT length minus REF length per variant, int32. */
    public static final String ILEN = "ilen";
    /** Variant outputs: dosage per variant of each sample (when the dataset stores dosages), float32. */
    public static final String DOSAGE = "dosage";
    /** Ride-along flank tokens, dense {@code (V, 2L)}. */
    public static final String FLANK_TOKENS = "flank_tokens";
    /** Variant windows: reference window tokens per variant. */
    public static final String REF_WINDOW = "ref_window";
    /** Variant windows: flank + ALT + flank tokens per variant. */
    public static final String ALT_WINDOW = "alt_window";

    private static final java.util.Set<String> PER_VARIANT = java.util.Set.of(ALT, REF, FLANK_TOKENS, REF_WINDOW,
            ALT_WINDOW);

    /**
     * Whether the array called {@code name} is a per-variant array of a variant output: its first axis is the query's
     * variants (in the order of {@value #START}'s rows), not its instances. Cutting instances {@code [a, b)} out of
     * such an output takes variants {@code [start.offset(a * P), start.offset(b * P))} of these arrays.
     *
     * @param name an output array name
     * @return whether that array is indexed by variant
     */
    public static boolean isPerVariant(String name) {
        return PER_VARIANT.contains(name);
    }

    private final Arena arena;
    private final boolean ownsArena;
    private final long[] leadingShape;
    private final List<NamedArray> arrays;
    private volatile boolean closed;
    private final MemoryBudget.Charge charge;

    DatasetOutput(Arena arena, long[] leadingShape, List<NamedArray> arrays) {
        this(arena, true, leadingShape, arrays);
    }

    DatasetOutput(Arena arena, boolean ownsArena, long[] leadingShape, List<NamedArray> arrays) {
        this(arena, ownsArena, leadingShape, arrays, null);
    }

    /** @param charge the memory-budget charge returned on close, or null when the memory is not accounted here */
    DatasetOutput(Arena arena, boolean ownsArena, long[] leadingShape, List<NamedArray> arrays,
                  MemoryBudget.Charge charge) {
        this.charge = charge;
        this.arena = arena;
        this.ownsArena = ownsArena;
        this.leadingShape = leadingShape.clone();
        this.arrays = List.copyOf(arrays);
    }

    /**
     * Outputs whose arrays all live in {@code owner}; the result takes ownership of the arena and closes it on
     * {@link #close()}. For batch sources other than datasets (and tests).
     *
     * @param owner the arena that holds every array; the output closes it
     * @param leadingShape the query's leading shape
     * @param arrays the arrays, in output order
     * @return an output owning {@code owner}
     */
    public static DatasetOutput of(Arena owner, long[] leadingShape, List<NamedArray> arrays) {
        return new DatasetOutput(owner, leadingShape, arrays);
    }

    /**
     * Outputs whose arrays live in an arena the caller keeps: {@link #close()} marks the output closed but leaves the
     * arena open (a loader that reuses one arena per batch slot).
     *
     * @param arena the arena that holds every array; it outlives the output
     * @param leadingShape the query's leading shape
     * @param arrays the arrays, in output order
     * @return an output borrowing {@code arena}
     */
    public static DatasetOutput borrowing(Arena arena, long[] leadingShape, List<NamedArray> arrays) {
        return new DatasetOutput(arena, false, leadingShape, arrays);
    }

    /**
     * Like {@link #of} for arrays charged to a memory budget: closing the output closes the arena and returns the
     * charge.
     *
     * @param owner the arena that holds every array; the output closes it
     * @param leadingShape the query's leading shape
     * @param arrays the arrays, in output order
     * @param charge the budget charge for the arrays' bytes, returned on close
     * @return an output owning {@code owner} and {@code charge}
     */
    public static DatasetOutput charged(Arena owner, long[] leadingShape, List<NamedArray> arrays,
                                        MemoryBudget.Charge charge) {
        return new DatasetOutput(owner, true, leadingShape, arrays, charge);
    }

    /**
     * GVL's pad value for the array called {@code name}: {@code N} for sequences, 0 for tracks, -1 for
     * {@value #VAR_IDXS} and {@code Integer.MAX_VALUE} for {@value #REF_COORDS}.
     *
     * @throws IllegalArgumentException for arrays that are not padded (variant fields)
     * @param name an array name, e.g. {@value #HAPLOTYPES}
     * @return the pad value, converted to the array's element type when used
     */
    public static double padValue(String name) {
        return switch (name) {
            case HAPLOTYPES, REFERENCE -> 'N';
            case VAR_IDXS -> -1;
            case REF_COORDS -> Integer.MAX_VALUE;
            case TRACKS -> 0;
            default -> throw new IllegalArgumentException("array '" + name + "' has no pad value; only sequences,"
                    + " annotations and tracks are padded");
        };
    }

    /**
     * The array {@code name} right-padded to its longest row with GVL's pad value (its "variable" form), in
     * {@code arena}; an array that is already rectangular is returned as it is.
     *
     * @param name an array name of this output
     * @param arena the arena the padded copy is allocated in (the copy borrows it)
     * @return the padded array, or the array itself when it is already dense
     * @throws java.util.NoSuchElementException if there is no such array
     */
    public Dense toPadded(String name, Arena arena) {
        FlatArray a = get(name);
        return switch (a) {
            case Dense d -> d;
            case Ragged r -> r.toPadded(arena, padValue(name));
        };
    }

    /**
     * The query's leading shape: {@code (n)} for pairs, {@code (regions, samples)} for a grid, {@code ()} for one.
     *
     * @return a copy of the leading shape
     */
    public long[] leadingShape() {
        return leadingShape.clone();
    }

    /**
     * All arrays in GVL's order.
     *
     * @return an unmodifiable list of the arrays, valid until {@link #close()}
     * @throws IllegalStateException if the output is closed
     */
    public List<NamedArray> arrays() {
        ensureOpen();
        return arrays;
    }

    /**
     * The array called {@code name}, if this output has it.
     *
     * @param name an array name, e.g. {@value #TRACKS}
     * @return the array, or empty
     * @throws IllegalStateException if the output is closed
     */
    public Optional<FlatArray> find(String name) {
        ensureOpen();
        return arrays.stream().filter(a -> a.name().equals(name)).map(NamedArray::array).findFirst();
    }

    /**
     * The array called {@code name}.
     *
     * @param name an array name, e.g. {@value #TRACKS}
     * @return the array, valid until {@link #close()}
     * @throws java.util.NoSuchElementException if there is no such array; the message lists the arrays present
     */
    public FlatArray get(String name) {
        return find(name).orElseThrow(() -> new NoSuchElementException("output has no '" + name + "' array; it has "
                + arrays.stream().map(NamedArray::name).toList()));
    }

    /**
     * The sequence array (reference or haplotypes).
     *
     * @return the {@value #HAPLOTYPES} array, or else the {@value #REFERENCE} array
     * @throws java.util.NoSuchElementException if the view produced no sequences
     */
    public FlatArray sequences() {
        return find(HAPLOTYPES).or(() -> find(REFERENCE))
                .orElseThrow(() -> new NoSuchElementException("output has no sequences (the view has none active)"));
    }

    /**
     * The track array.
     *
     * @return the {@value #TRACKS} array
     * @throws java.util.NoSuchElementException if the view produced no tracks
     */
    public FlatArray tracks() {
        return get(TRACKS);
    }

    /**
     * The interval-form tracks of a {@link TrackKind#INTERVALS} view.
     *
     * @return the starts, ends and values, valid until {@link #close()}
     * @throws java.util.NoSuchElementException if the view did not produce intervals
     * @throws IllegalStateException if the output is closed
     */
    public RaggedIntervals intervals() {
        return new RaggedIntervals((Ragged) get(INTERVAL_STARTS), (Ragged) get(INTERVAL_ENDS),
                (Ragged) get(INTERVAL_VALUES));
    }

    /**
     * Whether the arrays can still be read: not closed, and the arena (owned or borrowed) still alive.
     *
     * @return {@code true} while the memory is valid
     */
    public boolean isOpen() {
        return !closed && arena.scope().isAlive();
    }

    private void ensureOpen() {
        if (!isOpen()) {
            throw new IllegalStateException("dataset output is closed");
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (ownsArena && arena.scope().isAlive()) {
            arena.close();
        }
        if (charge != null) {
            charge.close();
        }
    }

    @Override
    public String toString() {
        return "DatasetOutput" + Arrays.toString(leadingShape) + arrays.stream().map(NamedArray::name).toList();
    }
}
