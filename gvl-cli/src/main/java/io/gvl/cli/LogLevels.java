package io.gvl.cli;

import htsjdk.samtools.util.Log;

/**
 * How much the command line logs, set once per run from {@code -v} before the command makes its first logger.
 * Quiet by default: gvl's warnings and errors only, and other libraries' as {@code simplelogger.properties} says;
 * {@code -v} adds gvl's INFO lines, {@code -vv} its DEBUG lines. slf4j-simple, the CLI's SLF4J binding, takes a
 * logger's level from a system property, which wins over that file, when the logger is made; htsjdk logs through its
 * own {@link Log} and gets the same level.
 */
final class LogLevels {
    /** slf4j-simple's level for every logger under {@code io.gvl}. */
    static final String GVL_LEVEL = "org.slf4j.simpleLogger.log.io.gvl";

    private LogLevels() {}

    /**
     * Sets the levels for {@code verbosity}: 0 quiet, 1 ({@code -v}) INFO, 2 or more ({@code -vv}) DEBUG.
     *
     * @param verbosity how many times {@code -v} was given
     */
    static void apply(int verbosity) {
        if (verbosity <= 0) {
            System.clearProperty(GVL_LEVEL);
            Log.setGlobalLogLevel(Log.LogLevel.WARNING);
        } else if (verbosity == 1) {
            System.setProperty(GVL_LEVEL, "info");
            Log.setGlobalLogLevel(Log.LogLevel.INFO);
        } else {
            System.setProperty(GVL_LEVEL, "debug");
            Log.setGlobalLogLevel(Log.LogLevel.DEBUG);
        }
    }
}
