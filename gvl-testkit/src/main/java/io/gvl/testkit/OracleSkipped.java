package io.gvl.testkit;

import java.io.Serial;
import java.util.List;
import org.opentest4j.TestAbortedException;

/** A test skipped outside CI because oracle programs are missing; carries them for the build's summary line. */
public final class OracleSkipped extends TestAbortedException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final transient List<Oracle> missing;

    OracleSkipped(List<Oracle> missing, String message) {
        super(message);
        this.missing = List.copyOf(missing);
    }

    /** The oracles that were not found. */
    public List<Oracle> missing() {
        return missing;
    }
}
