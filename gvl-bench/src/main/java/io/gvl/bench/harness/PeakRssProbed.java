package io.gvl.bench.harness;

/**
 * A suite whose cells can each be run once more in a fresh JVM to read the peak resident memory of one run: a
 * process's peak RSS only ever grows, so it cannot be read from the harness's own JVM.
 */
interface PeakRssProbed {
    /** Peak RSS in KiB of one run of {@code cell} in a fresh JVM (-1 where {@code /proc} is absent). */
    long peakRssKib(Cell cell);
}
