package io.gvl.spark.errors;

/**
 * A {@code spark.read.format("gvl")} option is missing or invalid, or names something the dataset does not have
 * (a sample, a track). The message names the option, the dataset and the fix. Thrown on the driver when the
 * DataFrame is created or planned, before any task runs.
 */
public final class GvlOptionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /**
     * An option error.
     *
     * @param message what is wrong, naming the option and the dataset, and how to fix it
     */
    public GvlOptionException(String message) {
        super(message);
    }

    /**
     * An option error caused by another failure (e.g. the dataset could not be opened).
     *
     * @param message what is wrong, naming the option and the dataset, and how to fix it
     * @param cause the underlying failure
     */
    public GvlOptionException(String message, Throwable cause) {
        super(message, cause);
    }
}
