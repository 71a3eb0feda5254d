package io.gvl.write.spec;

import io.gvl.format.GvlException;

/**
 * A write or update request cannot be carried out as asked (no samples in common, duplicate track names, a memory
 * budget too small, a track that does not cover the dataset's samples). Problems inside an input file are
 * {@link io.gvl.io.InputFormatException}s instead, because those name a file and a record. The message always
 * says what to change.
 */
public final class WriteException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param problem what cannot be done
     * @param fix what to do about it, or empty
     */
    public WriteException(String problem, String fix) {
        super(problem + (fix == null || fix.isEmpty() ? "" : " Fix: " + fix));
    }
}
