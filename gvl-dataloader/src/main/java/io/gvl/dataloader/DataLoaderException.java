package io.gvl.dataloader;

/** The background producer of a prefetching loader failed or stopped answering. */
public class DataLoaderException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DataLoaderException(String message) {
        super(message);
    }

    public DataLoaderException(String message, Throwable cause) {
        super(message, cause);
    }
}
