package io.gvl.cli;

import htsjdk.samtools.util.Log;

/**
 * Process-wide logging set-up for the command line that {@code simplelogger.properties} cannot express: htsjdk
 * logs through its own {@link Log}, not SLF4J, at INFO by default; the CLI keeps only its warnings and errors.
 */
final class LibraryLogging {
    private LibraryLogging() {}

    static void quiet() {
        Log.setGlobalLogLevel(Log.LogLevel.WARNING);
    }
}
