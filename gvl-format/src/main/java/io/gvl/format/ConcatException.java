package io.gvl.format;

/**
 * The datasets given to {@link io.gvl.format.build.DatasetConcat} cannot be joined as asked: they disagree on something
 * the joined dataset must have once (contigs, ploidy, jitter, variant table, tracks, samples or regions), or an input
 * is not a dataset gvl can join. The message names the input, what differs from the first input and what to do about
 * it; nothing is written when it is thrown.
 */
public final class ConcatException extends GvlException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param problem what cannot be joined, naming the input directory
     * @param fix what to change, or empty
     */
    public ConcatException(String problem, String fix) {
        super(problem + (fix == null || fix.isEmpty() ? "" : " Fix: " + fix));
    }
}
