package io.gvl.format;

/**
 * A dataset file (or a file in the NPY/NPZ family) is missing, malformed or inconsistent. The message always
 * names the file and the problem, and where possible what to do about it.
 */
public class DatasetFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DatasetFormatException(String message) {
        super(message);
    }

    public DatasetFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
