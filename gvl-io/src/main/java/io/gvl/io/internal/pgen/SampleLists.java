package io.gvl.io.internal.pgen;

/**
 * Reads the sample lists of a record (plink-ng's {@code pgen_spec} difflists, and deltalists, which are difflists
 * without categories): groups of 64 entries, each group's first sample index stored whole and the others as
 * varint deltas. The main track, the LD difference lists and the dosage list all go through here, so a corrupt list
 * is refused the same way whichever decode (dense or sparse) meets it. Holds no mutable state.
 */
final class SampleLists {
    private final int samples;
    private final int idWidth;

    SampleLists(int samples) {
        this.samples = samples;
        this.idWidth = samples < (1 << 8) ? 1 : samples < (1 << 16) ? 2 : samples < (1 << 24) ? 3 : 4;
    }

    /**
     * Reads a difflist at the cursor: entry {@code k} gets its sample index in {@code ids[k]} and its 2-bit category
     * in {@code cats[k]}, both at least as long as the list (at most the sample count). Returns the entry count.
     */
    int difflist(RecordCursor c, int[] ids, byte[] cats) {
        int len = c.varint();
        if (len == 0) {
            return 0;
        }
        checkListLength(len);
        int starts = c.take((long) groups(len) * idWidth);
        c.take(groups(len) - 1L);
        int at = c.take((len + 3L) / 4);
        byte[] b = c.bytes();
        for (int k = 0; k < len; k++) {
            cats[k] = (byte) ((b[at + (k >> 2)] >> (2 * (k & 3))) & 3);
        }
        readIds(c, starts, len, ids);
        return len;
    }

    /** Reads a deltalist at the cursor into {@code ids} and returns its length. */
    int deltalist(RecordCursor c, int[] ids) {
        int len = c.varint();
        if (len == 0) {
            return 0;
        }
        checkListLength(len);
        int starts = c.take((long) groups(len) * idWidth);
        c.take(groups(len) - 1L);
        readIds(c, starts, len, ids);
        return len;
    }

    private static int groups(int len) {
        return (len + 63) / 64;
    }

    private void checkListLength(int len) {
        if (len > samples) {
            throw new PgenCorruptException("a sample list has " + len + " entries but the file has " + samples
                    + " samples");
        }
    }

    /**
     * The sample indexes, which must increase strictly: the sparse decode merges lists and finds hets by walking
     * them in order, so a list that goes back is refused (by the dense decode too, which would otherwise let the
     * later entry win and disagree with the sparse one).
     */
    private void readIds(RecordCursor c, int starts, int len, int[] ids) {
        byte[] b = c.bytes();
        int id = -1;
        for (int k = 0; k < len; k++) {
            int previous = id;
            if ((k & 63) == 0) {
                int at = starts + (k >> 6) * idWidth;
                long v = 0;
                for (int w = 0; w < idWidth; w++) {
                    v |= (long) (b[at + w] & 0xFF) << (8 * w);
                }
                id = v >= samples ? samples : (int) v;
                if (id <= previous) {
                    throw new PgenCorruptException("a sample list is not in increasing order (sample " + id
                            + " after " + previous + ")");
                }
            } else {
                int delta = c.varint();
                if (delta == 0) {
                    throw new PgenCorruptException("a sample list repeats sample " + previous);
                }
                id = previous + delta;
            }
            if (id < 0 || id >= samples) {
                throw new PgenCorruptException("a sample list names sample index " + (id < 0 ? "above 2^31" : id)
                        + " but the file has " + samples + " samples");
            }
            ids[k] = id;
        }
    }
}
