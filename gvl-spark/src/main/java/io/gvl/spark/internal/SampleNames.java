package io.gvl.spark.internal;

import java.util.Collections;
import java.util.List;

/**
 * Sample name to dataset index. Datasets store their samples sorted, so a binary search finds a name; a list that
 * is not sorted (older writers) falls back to a scan, so the answer is right either way.
 */
final class SampleNames {
    private SampleNames() {
    }

    /** The index of {@code name} in {@code samples}, or -1. */
    static int indexOf(List<String> samples, String name) {
        int i = Collections.binarySearch(samples, name);
        if (i >= 0 && samples.get(i).equals(name)) {
            return i;
        }
        return samples.indexOf(name);
    }
}
