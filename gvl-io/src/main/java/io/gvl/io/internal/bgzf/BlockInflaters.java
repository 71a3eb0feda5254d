package io.gvl.io.internal.bgzf;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which inflater a BGZF stream uses, from {@value #PROPERTY} ({@code auto}, the default; {@code libdeflate};
 * {@code zlib}; {@code java}). {@code auto} sends the blocks that expand at least {@value #JAVA_RATIO_OVER_LIBDEFLATE}
 * times (over zlib: {@value #JAVA_RATIO_OVER_ZLIB} times) to gvl's own decoder ({@link JavaBlockInflater}, faster on
 * the long short-distance repeats of genotype columns) and the others to the general inflater: libdeflate when this
 * module has native access
 * ({@code --enable-native-access}) and the library binds, so a JVM without the option never prints the JDK's
 * restricted-method warning; {@code libdeflate} takes it even without native access (the JDK then warns once, and
 * refuses under {@code --illegal-native-access=deny}). The fallback to zlib is logged once: at DEBUG for
 * {@code auto}, at WARN when {@code libdeflate} was asked for.
 */
public final class BlockInflaters {
    /** System property choosing the inflater: {@code auto}, {@code libdeflate} or {@code zlib}. */
    public static final String PROPERTY = "gvl.bgzf.inflate";

    private static final Logger LOG = LoggerFactory.getLogger(BlockInflaters.class);
    private static final AtomicBoolean LOGGED = new AtomicBoolean();

    /**
     * Under {@code auto} with libdeflate, the expansion (ISIZE over compressed size) from which a block goes to the
     * Java decoder. Measured per block on the 20,000-sample msprime cohort: at 32–64× the two run equally fast on BCF
     * (2.2 GB/s) and libdeflate 1.4× faster on VCF text; at 64–128× the Java decoder is 1.0–1.5× faster, at 128× and
     * more 2.8–3.6× (6–8 GB/s); at 4–16× libdeflate is twice as fast.
     */
    static final int JAVA_RATIO_OVER_LIBDEFLATE = 64;

    /** The same over zlib, which is no faster than the Java decoder at any expansion measured (4× and up). */
    static final int JAVA_RATIO_OVER_ZLIB = 8;

    /**
     * An inflater choice; {@link #AUTO} resolves to {@link #LIBDEFLATE} or {@link #ZLIB} as the general inflater,
     * which it pairs with the Java decoder for blocks of high expansion.
     */
    public enum Kind {
        AUTO, LIBDEFLATE, ZLIB, JAVA
    }

    private BlockInflaters() {
    }

    /** The choice {@value #PROPERTY} asks for ({@link Kind#AUTO} when unset or unknown; an unknown value is logged). */
    static Kind requested() {
        String value = System.getProperty(PROPERTY, "auto").strip().toLowerCase(Locale.ROOT);
        return switch (value) {
            case "", "auto" -> Kind.AUTO;
            case "libdeflate" -> Kind.LIBDEFLATE;
            case "zlib" -> Kind.ZLIB;
            case "java" -> Kind.JAVA;
            default -> {
                if (LOGGED.compareAndSet(false, true)) {
                    LOG.warn("-D{}={} is not auto, libdeflate, zlib or java; using auto", PROPERTY, value);
                }
                yield Kind.AUTO;
            }
        };
    }

    /**
     * What {@code kind} resolves to here: {@link Kind#JAVA} for itself, else the general inflater,
     * {@link Kind#LIBDEFLATE} or {@link Kind#ZLIB}.
     */
    public static Kind resolve(Kind kind) {
        return switch (kind) {
            case ZLIB -> Kind.ZLIB;
            case JAVA -> Kind.JAVA;
            case LIBDEFLATE -> {
                if (Libdeflate.available()) {
                    yield Kind.LIBDEFLATE;
                }
                if (LOGGED.compareAndSet(false, true)) {
                    LOG.warn("-D{}=libdeflate: libdeflate could not be bound ({}); inflating BGZF with zlib",
                            PROPERTY, Libdeflate.problem());
                }
                yield Kind.ZLIB;
            }
            case AUTO -> {
                String why;
                if (!BlockInflaters.class.getModule().isNativeAccessEnabled()) {
                    why = "no native access for " + moduleName() + " (--enable-native-access)";
                } else if (!Libdeflate.available()) {
                    why = Libdeflate.problem();
                } else {
                    yield Kind.LIBDEFLATE;
                }
                if (LOGGED.compareAndSet(false, true)) {
                    LOG.debug("libdeflate not used ({}); inflating BGZF with zlib", why);
                }
                yield Kind.ZLIB;
            }
        };
    }

    /** The inflater the streams opened now use: {@link Kind#JAVA} or the general one (paired with it under auto). */
    public static Kind active() {
        return resolve(requested());
    }

    /** Why libdeflate could not be bound, or {@code null} when it was (binds it if not yet tried). */
    public static String libdeflateProblem() {
        return Libdeflate.problem();
    }

    static BlockInflater open(Kind kind) {
        return switch (resolve(kind)) {
            case JAVA -> new JavaBlockInflater();
            case LIBDEFLATE -> kind == Kind.AUTO
                    ? new RatioSplitInflater(new Libdeflate.Decompressor(), JAVA_RATIO_OVER_LIBDEFLATE)
                    : new Libdeflate.Decompressor();
            default -> kind == Kind.AUTO
                    ? new RatioSplitInflater(new ZlibBlockInflater(), JAVA_RATIO_OVER_ZLIB)
                    : new ZlibBlockInflater();
        };
    }

    private static String moduleName() {
        Module m = BlockInflaters.class.getModule();
        return m.isNamed() ? m.getName() : "ALL-UNNAMED";
    }
}
