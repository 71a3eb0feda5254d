package io.gvl.io.internal.pgen;

/**
 * One record's calls as a list: the samples whose call is not hom-REF, in ascending order, each with its
 * {@link CallCodes} value; every sample not listed is hom-REF. This is what the sparse decode gives, so a rare
 * variant costs its carriers instead of the sample count. The decode also keeps an LD base's difflist in one
 * (raw 2-bit categories, which are the first four call codes). The arrays grow on demand and are reused.
 */
public final class CallList {
    private static final int INITIAL = 64;

    private int[] samples = new int[INITIAL];
    private byte[] codes = new byte[INITIAL];
    private int size;

    /** Number of listed samples. */
    public int size() {
        return size;
    }

    /** Sample indexes, ascending; entries {@code [0, size())} are valid. */
    public int[] samples() {
        return samples;
    }

    /** Call code of each listed sample ({@link CallCodes}, never {@link CallCodes#HOM_REF} after a decode). */
    public byte[] codes() {
        return codes;
    }

    /** Sets the list to entries {@code [0, n)} of {@code ids}/{@code cats}, all of them. */
    void copy(int[] ids, byte[] cats, int n) {
        clear(n);
        System.arraycopy(ids, 0, samples, 0, n);
        System.arraycopy(cats, 0, codes, 0, n);
        size = n;
    }

    /** Sets the list to the entries of {@code [0, n)} of {@code ids}/{@code cats} that are not hom-REF. */
    void keepNonRef(int[] ids, byte[] cats, int n) {
        clear(n);
        for (int k = 0; k < n; k++) {
            if (cats[k] != CallCodes.HOM_REF) {
                samples[size] = ids[k];
                codes[size++] = cats[k];
            }
        }
    }

    /**
     * Sets the list to an LD-compressed record's calls that are not hom-REF: the {@code base} record's categories,
     * overridden by this record's difflist ({@code [0, n)} of {@code ids}/{@code cats}), then for an inverted record
     * with hom-REF and hom-ALT swapped. Both inputs ascend, so one merge pass keeps the order. The caller has checked
     * that the samples listed in neither input end up hom-REF.
     */
    void mergeLd(CallList base, int[] ids, byte[] cats, int n, boolean invert) {
        clear(base.size + n);
        int[] bs = base.samples;
        byte[] bc = base.codes;
        int i = 0;
        int j = 0;
        while (i < base.size || j < n) {
            int sample;
            byte cat;
            if (j == n || i < base.size && bs[i] < ids[j]) {
                sample = bs[i];
                cat = bc[i++];
            } else {
                if (i < base.size && bs[i] == ids[j]) {
                    i++;
                }
                sample = ids[j];
                cat = cats[j++];
            }
            if (invert && (cat & 1) == 0) {
                cat ^= 2;
            }
            if (cat != CallCodes.HOM_REF) {
                samples[size] = sample;
                codes[size++] = cat;
            }
        }
    }

    /** Writes the list positions of the hets (unphased code) to {@code out}, ascending, and returns their number. */
    int hets(int[] out) {
        int n = 0;
        for (int j = 0; j < size; j++) {
            if (codes[j] == CallCodes.HET) {
                out[n++] = j;
            }
        }
        return n;
    }

    /** Empties the list and makes room for {@code capacity} entries (without copying: the caller refills it). */
    private void clear(int capacity) {
        if (samples.length < capacity) {
            int grown = Math.max(capacity, 2 * samples.length);
            samples = new int[grown];
            codes = new byte[grown];
        }
        size = 0;
    }
}
