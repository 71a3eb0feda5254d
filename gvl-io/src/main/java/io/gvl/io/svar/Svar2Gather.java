package io.gvl.io.svar;

import io.gvl.format.io.Svar2RangesFile;
import io.gvl.io.InputFormatException;

/**
 * The per-haplotype gather of GenVarLoader 0.43.1 for {@code .svar2}-linked datasets: from a store contig, a
 * haplotype column, the cache cell's {@code var_key} windows, the region's dense ranges and a query start
 * {@code qs}, it appends the calls in exactly the order GVL feeds its haplotype kernel:
 * <ol>
 *   <li>{@code var_key} SNP calls of the SNP window with {@code pos >= qs};</li>
 *   <li>{@code var_key} indel calls of the indel window with {@code end > qs}, where {@code end = pos + 1 +}
 *       the deletion length (0 for an insertion);</li>
 *   <li>dense SNPs of the dense SNP range carried by the haplotype with {@code pos >= qs};</li>
 *   <li>dense indels of the dense indel range carried by the haplotype with {@code end > qs};</li>
 * </ol>
 * merged by position; on equal positions the order above decides ({@code var_key} SNP, {@code var_key} indel, dense
 * SNP, dense indel), and within one stream the store order is kept. This equals GVL's merge of the two {@code var_key}
 * runs (SNP first on ties) followed by a stable sort of {@code var_key ++ dense SNP ++ dense indel} by position.
 * Each call is decoded to (position, ilen, ALT); a pure deletion gets an empty ALT (the caller supplies the
 * reference anchor). Nothing is allocated per call. Stateless and thread-safe (each thread its own
 * {@link Svar2Calls}).
 */
public final class Svar2Gather {
    private static final int VK_SNP = 0;
    private static final int VK_INDEL = 1;
    private static final int DENSE_SNP = 2;
    private static final int DENSE_INDEL = 3;
    private static final int MAX_INLINE_ILEN = 12;

    private Svar2Gather() {
    }

    /**
     * Gathers one haplotype of one cached region cell and appends its calls to {@code out}.
     *
     * @param contig the region's contig in the store
     * @param ranges the dataset's range cache
     * @param region dataset region index {@code r}
     * @param slot dataset sample slot {@code s} (not the store column)
     * @param ploid {@code 0 <= p < P}
     * @param qs query start, 0-based (the region start after read-time jitter)
     * @param out the buffer the calls are appended to (not cleared first)
     * @throws InputFormatException if the cache's windows or sample column do not fit the store (the cache belongs
     *                              to another store) or a key is corrupt
     * @throws IllegalArgumentException if the cache's ploidy differs from the store's
     * @throws IndexOutOfBoundsException if {@code region}, {@code slot} or {@code ploid} is out of range
     * @throws IllegalStateException if the store or the cache is closed
     */
    public static void gather(Svar2Contig contig, Svar2RangesFile ranges, int region, int slot, int ploid, long qs,
                              Svar2Calls out) {
        int ploidy = ranges.ploidy();
        if (contig.haplotypes() % ploidy != 0) {
            throw new IllegalArgumentException("the range cache has ploidy " + ploidy + " but the store contig "
                    + contig.directory() + " has " + contig.haplotypes() + " haplotypes");
        }
        long cell = ranges.cell(region, slot, ploid);
        long h = ranges.sampleColumn(slot) * ploidy + ploid;
        if (h >= contig.haplotypes()) {
            throw new InputFormatException(ranges.directory().resolve("sample_cols.npy"), "slot " + slot,
                    "names store column " + ranges.sampleColumn(slot) + " but " + contig.directory() + " has "
                    + contig.haplotypes() / ploidy + " samples.", "open the dataset with the store it was written"
                    + " from, or rewrite the dataset.");
        }
        gather(contig, (int) h, ranges.snpStart(cell), ranges.snpLength(cell), ranges.indelStart(cell),
                ranges.indelLength(cell), ranges.denseSnpStart(region), ranges.denseSnpEnd(region),
                ranges.denseIndelStart(region), ranges.denseIndelEnd(region), qs, out);
    }

