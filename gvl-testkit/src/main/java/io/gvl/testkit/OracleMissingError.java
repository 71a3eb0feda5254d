package io.gvl.testkit;

import java.io.Serial;

/** A test failure: under CI an oracle program is missing, which must never pass as a skip. */
public final class OracleMissingError extends AssertionError {
    @Serial
    private static final long serialVersionUID = 1L;

    OracleMissingError(String message) {
        super(message);
    }
}
