package io.gvl.spark.errors;

import io.gvl.format.GvlException;

/**
 * A dataset on a Hadoop file system reached by URI ({@code s3a://}, {@code hdfs://}, ...) cannot be read or its
 * objects cannot be transferred: the root has no commit marker (nothing was ever committed there, or a write of it
 * failed, was killed or is still running), an object the commit names is missing or has another size (the root
 * was overwritten or cleaned while it was read), or the file system refused a transfer. The message names the URI
 * and the fix.
 */
public final class GvlStorageException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * A storage error.
     *
     * @param message what failed, naming the URI, and the fix
     * @param cause the underlying failure, or {@code null}
     */
    public GvlStorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
