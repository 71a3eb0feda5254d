package io.gvl.core.internal.kernel;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Probes once whether the Vector API can run here, and why not when it cannot: the incubator module may be
 * absent from the boot layer (a JVM started without {@code --add-modules jdk.incubator.vector}), or the preferred
 * species may be too narrow to pay off. {@link KernelProvider} turns the answer into its choice.
 */
final class VectorSupport {
    /** Narrower vectors than this are not worth the shuffle. */
    private static final int MIN_BITS = 128;

    private static final String UNAVAILABLE_REASON = probe();

    private VectorSupport() {
    }

    private static String probe() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return "module jdk.incubator.vector is not in the boot layer (start the JVM with "
                    + "--add-modules=jdk.incubator.vector)";
        }
        try {
            int bits = Species.PREFERRED.vectorBitSize();
            if (bits < MIN_BITS) {
                return "preferred vector size is " + bits + " bits (< " + MIN_BITS + ")";
            }
            return null;
        } catch (LinkageError e) {
            return "the Vector API is not available (" + e + "); start the JVM with --add-modules=jdk.incubator.vector";
        }
    }

    /** Null when the Vector API is usable, else the reason it is not. */
    static String unavailableReason() {
        return UNAVAILABLE_REASON;
    }

    /** The preferred byte species; call only once {@link #unavailableReason()} is null. */
    static VectorSpecies<Byte> byteSpecies() {
        return Species.PREFERRED;
    }

    /** Isolates the first touch of jdk.incubator.vector classes so a missing module surfaces as a LinkageError here. */
    private static final class Species {
        static final VectorSpecies<Byte> PREFERRED = ByteVector.SPECIES_PREFERRED;
    }
}