    /**
     * Gathers one haplotype from explicit windows and appends its calls to {@code out}.
     *
     * @param contig the store contig
     * @param h haplotype column {@code sample_cols[s] * P + p}, {@code 0 <= h < H}
     * @param snpStart first call of the {@code var_key} SNP window (absolute index in the stream); ignored when
     *                 {@code snpLength} is 0
     * @param snpLength number of calls in the {@code var_key} SNP window
     * @param indelStart first call of the {@code var_key} indel window; ignored when {@code indelLength} is 0
     * @param indelLength number of calls in the {@code var_key} indel window
     * @param denseSnpStart first dense SNP variant of the region
     * @param denseSnpEnd one past the last dense SNP variant of the region
     * @param denseIndelStart first dense indel variant of the region
     * @param denseIndelEnd one past the last dense indel variant of the region
     * @param qs query start, 0-based
     * @param out the buffer the calls are appended to (not cleared first)
     * @throws InputFormatException if a window lies outside its stream or a key is corrupt
     * @throws IndexOutOfBoundsException if {@code h} is out of range
     * @throws IllegalStateException if the store is closed
     */
    public static void gather(Svar2Contig contig, int h, long snpStart, long snpLength, long indelStart,
                              long indelLength, long denseSnpStart, long denseSnpEnd, long denseIndelStart,
                              long denseIndelEnd, long qs, Svar2Calls out) {
        if (h < 0 || h >= contig.haplotypes()) {
            throw new IndexOutOfBoundsException("haplotype " + h + " of " + contig.haplotypes() + " in "
                    + contig.directory());
        }
        Svar2Stream[] s = {contig.stream(Svar2StreamKind.VAR_KEY_SNP), contig.stream(Svar2StreamKind.VAR_KEY_INDEL),
                contig.stream(Svar2StreamKind.DENSE_SNP), contig.stream(Svar2StreamKind.DENSE_INDEL)};
        long[] end = {
                window(s[VK_SNP], snpStart, snpLength), window(s[VK_INDEL], indelStart, indelLength),
                range(s[DENSE_SNP], denseSnpStart, denseSnpEnd), range(s[DENSE_INDEL], denseIndelStart,
                denseIndelEnd)};
        long[] at = {snpLength == 0 ? 0 : snpStart, indelLength == 0 ? 0 : indelStart, denseSnpStart,
                denseIndelStart};
        long[] pos = new long[4];
        for (int k = 0; k < 4; k++) {
            at[k] = next(s[k], h, at[k], end[k], qs);
            pos[k] = at[k] < end[k] ? s[k].position(at[k]) : Long.MAX_VALUE;
        }
        while (true) {
            int k = 0;
            for (int j = 1; j < 4; j++) {
                if (pos[j] < pos[k]) {
                    k = j;
                }
            }
            if (pos[k] == Long.MAX_VALUE) {
                return;
            }
            append(contig, s[k], at[k], pos[k], out);
            at[k] = next(s[k], h, at[k] + 1, end[k], qs);
            pos[k] = at[k] < end[k] ? s[k].position(at[k]) : Long.MAX_VALUE;
        }
    }

    /**
     * Appends every call of haplotype {@code h} on the contig (the whole of its {@code var_key} runs and every dense
     * variant it carries), in the gather order. For tests and conversions.
     *
     * @param contig the store contig
     * @param h haplotype {@code sample*P + ploid}, {@code 0 <= h < H}
     * @param out the buffer the calls are appended to (not cleared first)
     * @throws InputFormatException if a key is corrupt
     * @throws IndexOutOfBoundsException if {@code h} is out of range
     * @throws IllegalStateException if the store is closed
     */
    public static void gatherAll(Svar2Contig contig, int h, Svar2Calls out) {
        if (h < 0 || h >= contig.haplotypes()) {
            throw new IndexOutOfBoundsException("haplotype " + h + " of " + contig.haplotypes() + " in "
                    + contig.directory());
        }
        Svar2Stream snp = contig.stream(Svar2StreamKind.VAR_KEY_SNP);
        Svar2Stream indel = contig.stream(Svar2StreamKind.VAR_KEY_INDEL);
        gather(contig, h, snp.start(h), snp.end(h) - snp.start(h), indel.start(h), indel.end(h) - indel.start(h),
                0, contig.stream(Svar2StreamKind.DENSE_SNP).size(), 0,
                contig.stream(Svar2StreamKind.DENSE_INDEL).size(), 0, out);
    }

