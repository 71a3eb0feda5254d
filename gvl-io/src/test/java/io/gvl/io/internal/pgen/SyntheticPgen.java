package io.gvl.io.internal.pgen;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes {@code .pgen} files (mode 0x10, 8-bit record types, 4-byte lengths, one variant block) whose records are
 * random in the main-track encoding the test asks for, following plink-ng's {@code pgen_spec}. Unlike plink2 it
 * can write every encoding at any sample count: type 5 (all hom-REF, which only {@code FUTURE_ENCODER} builds of
 * pgenlib write), LD records over a base of any type, difflists longer than 64 entries or than plink2's N/8 limit,
 * and difflist entries equal to the common value. Each record's call codes ({@link CallCodes}) are kept as the
 * decode it must give.
 */
final class SyntheticPgen {
    /** The six valid one-bit codes (pgen_spec: {unset, set} pairs). */
    private static final int[] ONE_BIT_CODES = {0x01, 0x02, 0x03, 0x05, 0x06, 0x09};

    private final int samples;
    private final int idWidth;
    private final SplittableRandom rnd;
    private final List<Integer> types = new ArrayList<>();
    private final List<byte[]> records = new ArrayList<>();
    private final List<byte[]> expected = new ArrayList<>();
    /** Main-track categories of the last record that is not LD-compressed (the base of the next LD record). */
    private byte[] base;

    SyntheticPgen(int samples, SplittableRandom rnd) {
        this.samples = samples;
        this.idWidth = samples < (1 << 8) ? 1 : samples < (1 << 16) ? 2 : samples < (1 << 24) ? 3 : 4;
        this.rnd = rnd;
    }

    /** The call codes each record must decode to, in record order. */
    List<byte[]> expected() {
        return expected;
    }

