package io.gvl.format.io;

import java.io.IOException;
import java.nio.file.FileSystemException;

/**
 * The words of an operating-system refusal for a one-line message: the reason without the path the JDK prefixes,
 * and the fix that reason calls for (a descriptor limit is not cured by freeing disk space). Shared by the writers
 * so that every "cannot write" message reads the same.
 */
public final class IoFailures {
    private IoFailures() {}

    /**
     * The operating system's words for {@code e} ("No space left on device").
     *
     * @param e the failure
     * @return its reason, without the file name
     */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /**
     * What to do about {@code e}, ending with {@code again} ("write again").
     *
     * @param e the failure
     * @param again the command to repeat, e.g. "write again"
     * @return the fix, starting with "Fix: "
     */
    public static String fix(IOException e, String again) {
        if (reason(e).contains("Too many open files")) {
            return "Fix: raise the limit of open files (ulimit -n), then " + again + ".";
        }
        return "Fix: free space on (or choose) a writable device, then " + again + ".";
    }
}
