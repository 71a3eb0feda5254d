package io.gvl.dataloader;

import io.gvl.format.GvlException;

/** The background producer of a prefetching loader failed or stopped answering. */
public class DataLoaderException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what failed, e.g. that the producer stalled
     */
    public DataLoaderException(String message) {
        super(message);
    }

    /**
     * Creates the exception for a failure of the producer or the source.
     *
     * @param message what failed
     * @param cause the exception the producer or source threw
     */
    public DataLoaderException(String message, Throwable cause) {
        super(message, cause);
    }
}
