package io.gvl.format;

/** The destination of a write already exists and {@code overwrite} was not requested. */
public class DatasetExistsException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message names the destination and how to replace it (the {@code overwrite} option)
     */
    public DatasetExistsException(String message) {
        super(message);
    }
}
