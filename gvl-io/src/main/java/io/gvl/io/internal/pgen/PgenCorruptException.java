package io.gvl.io.internal.pgen;

/**
 * Bytes of a {@code .pgen} that contradict the format (a track running past its record, an out-of-range sample
 * index, a reserved code). Decoders throw it with only the problem; the reader, which knows the file and the record
 * being read, turns it into an {@link io.gvl.io.InputFormatException}.
 */
public final class PgenCorruptException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PgenCorruptException(String problem) {
        super(problem, null, false, false);
    }
}
