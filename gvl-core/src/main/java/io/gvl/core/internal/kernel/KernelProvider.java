package io.gvl.core.internal.kernel;

import io.gvl.core.kernel.ReverseComplement;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place that decides, once per JVM, whether gvl's kernels run on the Vector API or on plain scalar code,
 * and hands out the chosen implementations. Every kernel call site asks {@link #get()}; nothing else probes the
 * platform. The decision is logged once: which implementation, and why scalar when it is scalar.
 *
 * <p>{@code -Dgvl.kernels=scalar|vector|auto} forces the choice ({@code auto}, the default, takes the vector
 * implementation when the Vector API is usable). {@code -Dgvl.vector=false} is the older spelling of
 * {@code scalar}. Forcing {@code vector} on a JVM where the Vector API cannot run falls back to scalar with a
 * warning naming the reason, so a misconfigured JVM still produces the same bytes.
 *
 * <p>Tests and benchmarks reach both implementations directly through {@link #scalar()} and {@link #vector()}.
 */
public abstract class KernelProvider {
    /** System property that forces the implementation: {@code auto} (default), {@code scalar} or {@code vector}. */
    public static final String PROPERTY = "gvl.kernels";
    /** Older switch: {@code -Dgvl.vector=false} means {@code -Dgvl.kernels=scalar}. */
    public static final String VECTOR_SWITCH = "gvl.vector";

    private static final Logger LOG = LoggerFactory.getLogger(KernelProvider.class);

    KernelProvider() {
    }

    /** The implementation chosen for this JVM (decided and logged on first use). */
    public static KernelProvider get() {
        return Chosen.INSTANCE;
    }

    /** How this JVM's implementation was chosen. */
    public static Choice choice() {
        return Chosen.CHOICE;
    }

    /** The portable scalar implementation, always available; the reference the vector one is tested against. */
    public static KernelProvider scalar() {
        return ScalarKernels.INSTANCE;
    }

    /** The Vector API implementation; fails naming the reason when the Vector API cannot be used here. */
    public static KernelProvider vector() {
        String reason = VectorSupport.unavailableReason();
        if (reason != null) {
            throw new UnsupportedOperationException("Vector API kernels unavailable: " + reason);
        }
        return VectorKernels.INSTANCE;
    }

    /** Implementation name: {@code scalar} or {@code vector-<bits>}. */
    public abstract String name();

    /** Reverse complement of DNA bytes. */
    public abstract ReverseComplement reverseComplement();

    /** Constant runs, ramps and reversals of row elements. */
    public abstract RowFill rowFill();

    /**
     * The outcome of the choice.
     *
     * @param vector  whether the vector implementation is used
     * @param message the line that is logged: what was chosen and why
     * @param warn    whether the line is a warning (a request that could not be honoured, or a bad value)
     */
    public record Choice(boolean vector, String message, boolean warn) {

        /**
         * Decides from the two properties and the platform probe; pure, so every branch is testable in one JVM.
         *
         * @param kernels            value of {@value #PROPERTY}, or null
         * @param vectorSwitch       value of {@value #VECTOR_SWITCH}, or null
         * @param unavailableReason  null when the Vector API is usable, else why not
         */
        public static Choice of(String kernels, String vectorSwitch, String unavailableReason) {
            String k = kernels == null ? "" : kernels.trim().toLowerCase(Locale.ROOT);
            return switch (k) {
                case "scalar" -> new Choice(false, "gvl kernels: scalar (forced by -D" + PROPERTY + "=scalar)", false);
                case "vector" -> unavailableReason == null
                        ? new Choice(true, "gvl kernels: vector (forced by -D" + PROPERTY + "=vector)", false)
                        : new Choice(false, "gvl kernels: scalar, although -D" + PROPERTY
                                + "=vector was asked for: " + unavailableReason, true);
                case "", "auto" -> auto(vectorSwitch, unavailableReason, null);
                default -> auto(vectorSwitch, unavailableReason, "unknown -D" + PROPERTY + "=" + kernels.trim()
                        + " (use auto, scalar or vector); deciding automatically. ");
            };
        }

        private static Choice auto(String vectorSwitch, String unavailableReason, String warning) {
            String prefix = warning == null ? "" : warning;
            boolean warn = warning != null;
            if (vectorSwitch != null && "false".equalsIgnoreCase(vectorSwitch.trim())) {
                return new Choice(false, prefix + "gvl kernels: scalar (turned off by -D" + VECTOR_SWITCH + "=false)",
                        warn);
            }
            if (unavailableReason != null) {
                return new Choice(false, prefix + "gvl kernels: scalar, because " + unavailableReason, warn);
            }
            return new Choice(true, prefix + "gvl kernels: vector (Vector API; -D" + PROPERTY
                    + "=scalar turns it off)", warn);
        }
    }

    /** Holder idiom: the choice is made, and logged, on the first {@link #get()} only, without locking. */
    private static final class Chosen {
        static final Choice CHOICE = Choice.of(System.getProperty(PROPERTY), System.getProperty(VECTOR_SWITCH),
                VectorSupport.unavailableReason());
        static final KernelProvider INSTANCE = CHOICE.vector() ? VectorKernels.INSTANCE : ScalarKernels.INSTANCE;

        static {
            if (CHOICE.warn()) {
                LOG.warn("{} [{}]", CHOICE.message(), INSTANCE.name());
            } else {
                LOG.info("{} [{}]", CHOICE.message(), INSTANCE.name());
            }
        }

        private Chosen() {
        }
    }
}
