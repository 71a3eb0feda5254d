package io.gvl.core.internal.kernel;

import io.gvl.core.kernel.ReverseComplement;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides once whether the Vector API path can be used, and why not when it cannot: the incubator module may
 * be absent from the boot layer (a JVM started without {@code --add-modules jdk.incubator.vector}), the
 * preferred species may be too narrow to pay off, or the user may have turned it off with
 * {@code -Dgvl.vector=false}.
 */
public final class VectorSupport {
    private static final Logger LOG = LoggerFactory.getLogger(VectorSupport.class);
    /** Narrower vectors than this are not worth the shuffle. */
    private static final int MIN_BITS = 128;

    private static final String UNAVAILABLE_REASON = probe();
    private static final AtomicBoolean LOGGED = new AtomicBoolean();

    private VectorSupport() {
    }

    private static String probe() {
        if ("false".equalsIgnoreCase(System.getProperty("gvl.vector", "true").trim())) {
            return "disabled by -Dgvl.vector=false";
        }
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

    /** Null when the vector path is usable, else the reason it is not. */
    public static String unavailableReason() {
        return UNAVAILABLE_REASON;
    }

    public static boolean available() {
        return UNAVAILABLE_REASON == null;
    }

    /** Logs, once per JVM, which kernels the best implementations use and why. */
    public static void logChoice() {
        if (!LOGGED.compareAndSet(false, true)) {
            return;
        }
        if (available()) {
            LOG.info("gvl uses Vector API kernels ({}-bit species; -Dgvl.vector=false turns them off)",
                    Species.PREFERRED.vectorBitSize());
        } else {
            LOG.info("gvl uses scalar kernels: {}", UNAVAILABLE_REASON);
        }
    }

    public static ReverseComplement vectorReverseComplement() {
        if (!available()) {
            throw new UnsupportedOperationException("Vector API path unavailable: " + UNAVAILABLE_REASON);
        }
        return Holder.RC;
    }

    public static ReverseComplement bestReverseComplement() {
        logChoice();
        return available() ? Holder.RC : ScalarReverseComplement.INSTANCE;
    }

    /** Isolates the first touch of jdk.incubator.vector classes so a missing module surfaces as a LinkageError here. */
    private static final class Species {
        static final VectorSpecies<Byte> PREFERRED = ByteVector.SPECIES_PREFERRED;
    }

    private static final class Holder {
        static final ReverseComplement RC = new VectorReverseComplement(Species.PREFERRED);
    }
}
