package io.gvl.format.io;

import io.gvl.format.MissingJvmOptionException;
import java.nio.Buffer;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Checks, once per JVM, the options gvl needs from the {@code java} command line. Apache Arrow (the variant and
 * region tables of a dataset) reads the address of direct buffers reflectively, which needs {@code java.nio} opened
 * to it, and uses {@code sun.misc.Unsafe} memory access, which must not be denied. Without the check the first
 * Arrow call fails deep inside Arrow, and a reader would report a good dataset as unreadable. See
 * {@code docs/jvm.md} for every option and what happens without it.
 */
public final class JvmOptions {
    /** The option on the class path, where Arrow is in the unnamed module. */
    public static final String ADD_OPENS_CLASS_PATH = "--add-opens=java.base/java.nio=ALL-UNNAMED";
    /** The option on the module path, where Arrow's memory code is the module {@code org.apache.arrow.memory.core}. */
    public static final String ADD_OPENS_MODULE_PATH = "--add-opens=java.base/java.nio=org.apache.arrow.memory.core";
    /** The Unsafe memory-access mode Arrow's allocator needs (JDK 24+ warns by default; {@code deny} breaks it). */
    public static final String UNSAFE_ALLOW = "--sun-misc-unsafe-memory-access=allow";

    private static final MissingJvmOptionException PROBLEM = probe(MemoryUtil.class.getModule(),
            System.getProperty("sun.misc.unsafe.memory.access"));

    private JvmOptions() {
    }

    /**
     * Throws {@link MissingJvmOptionException} when this JVM lacks an option that dataset reads and writes need.
     * Cheap after the first call; gvl calls it at every dataset open and write, callers may call it at start-up.
     */
    public static void requireArrowAccess() {
        if (PROBLEM != null) {
            throw new MissingJvmOptionException(PROBLEM.option(), PROBLEM.getMessage());
        }
    }

    /** The problem for Arrow loaded in {@code arrow} with the given Unsafe mode, or null when all is set. */
    static MissingJvmOptionException probe(Module arrow, String unsafeMode) {
        if (!Buffer.class.getModule().isOpen(Buffer.class.getPackageName(), arrow)) {
            boolean modulePath = arrow.isNamed();
            String option = modulePath ? ADD_OPENS_MODULE_PATH : ADD_OPENS_CLASS_PATH;
            return new MissingJvmOptionException(option, "gvl needs the JVM option " + option + " (gvl is on the "
                    + (modulePath ? "module path" : "class path") + "; on the "
                    + (modulePath ? "class path use " + ADD_OPENS_CLASS_PATH : "module path use " + ADD_OPENS_MODULE_PATH)
                    + "): Apache Arrow, which reads and writes the dataset's tables, must read direct buffer "
                    + "addresses. Add it to the java command (or JDK_JAVA_OPTIONS, or surefire's argLine); "
                    + "see docs/jvm.md.");
        }
        if ("deny".equalsIgnoreCase(unsafeMode)) {
            return new MissingJvmOptionException(UNSAFE_ALLOW, "gvl needs the JVM option " + UNSAFE_ALLOW
                    + " (this JVM runs with --sun-misc-unsafe-memory-access=deny): Apache Arrow's allocator uses "
                    + "sun.misc.Unsafe. Add it to the java command; see docs/jvm.md.");
        }
        return null;
    }
}
