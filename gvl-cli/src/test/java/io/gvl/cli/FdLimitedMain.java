package io.gvl.cli;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

/**
 * Runs {@link Main} in a JVM that may open only {@code HEADROOM} more files than it holds once started: the first
 * argument is the headroom, the rest the command line. Every jar of the class path is opened first (a lookup of a
 * class that does not exist searches them all), so the limit hits the command's own files, as with the one jar of
 * {@code ./gvl}, not the test class path; the classes of the class path's directories are loaded first for the same
 * reason. The limit is set with setrlimit(RLIMIT_NOFILE) through the FFM API.
 */
final class FdLimitedMain {
    private static final int RLIMIT_NOFILE = 7; // Linux

    private FdLimitedMain() {}

    public static void main(String[] args) throws Throwable {
        try {
            Class.forName("io.gvl.cli.absent.NoSuchClass");
        } catch (ClassNotFoundException expected) {
            // every jar is open now
        }
        loadClassDirectories();
        long limit = openDescriptors() + Integer.parseInt(args[0]);
        MethodHandle setrlimit = Linker.nativeLinker().downcallHandle(
                Linker.nativeLinker().defaultLookup().find("setrlimit").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment rlimit = arena.allocate(ValueLayout.JAVA_LONG, 2);
            rlimit.setAtIndex(ValueLayout.JAVA_LONG, 0, limit);
            rlimit.setAtIndex(ValueLayout.JAVA_LONG, 1, limit);
            if ((int) setrlimit.invokeExact(RLIMIT_NOFILE, rlimit) != 0) {
                throw new IllegalStateException("setrlimit(RLIMIT_NOFILE, " + limit + ") failed");
            }
        }
        Main.main(Arrays.copyOfRange(args, 1, args.length));
    }

    /**
     * Loads (without initializing) every class of the class path's directories, the reactor modules' target/classes:
     * a class in a directory is read from its own file, which a jar's would not need.
     */
    private static void loadClassDirectories() throws IOException {
        ClassLoader loader = FdLimitedMain.class.getClassLoader();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path root = Path.of(entry);
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(root)) {
                for (Path c : s.filter(f -> f.toString().endsWith(".class")).toList()) {
                    String name = root.relativize(c).toString().replace('/', '.').replaceAll("\\.class$", "");
                    if (name.endsWith("module-info") || name.endsWith("package-info")) {
                        continue;
                    }
                    try {
                        Class.forName(name, false, loader);
                    } catch (ClassNotFoundException | LinkageError e) {
                        // a class of an absent optional dependency; the command does not need it
                    }
                }
            }
        }
    }

    private static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }
}
