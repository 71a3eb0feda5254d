package io.gvl.format;

/**
 * A dataset file (or a file in the NPY/NPZ family) is missing, malformed or inconsistent. The message always
 * names the file and the problem, and where possible what to do about it.
 */
public class DatasetFormatException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message names the file, the problem and, where known, the fix
     */
    public DatasetFormatException(String message) {
        super(message);
    }

    /**
     * Creates the exception for a failure with an underlying cause (usually an {@link java.io.IOException}).
     *
     * @param message names the file, the problem and, where known, the fix
     * @param cause the exception that revealed the problem
     */
    public DatasetFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
