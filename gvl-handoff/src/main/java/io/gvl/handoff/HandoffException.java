package io.gvl.handoff;

import io.gvl.format.GvlException;

/**
 * The shared-memory hand-off failed: the consumer stopped answering (no release within the timeout), closed its
 * release stream while a slot was still in use, sent a message that is not part of the protocol, or a slot file
 * could not be created or grown. The message names the slot or file and what to do. Like every deliberate gvl
 * error it is a {@link GvlException}.
 */
public final class HandoffException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what failed, naming the slot, file or message line, and the fix
     */
    public HandoffException(String message) {
        super(message);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message what failed, naming the slot, file or message line, and the fix
     * @param cause the underlying error
     */
    public HandoffException(String message, Throwable cause) {
        super(message, cause);
    }
}
