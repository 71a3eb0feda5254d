package io.gvl.spark.errors;

import io.gvl.format.GvlException;

/**
 * A distributed write could not be carried out: the plan cannot leave the driver (an input given as an object, a
 * sample track that is not a bigWig), an executor cannot see the build directory, or a part failed on every attempt
 * Spark allowed. The message names the dataset, the part or input, the cause and the fix. When it is thrown nothing
 * was published at the destination and the build directory has been removed.
 */
public final class GvlSparkWriteException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * A write error.
     *
     * @param message what failed, naming the dataset and the part or input, and the fix
     * @param cause the underlying failure, or {@code null}
     */
    public GvlSparkWriteException(String message, Throwable cause) {
        super(message, cause);
    }
}
