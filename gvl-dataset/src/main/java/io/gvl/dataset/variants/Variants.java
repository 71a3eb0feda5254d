package io.gvl.dataset.variants;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.output.DatasetOutput;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;

/**
 * A typed, zero-copy view of the variant arrays of a {@link DatasetOutput} ({@code SeqKind.VARIANTS} or
 * {@code VARIANT_WINDOWS}), GVL's {@code FlatVariants} / {@code FlatVariantWindows}. Scalar fields ({@code start},
 * {@code ilen}, {@code dosage}, INFO columns) are {@link Ragged} arrays of shape {@code (..., P, ~V)} that share
 * one offsets buffer, the group offsets; allele bytes and token windows are {@link NestedRagged} with per-variant
 * offsets; flank tokens are a dense {@code (V, 2L)} array. Valid while the output is open.
 */
public final class Variants {
    private static final Set<String> NESTED = Set.of(DatasetOutput.ALT, DatasetOutput.REF, DatasetOutput.REF_WINDOW,
            DatasetOutput.ALT_WINDOW);
    /** Track arrays that ride along with variant outputs: per-base tracks or interval-form tracks. */
    private static final Set<String> TRACK_ARRAYS = Set.of(DatasetOutput.TRACKS, DatasetOutput.INTERVAL_STARTS,
            DatasetOutput.INTERVAL_ENDS, DatasetOutput.INTERVAL_VALUES);

    private final DatasetOutput out;
    private final Ragged start;

    private Variants(DatasetOutput out, Ragged start) {
        this.out = out;
        this.start = start;
    }

    /**
     * The variant view of {@code out}; fails if the output has no variant arrays.
     *
     * @param out a query output of a {@link io.gvl.dataset.settings.SeqKind#VARIANTS} or
     *     {@link io.gvl.dataset.settings.SeqKind#VARIANT_WINDOWS} view
     * @return a view that reads {@code out}'s memory; valid until {@code out} is closed
     * @throws IllegalArgumentException if {@code out} has no {@code start} array
     */
    public static Variants of(DatasetOutput out) {
        FlatArray s = out.find(DatasetOutput.START).orElseThrow(() -> new IllegalArgumentException(
                "output has no variant arrays (query a view with SeqKind.VARIANTS or VARIANT_WINDOWS); it has "
                        + out.arrays().stream().map(NamedArray::name).toList()));
        return new Variants(out, (Ragged) s);
    }

    /**
     * Leading shape of the scalar fields without the ragged axis: {@code (..., P)}.
     *
     * @return a copy of the group shape
     */
    public long[] groupShape() {
        return start.shape();
    }

    /**
     * Ploidy of the groups (1 under {@code unphasedUnion}).
     *
     * @return the ploidy
     */
    public long ploidy() {
        long[] s = start.shape();
        return s[s.length - 1];
    }

    /**
     * Number of (instance, ploid) groups.
     *
     * @return the group count
     */
    public long groups() {
        return start.rows();
    }

    /**
     * Number of variants in the output (dummies included).
     *
     * @return the variant count
     */
    public long variants() {
        return start.totalLength();
    }

    /**
     * int64 variant offsets per group, {@code groups + 1} entries, shared by every field.
     *
     * @return the offsets segment, valid while the output is open
     */
    public MemorySegment groupOffsets() {
        return start.offsets();
    }

    /**
     * Names of the scalar fields, in output order ({@code start} first).
     *
     * @return the field names
     */
    public List<String> scalarFields() {
        List<String> names = new ArrayList<>();
        for (NamedArray a : out.arrays()) {
            if (a.array() instanceof Ragged && !NESTED.contains(a.name()) && !TRACK_ARRAYS.contains(a.name())) {
                names.add(a.name());
            }
        }
        return names;
    }

    /**
     * The scalar field {@code name} ({@code start}, {@code ilen}, {@code dosage}, an INFO column).
     *
     * @param name a scalar field name
     * @return the field, one row per group
     * @throws IllegalArgumentException if the name is a nested field or not in the output
     */
    public Ragged field(String name) {
        if (NESTED.contains(name) || TRACK_ARRAYS.contains(name)) {
            throw new IllegalArgumentException("'" + name + "' is not a scalar variant field; use alleles/window");
        }
        return (Ragged) out.get(name);
    }

    /**
     * {@code alt} or {@code ref} allele bytes (VARIANTS), or allele tokens (VARIANT_WINDOWS in allele mode).
     *
     * @param name {@code alt} or {@code ref}
     * @return the alleles, or empty if the output has no such array
     */
    public Optional<NestedRagged> alleles(String name) {
        return nested(name);
    }

    /**
     * {@code ref_window} or {@code alt_window} tokens (VARIANT_WINDOWS).
     *
     * @param name {@code ref_window} or {@code alt_window}
     * @return the windows, or empty if the output has no such array
     */
    public Optional<NestedRagged> window(String name) {
        return nested(name);
    }

    /**
     * Ride-along flank tokens, {@code (V, 2L)}, when flank tokens were requested.
     *
     * @return the tokens, or empty
     */
    public Optional<Dense> flankTokens() {
        return out.find(DatasetOutput.FLANK_TOKENS).map(Dense.class::cast);
    }

    private Optional<NestedRagged> nested(String name) {
        if (!NESTED.contains(name)) {
            throw new NoSuchElementException("'" + name + "' is not an allele or window array; those are " + NESTED);
        }
        return out.find(name).map(a -> {
            Ragged r = (Ragged) a;
            return new NestedRagged(r.dtype(), r.data(), r.offsets(), start.offsets());
        });
    }
}
