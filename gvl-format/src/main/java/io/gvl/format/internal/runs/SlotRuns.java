package io.gvl.format.internal.runs;

import java.io.IOException;

/**
 * The joined slot sequence as runs of consecutive source slots. A dataset stores ragged arrays over a C-order grid
 * {@code (region, sample, ploid)}; a joined slot maps to exactly one slot of one input. Runs are produced in
 * destination order, and adjacent runs that continue each other in the same input are merged, so the copy reads
 * each input sequentially and issues one transfer per contiguous stretch. Nothing proportional to the slot count is
 * held in memory.
 *
 * @param alongRegions whether the join is along regions ({@code false}: along samples)
 * @param order the joined axis' sources
 * @param nRegions the joined region count (used along samples, where every input has all regions)
 * @param nSamples the sample count of each input
 * @param cellWidth slots per (region, sample) cell: the ploidy for genotypes, 1 for tracks
 */
public record SlotRuns(boolean alongRegions, JoinOrder order, int nRegions, int[] nSamples, int cellWidth)
        implements RunSource {

    /** Receives runs. */
    @FunctionalInterface
    public interface Sink {
        /**
         * One run of source slots {@code [start, stop)} of input {@code input}.
         *
         * @param input the input index
         * @param start first source slot
         * @param stop one past the last source slot
         * @throws IOException if the copy fails
         */
        void run(int input, long start, long stop) throws IOException;
    }

    /**
     * Emits every run in destination order.
     *
     * @param sink the receiver
     * @throws IOException if the sink fails
     */
    @Override
    public void forEach(Sink sink) throws IOException {
        Coalescer c = new Coalescer(sink);
        if (alongRegions) {
            long cell = (long) nSamples[0] * cellWidth;
            for (int i = 0; i < order.size(); i++) {
                long w = order.within()[i];
                c.add(order.source()[i], w * cell, (w + 1) * cell);
            }
        } else {
            for (int r = 0; r < nRegions; r++) {
                for (int j = 0; j < order.size(); j++) {
                    int d = order.source()[j];
                    long first = ((long) r * nSamples[d] + order.within()[j]) * cellWidth;
                    c.add(d, first, first + cellWidth);
                }
            }
        }
        c.flush();
    }

    /** Holds one pending run and extends it while the next one continues it. */
    static final class Coalescer {
        private final Sink sink;
        private int input = -1;
        private long start;
        private long stop;

        Coalescer(Sink sink) {
            this.sink = sink;
        }

        /** Adds source slots {@code [from, to)} of input {@code d}. */
        void add(int d, long from, long to) throws IOException {
            if (from == to) {
                return;
            }
            if (d == input && from == stop) {
                stop = to;
                return;
            }
            flush();
            input = d;
            start = from;
            stop = to;
        }

        /** Emits the pending run. */
        void flush() throws IOException {
            if (input >= 0) {
                sink.run(input, start, stop);
                input = -1;
            }
        }
    }
}
