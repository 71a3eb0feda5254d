package io.gvl.io.internal.pgen;

import java.util.Arrays;

/**
 * Where each sample of the file goes in a read's output, for writing a {@link CallList} (ascending file sample
 * indexes) into output whose samples come in the caller's order: slot {@code j} holds {@code sampleIndexes[j]}.
 * A run of consecutive indexes needs no table; any other order (repeats allowed) gets a per-sample head slot and a
 * chain through the slots of repeated samples, built once per read.
 */
public final class SampleSlots {
    private final int first;
    private final int count;
    /** First slot of each file sample, -1 when it is not read; null for a run. */
    private final int[] head;
    /** Next slot of the same sample, -1 after the last. */
    private final int[] next;

    private SampleSlots(int first, int count, int[] head, int[] next) {
        this.first = first;
        this.count = count;
        this.head = head;
        this.next = next;
    }

    /** The slots of {@code sampleIndexes}, each in {@code [0, samples)}. */
    public static SampleSlots of(int[] sampleIndexes, int samples) {
        int k = sampleIndexes.length;
        int first = k == 0 ? 0 : sampleIndexes[0];
        boolean run = true;
        for (int j = 1; j < k && run; j++) {
            run = sampleIndexes[j] == first + j;
        }
        if (run) {
            return new SampleSlots(first, k, null, null);
        }
        int[] head = new int[samples];
        Arrays.fill(head, -1);
        int[] next = new int[k];
        for (int j = k - 1; j >= 0; j--) {
            next[j] = head[sampleIndexes[j]];
            head[sampleIndexes[j]] = j;
        }
        return new SampleSlots(first, k, head, next);
    }

    /** Whether the samples are a run of consecutive indexes from {@link #first()}. */
    public boolean run() {
        return head == null;
    }

    /** The first sample index of a run. */
    public int first() {
        return first;
    }

    /** The first slot of file sample {@code sample}, or -1 when the read does not include it. */
    int slot(int sample) {
        if (head == null) {
            int j = sample - first;
            return j >= 0 && j < count ? j : -1;
        }
        return head[sample];
    }

    /** The next slot holding the same sample as {@code slot}, or -1. */
    int nextSlot(int slot) {
        return head == null ? -1 : next[slot];
    }
}
