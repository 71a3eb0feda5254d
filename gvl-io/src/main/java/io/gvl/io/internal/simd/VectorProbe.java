package io.gvl.io.internal.simd;

import jdk.incubator.vector.ByteVector;

/**
 * Whether this JVM runs gvl-io's Vector API scans: the incubator module must be in the boot layer (a JVM on the class
 * path needs {@code --add-modules jdk.incubator.vector}) and the preferred vectors at least 128 bits wide. Asked once;
 * no Vector API class is touched when the module is absent.
 */
public final class VectorProbe {
    private static final int MIN_BITS = 128;
    private static final boolean USABLE = probe();

    private VectorProbe() {
    }

    /** True when the vector scans can run here. */
    public static boolean usable() {
        return USABLE;
    }

    private static boolean probe() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return false;
        }
        try {
            return Preferred.bits() >= MIN_BITS;
        } catch (LinkageError e) {
            return false;
        }
    }

    /** Isolates the first touch of the Vector API, so a missing module surfaces as a LinkageError here. */
    private static final class Preferred {
        static int bits() {
            return ByteVector.SPECIES_PREFERRED.vectorBitSize();
        }
    }
}
