package io.gvl.format.internal.runs;

import java.io.IOException;

/**
 * The slot sequence of a dataset cut into a grid of parts: region blocks (consecutive sorted regions) by sample
 * blocks (consecutive sorted samples). Part {@code (b, j)} is store {@code b·J + j} and holds the C-order grid
 * {@code (region of b, sample of j, ploid)}. In the joined order a region's cells come from every sample block in
 * turn, and the region blocks follow one another.
 *
 * @param regionBlockSizes regions in each region block
 * @param sampleBlockSizes samples in each sample block
 * @param cellWidth slots per (region, sample) cell: the ploidy for genotypes, 1 for tracks
 */
public record GridRuns(int[] regionBlockSizes, int[] sampleBlockSizes, int cellWidth) implements RunSource {

    @Override
    public void forEach(SlotRuns.Sink sink) throws IOException {
        SlotRuns.Coalescer c = new SlotRuns.Coalescer(sink);
        int nj = sampleBlockSizes.length;
        for (int b = 0; b < regionBlockSizes.length; b++) {
            for (int r = 0; r < regionBlockSizes[b]; r++) {
                for (int j = 0; j < nj; j++) {
                    long cell = (long) sampleBlockSizes[j] * cellWidth;
                    c.add(b * nj + j, r * cell, (r + 1) * cell);
                }
            }
        }
        c.flush();
    }
}
