package io.gvl.cli;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * Whether standard error, where progress is drawn, is a terminal: the C library's {@code isatty(2)}.
 * {@code System.console()} does not answer that: it looks at standard input and output, so
 * {@code gvl write ... 2> write.log} typed at a terminal has a console while its progress goes to a file. Without
 * native access (the launcher grants it), or without {@code isatty}, the answer is no. The {@code ./gvl} launcher
 * passes standard error through a filter (it drops the JDK's incubator-module notice), so the JVM sees a pipe there;
 * it tells whether its own standard error is a terminal in the system property {@value #PROPERTY}, which wins.
 */
final class Terminal {
    private static final int STDERR = 2;

    /** Set by the launcher to {@code true} or {@code false}: whether the standard error it was given is a terminal. */
    static final String PROPERTY = "gvl.stderr.terminal";

    private Terminal() {}

    /**
     * Whether standard error is a terminal.
     *
     * @return {@code true} only when {@code isatty(2)} says so
     */
    @SuppressWarnings("restricted") // a downcall, made only when this module has native access
    static boolean stderr() {
        String told = System.getProperty(PROPERTY);
        if (told != null) {
            return Boolean.parseBoolean(told.strip());
        }
        if (!Terminal.class.getModule().isNativeAccessEnabled()) {
            return false;
        }
        Linker linker = Linker.nativeLinker();
        Optional<MemorySegment> isatty = linker.defaultLookup().find("isatty");
        if (isatty.isEmpty()) {
            return false;
        }
        MethodHandle call = linker.downcallHandle(isatty.get(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        try {
            return (int) call.invokeExact(STDERR) == 1;
        } catch (Throwable e) { // invokeExact declares Throwable; isatty reports a failure as 0 instead
            return false;
        }
    }
}
