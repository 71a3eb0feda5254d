package io.gvl.dataset.internal.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Locale;
import java.util.Objects;

/**
 * What fresh output memory holds before the kernels write it. Kernels write every byte of their outputs (gaps and
 * padding included), so zeroing memory first only writes each byte twice; by default gvl allocates outputs without
 * zeroing ({@link #NONE}). The system property {@value #PROPERTY} chooses: {@code none}, {@code zero} (the JDK's
 * zeroed {@code Arena.allocate}), or {@code poison} (every fresh byte set to {@value #POISON_HEX}, which the test
 * suites run with, so a kernel that leaves a byte unwritten shows up as wrong output). Without native access for
 * this module (no {@code --enable-native-access}), outputs are zeroed.
 */
public enum OutputFill {
    /** Uninitialized memory: the fastest, and safe because kernels write every byte. */
    NONE,
    /** Zeroed memory. */
    ZERO,
    /** Every fresh byte set to {@link #POISON}. */
    POISON;

    /** The system property that chooses the fill. */
    public static final String PROPERTY = "gvl.outputFill";
    /** The poison byte. */
    public static final byte POISON_BYTE = (byte) 0xA5;
    static final String POISON_HEX = "0xA5";

    /**
     * The fill in force, read on every call (tests switch it).
     *
     * @return the fill
     * @throws IllegalArgumentException if the property holds an unknown value
     */
    public static OutputFill current() {
        String raw = System.getProperty(PROPERTY);
        Parsed last = lastParsed;
        if (last != null && Objects.equals(last.raw(), raw)) {
            return last.fill(); // the common case: loader slots ask once per allocation
        }
        OutputFill f = parse(raw);
        lastParsed = new Parsed(raw, f);
        return f;
    }

    /** The last property value read and what it meant, so a repeated value is not parsed again. */
    private record Parsed(String raw, OutputFill fill) {
    }

    private static volatile Parsed lastParsed;

    private static OutputFill parse(String raw) {
        String v = (raw == null ? "none" : raw).strip().toLowerCase(Locale.ROOT);
        OutputFill f = switch (v) {
            case "none", "" -> NONE;
            case "zero" -> ZERO;
            case "poison" -> POISON;
            default -> throw new IllegalArgumentException("-D" + PROPERTY + "=" + v
                    + " is not a fill; use none, zero or poison");
        };
        return f == ZERO || NativeMemory.AVAILABLE ? f : ZERO;
    }

    /**
     * A new shared arena for query outputs under the fill in force.
     *
     * @return an arena the caller owns and closes
     */
    public static Arena newSharedArena() {
        return newSharedArena(null);
    }

    /**
     * A new shared arena for query outputs under the fill in force, whose large allocations come from {@code blocks}
     * (not under {@link #ZERO}, where the JDK allocates).
     *
     * @param blocks the cache of large blocks, or {@code null} for none
     * @return an arena the caller owns and closes
     */
    public static Arena newSharedArena(OutputBlocks blocks) {
        OutputFill f = current();
        return f == ZERO ? Arena.ofShared() : new UnzeroedArena(f == POISON, blocks);
    }

    /**
     * Prepares memory carved from a reused block (a loader slot) as fresh output memory under the fill in force:
     * nothing, zeros, or poison.
     *
     * @param segment the memory about to be handed to kernels
     */
    public static void prepare(MemorySegment segment) {
        switch (current()) {
            case NONE -> { }
            case ZERO -> segment.fill((byte) 0);
            case POISON -> segment.fill(POISON_BYTE);
        }
    }
}
