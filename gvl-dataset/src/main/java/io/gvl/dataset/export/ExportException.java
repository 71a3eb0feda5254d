package io.gvl.dataset.export;

import io.gvl.format.GvlException;

/**
 * An export cannot be carried out as asked (a view without fixed-length outputs to write, an export larger than the
 * memory bound, an existing output file). The message names the output file and says what to change.
 */
public final class ExportException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param problem what is wrong
     * @param fix what to do about it, or empty
     */
    public ExportException(String problem, String fix) {
        super(problem + (fix == null || fix.isEmpty() ? "" : " Fix: " + fix));
    }

    /**
     * Creates the exception for a problem revealed by another exception.
     *
     * @param problem what is wrong
     * @param fix what to do about it, or empty
     * @param cause the underlying exception
     */
    public ExportException(String problem, String fix, Throwable cause) {
        super(problem + (fix == null || fix.isEmpty() ? "" : " Fix: " + fix), cause);
    }
}