    /** Appends a random record whose main track has encoding {@code low} (0-7; 2 and 3 need an earlier record). */
    void add(int low) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] g = new byte[samples];
        switch (low) {
            case 0 -> {
                fillRandom(g);
                byte[] packed = new byte[(samples + 3) / 4];
                for (int k = 0; k < samples; k++) {
                    packed[k >> 2] |= (byte) (g[k] << (2 * (k & 3)));
                }
                out.writeBytes(packed);
            }
            case 1 -> {
                int code = ONE_BIT_CODES[rnd.nextInt(ONE_BIT_CODES.length)];
                int unset = code >> 2;
                int set = unset + (code & 3);
                out.write(code);
                byte[] bits = new byte[(samples + 7) / 8];
                for (int k = 0; k < samples; k++) {
                    boolean on = rnd.nextBoolean();
                    g[k] = (byte) (on ? set : unset);
                    bits[k >> 3] |= (byte) (on ? 1 << (k & 7) : 0);
                }
                out.writeBytes(bits);
                difflist(out, g);
            }
            case 2, 3 -> {
                if (base == null) {
                    throw new IllegalStateException("an LD record needs an earlier record");
                }
                System.arraycopy(base, 0, g, 0, samples);
                difflist(out, g);
                if (low == 3) {
                    for (int k = 0; k < samples; k++) {
                        if ((g[k] & 1) == 0) {
                            g[k] ^= 2;
                        }
                    }
                }
            }
            case 4, 6, 7 -> {
                Arrays.fill(g, (byte) (low & 3));
                difflist(out, g);
            }
            case 5 -> {
            }
            default -> throw new IllegalArgumentException("main-track encoding " + low);
        }
        if (low != 2 && low != 3) {
            base = g.clone();
        }
        byte[] codes = g.clone();
        boolean phased = phaseTrack(out, codes);
        types.add(low | (phased ? 0x10 : 0));
        records.add(out.toByteArray());
        expected.add(codes);
    }

    /** Random categories, mostly one common value so that runs of hom-REF and of other calls both occur. */
    private void fillRandom(byte[] g) {
        int common = rnd.nextInt(4);
        int rate = rnd.nextInt(1, 101);
        for (int k = 0; k < samples; k++) {
            g[k] = (byte) (rnd.nextInt(100) < rate ? rnd.nextInt(4) : common);
        }
    }

    /**
     * Writes a random difflist (with categories) and applies it to {@code g}: its length is drawn from empty, a
     * few entries, about an eighth of the samples, and up to every sample, so lists of several 64-entry groups occur
     * whenever the sample count allows.
     */
    private void difflist(ByteArrayOutputStream out, byte[] g) {
        int max = switch (rnd.nextInt(4)) {
            case 0 -> 0;
            case 1 -> Math.min(samples, 3);
            case 2 -> Math.max(1, samples / 8);
            default -> samples;
        };
        int len = max == 0 ? 0 : rnd.nextInt(max + 1);
        int[] ids = pick(len);
        byte[] cats = new byte[len];
        for (int k = 0; k < len; k++) {
            cats[k] = (byte) rnd.nextInt(4);
            g[ids[k]] = cats[k];
        }
        varint(out, len);
        if (len == 0) {
            return;
        }
        int groups = (len + 63) / 64;
        ByteArrayOutputStream[] deltas = new ByteArrayOutputStream[groups];
        for (int gr = 0; gr < groups; gr++) {
            deltas[gr] = new ByteArrayOutputStream();
            for (int w = 0; w < idWidth; w++) {
                out.write(ids[64 * gr] >>> (8 * w));
            }
            for (int k = 64 * gr + 1; k < Math.min(len, 64 * gr + 64); k++) {
                varint(deltas[gr], ids[k] - ids[k - 1]);
            }
        }
        for (int gr = 0; gr < groups - 1; gr++) {
            out.write(deltas[gr].size() - 63);
        }
        byte[] packed = new byte[(len + 3) / 4];
        for (int k = 0; k < len; k++) {
            packed[k >> 2] |= (byte) (cats[k] << (2 * (k & 3)));
        }
        out.writeBytes(packed);
        for (ByteArrayOutputStream d : deltas) {
            out.writeBytes(d.toByteArray());
        }
    }

    /** {@code len} distinct sample indexes in ascending order. */
    private int[] pick(int len) {
        int[] ids = new int[len];
        int n = 0;
        for (int k = 0; k < samples && n < len; k++) {
            // selection sampling: each sample is kept with probability (still needed) / (still left)
            if (rnd.nextInt(samples - k) < len - n) {
                ids[n++] = k;
            }
        }
        return ids;
    }

    /**
     * Writes a phase track for the hets of {@code codes} (on two records in three that have hets), every het phased
     * or with an explicit phasepresent array, and turns the phased hets into their phased codes. Returns whether a
     * track was written.
     */
    private boolean phaseTrack(ByteArrayOutputStream out, byte[] codes) {
        int hets = 0;
        for (byte c : codes) {
            hets += c == CallCodes.HET ? 1 : 0;
        }
        if (hets == 0 || rnd.nextInt(3) == 0) {
            return false;
        }
        boolean explicit = rnd.nextBoolean();
        byte[] first = new byte[1 + hets / 8];
        first[0] = (byte) (explicit ? 1 : 0);
        boolean[] present = new boolean[hets];
        boolean[] swapped = new boolean[hets];
        int phased = 0;
        for (int j = 0; j < hets; j++) {
            present[j] = !explicit || rnd.nextBoolean();
            swapped[j] = rnd.nextBoolean();
            phased += present[j] ? 1 : 0;
            boolean bit = explicit ? present[j] : swapped[j];
            first[(j + 1) >> 3] |= (byte) (bit ? 1 << ((j + 1) & 7) : 0);
        }
        out.writeBytes(first);
        if (explicit) {
            byte[] info = new byte[(phased + 7) / 8];
            int p = 0;
            for (int j = 0; j < hets; j++) {
                if (present[j]) {
                    info[p >> 3] |= (byte) (swapped[j] ? 1 << (p & 7) : 0);
                    p++;
                }
            }
            out.writeBytes(info);
        }
        int j = 0;
        for (int k = 0; k < codes.length; k++) {
            if (codes[k] == CallCodes.HET) {
                if (present[j]) {
                    codes[k] = swapped[j] ? CallCodes.PHASED_1_0 : CallCodes.PHASED_0_1;
                }
                j++;
            }
        }
        return true;
    }

    /** Writes the file: header, one block of types and 4-byte lengths, then the records. */
    void write(Path pgen) throws IOException {
        int m = records.size();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0x6c);
        out.write(0x1b);
        out.write(0x10);
        uint(out, m, 4);
        uint(out, samples, 4);
        out.write(0x07);
        uint(out, 12 + 8 + 5L * m, 8);
        for (int t : types) {
            out.write(t);
        }
        for (byte[] r : records) {
            uint(out, r.length, 4);
        }
        for (byte[] r : records) {
            out.writeBytes(r);
        }
        Files.write(pgen, out.toByteArray());
    }

    private static void uint(ByteArrayOutputStream out, long v, int bytes) {
        for (int k = 0; k < bytes; k++) {
            out.write((int) (v >>> (8 * k)));
        }
    }

    private static void varint(ByteArrayOutputStream out, int v) {
        while (v >= 0x80) {
            out.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }
}
