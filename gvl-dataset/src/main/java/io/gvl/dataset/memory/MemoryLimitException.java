package io.gvl.dataset.memory;

import io.gvl.format.GvlException;

/**
 * A charge against a {@link MemoryBudget} would take it past its limit. The message names the budget, what asked
 * for the bytes, how many were already in use and the fix (raise the limit, lower the batch size or buffer, or close
 * outputs sooner). Nothing was allocated when this is thrown.
 */
public final class MemoryLimitException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the budget, the request, the bytes in use and the limit, and the fix
     */
    public MemoryLimitException(String message) {
        super(message);
    }
}
