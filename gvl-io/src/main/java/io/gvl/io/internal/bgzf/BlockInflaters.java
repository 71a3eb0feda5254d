package io.gvl.io.internal.bgzf;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which inflater a BGZF stream uses, from {@value #PROPERTY} ({@code auto}, the default; {@code libdeflate};
 * {@code zlib}). {@code auto} takes libdeflate when this module has native access
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

    /** An inflater choice; {@link #AUTO} resolves to one of the other two. */
    public enum Kind {
        AUTO, LIBDEFLATE, ZLIB
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
            default -> {
                if (LOGGED.compareAndSet(false, true)) {
                    LOG.warn("-D{}={} is not auto, libdeflate or zlib; using auto", PROPERTY, value);
                }
                yield Kind.AUTO;
            }
        };
    }

    /** What {@code kind} resolves to here: {@link Kind#LIBDEFLATE} or {@link Kind#ZLIB}. */
    public static Kind resolve(Kind kind) {
        return switch (kind) {
            case ZLIB -> Kind.ZLIB;
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

    /** The inflater the streams opened now use: {@link Kind#LIBDEFLATE} or {@link Kind#ZLIB}. */
    public static Kind active() {
        return resolve(requested());
    }

    /** Why libdeflate could not be bound, or {@code null} when it was (binds it if not yet tried). */
    public static String libdeflateProblem() {
        return Libdeflate.problem();
    }

    static BlockInflater open(Kind kind) {
        return resolve(kind) == Kind.LIBDEFLATE ? new Libdeflate.Decompressor() : new ZlibBlockInflater();
    }

    private static String moduleName() {
        Module m = BlockInflaters.class.getModule();
        return m.isNamed() ? m.getName() : "ALL-UNNAMED";
    }
}