    private static long window(Svar2Stream s, long start, long length) {
        if (length == 0) {
            return 0;
        }
        if (start < 0 || length < 0 || start > s.size() - length) {
            throw new InputFormatException(s.directory(), "", "has " + s.size() + " calls but the range cache asks"
                    + " for the window [" + start + ", " + (start + length) + ").", "open the dataset with the"
                    + " store it was written from, or rewrite the dataset.");
        }
        return start + length;
    }

    private static long range(Svar2Stream s, long start, long end) {
        if (start < 0 || end < start || end > s.size()) {
            throw new InputFormatException(s.directory(), "", "has " + s.size() + " variants but the range cache"
                    + " asks for [" + start + ", " + end + ").", "open the dataset with the store it was written"
                    + " from, or rewrite the dataset.");
        }
        return end;
    }

    /** The first entry at or after {@code i} (before {@code end}) that haplotype {@code h} keeps; {@code end} if none. */
    private static long next(Svar2Stream s, int h, long i, long end, long qs) {
        Svar2StreamKind kind = s.kind();
        for (; i < end; i++) {
            if (kind.dense() && !s.carries(h, i)) {
                continue;
            }
            long p = s.position(i);
            long stop = kind.snp() ? p + 1 : p + 1 + deletionLength(s.key(i));
            if (kind.snp() ? p >= qs : stop > qs) {
                return i;
            }
        }
        return end;
    }

    private static long deletionLength(int key) {
        return Svar2IndelKeys.lane(key) == Svar2IndelKeys.Lane.DELETION ? -(long) Svar2IndelKeys.ilen(key) : 0;
    }

    private static void append(Svar2Contig contig, Svar2Stream s, long i, long pos, Svar2Calls out) {
        long origin = Svar2Origin.of(s.kind(), i);
        if (s.kind().snp()) {
            out.begin(pos, 0, origin);
            out.appendAlt(Svar2SnpCodes.base(s.snpCode(i)));
            return;
        }
        int key = s.key(i);
        switch (Svar2IndelKeys.lane(key)) {
            case DELETION -> out.begin(pos, Svar2IndelKeys.ilen(key), origin);
            case INLINE -> {
                int ilen = Svar2IndelKeys.ilen(key);
                if (ilen > MAX_INLINE_ILEN) {
                    throw badKey(s, i, key, "an inline insertion of ilen " + ilen + " (at most 12 fit a key)");
                }
                out.begin(pos, ilen, origin);
                for (int b = 0; b <= ilen; b++) {
                    out.appendAlt(Svar2IndelKeys.inlineBase(key, b));
                }
            }
            case LOOKUP -> {
                long row = Svar2IndelKeys.lookupRow(key);
                if (row >= contig.longAlleleCount()) {
                    throw badKey(s, i, key, "row " + row + " of a long-allele table of " + contig.longAlleleCount()
                            + " rows");
                }
                long from = contig.longAlleleStart(row);
                long to = contig.longAlleleStart(row + 1);
                if (to - from < 1 || to - from > Integer.MAX_VALUE) {
                    throw badKey(s, i, key, "long-allele row " + row + " of " + (to - from) + " bytes");
                }
                out.begin(pos, (int) (to - from - 1), origin);
                for (long b = from; b < to; b++) {
                    out.appendAlt(contig.longAlleleByte(b));
                }
            }
        }
    }

    private static InputFormatException badKey(Svar2Stream s, long i, long key, String what) {
        return new InputFormatException(s.directory().resolve("alleles.bin"), "call " + i, "key 0x"
                + Long.toHexString(key & 0xFFFFFFFFL) + " names " + what + ".", StoreFiles.REBUILD);
    }
}
