package io.gvl.io.internal.pgen;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Decodes biallelic PGEN records (plink-ng's {@code pgen_spec}: difflists, main track, aux tracks 1-2, dosage tracks) from the mapped file into a {@link DecodeScratch}: the main track in
 * each of its eight encodings (raw, one-bit, LD-compressed and inverted against the block's base record, difflists
 * against a common value, all hom-REF), the hardcall phase track, and the dosage tracks. Records that are hom-REF
 * but for a sample list can also be decoded as that list ({@link #decodeSparse}), in time proportional to it. The
 * decoder holds no mutable state, so one instance serves every thread; the LD base caches live in the scratch.
 */
public final class RecordDecoder {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    /** PLINK 1 .bed codes (hom A1 = ALT, missing, het, hom A2 = REF) as PLINK 2 categories. */
    private static final byte[] PLINK1 = {CallCodes.HOM_ALT, CallCodes.MISSING, CallCodes.HET, CallCodes.HOM_REF};

    private final PgenIndex index;
    private final MemorySegment data;
    private final int samples;
    private final SampleLists lists;

    public RecordDecoder(PgenIndex index, MemorySegment data) {
        this.index = index;
        this.data = data;
        this.samples = index.sampleCount();
        this.lists = new SampleLists(samples);
    }

    /**
     * Decodes record {@code i}'s hardcalls and phase into {@code s.calls()} ({@link CallCodes}) and leaves the
     * cursor after the phase track, where the dosage tracks start.
     */
    public void decodeCalls(int i, DecodeScratch s) {
        int type = biallelicType(i);
        mainTrack(i, s);
        if ((type & 0x10) != 0) {
            PhaseTrack.apply(s.cursor, s.ids, hets(s.calls, s.ids), s.calls);
        }
    }

    /**
     * Decodes record {@code i} into {@code s.sparse()}, its non-hom-REF calls with phase, when its main track is
     * hom-REF but for a sample list: a difflist against hom-REF (type 4), all hom-REF (5), or an LD-compressed record
     * whose base is such a list and stays one (type 2 over a base of type 4 or 5; inverted type 3 over a base of
     * type 6, whose hom-ALT majority inverts to hom-REF). The cost is the length of those lists plus the phase track,
     * whatever the sample count. Returns {@code false} for every other record, having decoded nothing: decode it
     * with {@link #decodeCalls}. The cursor is left after the phase track, as by {@link #decodeCalls}.
     */
    public boolean decodeSparse(int i, DecodeScratch s) {
        int type = biallelicType(i);
        int low = type & 7;
        CallList out = s.sparse;
        if (low == 4 || low == 5) {
            load(i, s);
            out.keepNonRef(s.ids, s.cats, low == 4 ? lists.difflist(s.cursor, s.ids, s.cats) : 0);
        } else if (low == 2 || low == 3) {
            int base = ldBase(i);
            int baseLow = index.type(base) & 7;
            boolean homRefBase = baseLow == 4 || baseLow == 5;
            if (low == 2 ? !homRefBase : baseLow != 6) {
                return false;
            }
            if (s.sparseBaseVariant != base) {
                load(base, s);
                s.sparseBase.copy(s.ids, s.cats, baseLow == 5 ? 0 : lists.difflist(s.cursor, s.ids, s.cats));
                s.sparseBaseVariant = base;
            }
            load(i, s);
            out.mergeLd(s.sparseBase, s.ids, s.cats, lists.difflist(s.cursor, s.ids, s.cats), low == 3);
        } else {
            return false;
        }
        if ((type & 0x10) != 0) {
            PhaseTrack.apply(s.cursor, s.ids, out.hets(s.ids), out.codes());
        }
        return true;
    }

    private int biallelicType(int i) {
        int type = index.type(i);
        if ((type & 0x08) != 0) {
            throw new PgenCorruptException("the record is multiallelic (its type has the multiallelic bit) although"
                    + " the variant table lists one ALT allele");
        }
        return type;
    }

    /**
     * After {@link #decodeCalls} of the same record: fills {@code s.dosages()} with the ALT dosage per sample
     * (stored value / 16384; without a stored value the hardcall's ALT count; NaN when both are missing).
     */
    public void decodeDosages(int i, DecodeScratch s) {
        byte[] calls = s.calls;
        float[] out = s.dosages;
        for (int k = 0; k < samples; k++) {
            out[k] = hardcallDosage(calls[k]);
        }
        int kind = (index.type(i) >> 5) & 3;
        if (kind == 0) {
            return;
        }
        RecordCursor c = s.cursor;
        byte[] b = c.bytes();
        int[] ids = s.ids;
        int d;
        if (kind == 1) {
            d = lists.deltalist(c, ids);
        } else if (kind == 2) {
            d = samples;
            for (int k = 0; k < samples; k++) {
                ids[k] = k;
            }
        } else {
            int at = c.take((samples + 7) / 8);
            d = 0;
            for (int k = 0; k < samples; k++) {
                if ((b[at + (k >> 3)] >> (k & 7) & 1) != 0) {
                    ids[d++] = k;
                }
            }
        }
        int at = c.take(2L * d);
        for (int k = 0; k < d; k++) {
            int v = (b[at + 2 * k] & 0xFF) | (b[at + 2 * k + 1] & 0xFF) << 8;
            out[ids[k]] = v == 0xFFFF ? Float.NaN : v / 16384f;
        }
    }

    private static float hardcallDosage(byte call) {
        return switch (call) {
            case CallCodes.HOM_REF -> 0f;
            case CallCodes.HOM_ALT -> 2f;
            case CallCodes.MISSING -> Float.NaN;
            default -> 1f;
        };
    }

    private void load(int i, DecodeScratch s) {
        int len = index.length(i);
        if (s.record.length < len) {
            s.record = new byte[Math.max(len, s.record.length * 2)];
        }
        MemorySegment.copy(data, ValueLayout.JAVA_BYTE, index.offset(i), s.record, 0, len);
        s.cursor.reset(s.record, len);
    }

    private void mainTrack(int i, DecodeScratch s) {
        int low = index.type(i) & 7;
        byte[] g = s.calls;
        if (low == 2 || low == 3) {
            int base = ldBase(i);
            if (s.baseVariant != base) {
                load(base, s);
                nonLdMainTrack(base, index.type(base) & 7, s, s.baseCalls);
                s.baseVariant = base;
            }
            load(i, s);
            System.arraycopy(s.baseCalls, 0, g, 0, samples);
            applyDifflist(s, g);
            if (low == 3) {
                for (int k = 0; k < samples; k++) {
                    if ((g[k] & 1) == 0) {
                        g[k] ^= 2;
                    }
                }
            }
            return;
        }
        load(i, s);
        nonLdMainTrack(i, low, s, g);
        if (nextIsLd(i)) {
            System.arraycopy(g, 0, s.baseCalls, 0, samples);
            s.baseVariant = i;
        }
    }

    private boolean nextIsLd(int i) {
        int next = i + 1;
        if (next >= index.variantCount() || next % PgenIndex.BLOCK == 0) {
            return false;
        }
        int low = index.type(next) & 7;
        return low == 2 || low == 3;
    }

    /** The nearest earlier record of the same variant block that is not itself LD-compressed. */
    private int ldBase(int i) {
        int blockStart = i - i % PgenIndex.BLOCK;
        for (int j = i - 1; j >= blockStart; j--) {
            int low = index.type(j) & 7;
            if (low != 2 && low != 3) {
                return j;
            }
        }
        throw new PgenCorruptException("the record is LD-compressed but no earlier record of its variant block can"
                + " be its base");
    }

    private void nonLdMainTrack(int i, int low, DecodeScratch s, byte[] g) {
        RecordCursor c = s.cursor;
        byte[] b = c.bytes();
        switch (low) {
            case 0 -> {
                int at = c.take((samples + 3) / 4);
                for (int k = 0; k < samples; k++) {
                    g[k] = (byte) ((b[at + (k >> 2)] >> (2 * (k & 3))) & 3);
                }
                if (index.plink1()) {
                    for (int k = 0; k < samples; k++) {
                        g[k] = PLINK1[g[k]];
                    }
                }
            }
            case 1 -> {
                int code = c.u8();
                int unset = (code >> 2) & 3;
                int set = unset + (code & 3);
                if ((code & 0xF0) != 0 || (code & 3) == 0 || set > 3) {
                    throw new PgenCorruptException(String.format("one-bit record code 0x%02x is not valid", code));
                }
                int at = c.take((samples + 7) / 8);
                for (int k = 0; k < samples; k++) {
                    g[k] = (byte) (((b[at + (k >> 3)] >> (k & 7)) & 1) != 0 ? set : unset);
                }
                applyDifflist(s, g);
            }
            case 4, 6, 7 -> {
                Arrays.fill(g, 0, samples, (byte) (low & 3));
                applyDifflist(s, g);
            }
            case 5 -> Arrays.fill(g, 0, samples, CallCodes.HOM_REF);
            default -> throw new IllegalStateException("LD record " + i + " has no base here");
        }
    }

    /** Reads the difflist at the cursor and overwrites the categories of {@code g} it lists. */
    private void applyDifflist(DecodeScratch s, byte[] g) {
        int[] ids = s.ids;
        byte[] cats = s.cats;
        int n = lists.difflist(s.cursor, ids, cats);
        for (int k = 0; k < n; k++) {
            g[ids[k]] = cats[k];
        }
    }

    /**
     * Writes the sample indexes of the hets of {@code g} (main-track codes 0-3) to {@code ids} in ascending order and
     * returns their number. Eight codes are tested at once: a het is the one code with bit 0 set and bit 1 clear.
     */
    private int hets(byte[] g, int[] ids) {
        int n = 0;
        int k = 0;
        for (; k + Long.BYTES <= samples; k += Long.BYTES) {
            long w = (long) LONGS.get(g, k);
            long het = w & ~(w >>> 1) & 0x0101010101010101L;
            while (het != 0) {
                ids[n++] = k + (Long.numberOfTrailingZeros(het) >>> 3);
                het &= het - 1;
            }
        }
        for (; k < samples; k++) {
            if (g[k] == CallCodes.HET) {
                ids[n++] = k;
            }
        }
        return n;
    }
}
