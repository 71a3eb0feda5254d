package io.gvl.format;

/**
 * The root of every error gvl raises on purpose (bad input, a damaged or existing dataset, a request that cannot be
 * met, a missing JVM option), so an application, like gvl's command line, can catch them in one clause and print
 * their message, which names the file, the record and the fix. It lives in gvl-format, the module every other gvl
 * module builds on. Programming errors (a negative index, a closed object) stay the JDK's own exceptions.
 */
public class GvlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * An error with a message and no cause.
     *
     * @param message what went wrong, where, and the fix
     */
    protected GvlException(String message) {
        super(message);
    }

    /**
     * An error with a message and the exception that caused it.
     *
     * @param message what went wrong, where, and the fix
     * @param cause the underlying failure, or {@code null}
     */
    protected GvlException(String message, Throwable cause) {
        super(message, cause);
    }
}
