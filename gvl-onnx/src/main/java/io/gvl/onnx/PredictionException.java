package io.gvl.onnx;

import io.gvl.format.GvlException;

/** A model that does not fit the view (inputs, types, shapes), or a failure of the runtime; the message says the fix. */
public final class PredictionException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * A prediction error.
     *
     * @param message what went wrong, naming the model file and the fix
     */
    public PredictionException(String message) {
        super(message);
    }

    /**
     * A prediction error with its cause.
     *
     * @param message what went wrong, naming the model file and the fix
     * @param cause the runtime's exception
     */
    public PredictionException(String message, Throwable cause) {
        super(message, cause);
    }
}
