package io.gvl.fuzz;

import io.gvl.format.GvlException;

/**
 * The contract every fuzz target holds the library to: reading hostile bytes ends in a result or in a typed
 * {@link GvlException} whose message names the file (its directory, its name, or a file beside it). Any other
 * throwable — a raw {@code IndexOutOfBoundsException}, an {@code OutOfMemoryError}, an {@code InternalError} from a
 * mapped read — propagates to Jazzer, which reports it as a finding with the input that caused it; so does a typed
 * error that does not say which file is at fault.
 */
final class Contract {
    /** Code that reads the fuzzed files. */
    @FunctionalInterface
    interface Read {
        void run() throws Exception;
    }

    private Contract() {
    }

    /**
     * Runs {@code read}; a {@link GvlException} is accepted when its message names {@code files}' directory or one of
     * its files.
     *
     * @param files the target's files
     * @param read the reading code
     * @throws Exception what {@code read} throws other than an accepted {@link GvlException}
     */
    static void typedOrResult(FileSet files, Read read) throws Exception {
        try {
            read.run();
        } catch (GvlException e) {
            String m = String.valueOf(e.getMessage());
            if (!m.contains(files.dir().getFileName().toString()) && !namesAFile(files, m)) {
                throw new AssertionError("a typed error that names none of the files in " + files.dir() + ": " + m, e);
            }
        }
    }

    private static boolean namesAFile(FileSet files, String message) {
        for (int i = 0; i < files.size(); i++) {
            if (message.contains(files.file(i).getFileName().toString())) {
                return true;
            }
        }
        return false;
    }
}
