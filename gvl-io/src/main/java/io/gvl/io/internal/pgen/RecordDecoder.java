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
 * against a common value, all hom-REF), the hardcall phase track, and the dosage tracks. The decoder holds no
 * mutable state, so one instance serves every thread; the LD base cache lives in the scratch.
 */
public final class RecordDecoder {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    /** PLINK 1 .bed codes (hom A1 = ALT, missing, het, hom A2 = REF) as PLINK 2 categories. */
    private static final byte[] PLINK1 = {CallCodes.HOM_ALT, CallCodes.MISSING, CallCodes.HET, CallCodes.HOM_REF};

    private final PgenIndex index;
    private final MemorySegment data;
    private final int samples;
    private final int idWidth;

    public RecordDecoder(PgenIndex index, MemorySegment data) {
        this.index = index;
        this.data = data;
        this.samples = index.sampleCount();
        this.idWidth = samples < (1 << 8) ? 1 : samples < (1 << 16) ? 2 : samples < (1 << 24) ? 3 : 4;
    }

    /**
     * Decodes record {@code i}'s hardcalls and phase into {@code s.calls()} ({@link CallCodes}) and leaves the
     * cursor after the phase track, where the dosage tracks start.
     */
    public void decodeCalls(int i, DecodeScratch s) {
        int type = index.type(i);
        if ((type & 0x08) != 0) {
            throw new PgenCorruptException("the record is multiallelic (its type has the multiallelic bit) although"
                    + " the variant table lists one ALT allele");
        }
        mainTrack(i, s);
        if ((type & 0x10) != 0) {
            phaseTrack(s);
        }
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
            d = deltalist(c, ids);
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
            difflist(s.cursor, g);
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
                difflist(c, g);
            }
            case 4, 6, 7 -> {
                Arrays.fill(g, 0, samples, (byte) (low & 3));
                difflist(c, g);
            }
            case 5 -> Arrays.fill(g, 0, samples, CallCodes.HOM_REF);
            default -> throw new IllegalStateException("LD record " + i + " has no base here");
        }
    }

    /** Applies a difflist with 2-bit categories to {@code g}. */
    private void difflist(RecordCursor c, byte[] g) {
        int len = c.varint();
        if (len == 0) {
            return;
        }
        checkListLength(len);
        byte[] b = c.bytes();
        int groups = (len + 63) / 64;
        int starts = c.take((long) groups * idWidth);
        c.take(groups - 1L);
        int cats = c.take((len + 3L) / 4);
        int id = 0;
        for (int k = 0; k < len; k++) {
            id = nextId(c, b, starts, k, id);
            g[id] = (byte) ((b[cats + (k >> 2)] >> (2 * (k & 3))) & 3);
        }
    }

    /** Reads a deltalist (a difflist without categories) into {@code ids}; returns its length. */
    private int deltalist(RecordCursor c, int[] ids) {
        int len = c.varint();
        if (len == 0) {
            return 0;
        }
        checkListLength(len);
        byte[] b = c.bytes();
        int groups = (len + 63) / 64;
        int starts = c.take((long) groups * idWidth);
        c.take(groups - 1L);
        int id = 0;
        for (int k = 0; k < len; k++) {
            id = nextId(c, b, starts, k, id);
            ids[k] = id;
        }
        return len;
    }

    private void checkListLength(int len) {
        if (len > samples) {
            throw new PgenCorruptException("a sample list has " + len + " entries but the file has " + samples
                    + " samples");
        }
    }

    private int nextId(RecordCursor c, byte[] b, int starts, int k, int previous) {
        int id;
        if ((k & 63) == 0) {
            int at = starts + (k >> 6) * idWidth;
            long v = 0;
            for (int w = 0; w < idWidth; w++) {
                v |= (long) (b[at + w] & 0xFF) << (8 * w);
            }
            id = v >= samples ? samples : (int) v;
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
        return id;
    }

    /** Aux track 2 (hardcall phase): turns the hets of {@code s.calls} into unphased or phased codes. */
    private void phaseTrack(DecodeScratch s) {
        byte[] g = s.calls;
        int[] hetIds = s.ids;
        int hets = hets(g, hetIds);
        if (hets == 0) {
            throw new PgenCorruptException("the record has a phase track but no heterozygous call");
        }
        RecordCursor c = s.cursor;
        byte[] b = c.bytes();
        int first = c.take(1 + hets / 8);
        boolean explicit = (b[first] & 1) != 0;
        if (!explicit) {
            for (int j = 0; j < hets; j++) {
                g[hetIds[j]] = bit(b, first, j + 1) ? CallCodes.PHASED_1_0 : CallCodes.PHASED_0_1;
            }
            return;
        }
        int phased = 0;
        for (int j = 0; j < hets; j++) {
            if (bit(b, first, j + 1)) {
                phased++;
            }
        }
        int info = c.take((phased + 7) / 8);
        int p = 0;
        for (int j = 0; j < hets; j++) {
            if (bit(b, first, j + 1)) {
                g[hetIds[j]] = bit(b, info, p) ? CallCodes.PHASED_1_0 : CallCodes.PHASED_0_1;
                p++;
            }
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

    private static boolean bit(byte[] b, int at, int k) {
        return ((b[at + (k >> 3)] >> (k & 7)) & 1) != 0;
    }
}
