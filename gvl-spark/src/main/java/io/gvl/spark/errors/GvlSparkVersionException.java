package io.gvl.spark.errors;

import io.gvl.format.GvlException;

/**
 * The Spark or Apache Arrow release on the class path is not one gvl-spark works with: another Spark major release
 * than the one it was built against, another Arrow major release, or two Arrow releases at once. Thrown on the
 * driver before a read is planned or a write starts, and in a task before it does any work, so the failure names
 * the versions (and the jars) instead of surfacing later as a {@code NoSuchMethodError}.
 */
public final class GvlSparkVersionException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * A version error.
     *
     * @param message the versions found, the versions expected and the fix
     */
    public GvlSparkVersionException(String message) {
        super(message);
    }
}
