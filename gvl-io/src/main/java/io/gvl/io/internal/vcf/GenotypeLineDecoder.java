package io.gvl.io.internal.vcf;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * Genotype-only decode of VCF text records given as bytes: POS, the ALT column's kind, the FORMAT column's GT
 * position, then only the GT subfield of each selected sample, written as one row of {@code samples x 2} bytes (1
 * where a haplotype carries allele 1). ID, REF, QUAL, FILTER, INFO and every other FORMAT subfield are stepped
 * over. With GT first in FORMAT, whole blocks of REF calls are stepped over a vector register at a time
 * ({@link RefCallScan}), and two calls of the form {@code a|b} or {@code a/b} (a, b each 0 or 1) followed by tabs
 * are recognised in one 8-byte word and their ALT alleles marked without looking at the bytes one by one.
 *
 * <p>The common shapes are decoded here: alleles {@code 0}, {@code 1} and {@code .}, one or two of them,
 * separated by {@code |} or {@code /}, GT at any FORMAT position, other subfields after it, trailing fields
 * dropped. Any other record (multi-digit allele indexes, a third allele, a malformed call, POS or column count,
 * an ALT that is not plain letters, too few sample columns) is handed whole to {@link VcfLineParser}, so it decodes
 * or fails exactly as the text path does, with the same error. One decoder per query; not thread-safe.
 */
public final class GenotypeLineDecoder {
    /**
     * Allele bytes of two consecutive calls (lanes 0, 2, 4, 6) must be '0' or '1': masked without their lowest bit,
     * they equal '0'; that bit ({@link #ALT_BITS}) is then the allele.
     */
    private static final long ALLELE_DIGITS = 0x00fe00fe00fe00feL;
    private static final long REF_ALLELES = 0x0030003000300030L;
    private static final long ALT_BITS = 0x0001000100010001L;
    /** Lanes 3 and 7 hold the tabs after each call. */
    private static final long TABS = 0xff000000ff000000L;
    private static final long TAB_LANES = 0x0900000009000000L;
    /** Lanes 1 and 5 hold the separators, both '|' or both '/'. */
    private static final long SEPARATORS = 0x0000ff000000ff00L;
    private static final long PHASED = 0x00007c0000007c00L;
    private static final long UNPHASED = 0x00002f0000002f00L;

    private static final RefCallScan REF_RUNS = RefCallScan.best();

    private final Path file;
    private final int[] selected;
    private final int[] outIndexOfFileSample;
    private final int lastSelected;
    private final int width;
    private final byte[] scratch;
    private final int[] tabs = new int[9];
    private final VcfLineParser text;
    private byte[] format = new byte[0];
    private int formatLength = -1;
    private int gtIndex;
    /** Where the current decode lists its carriers, or null when it writes its row densely. */
    private CarrierList carriers;
    private long fallbacks;

    public GenotypeLineDecoder(Path file, List<String> sampleNames, int[] selected, boolean skipUnsupported) {
        this.file = file;
        this.selected = selected.clone();
        this.outIndexOfFileSample = new int[sampleNames.size()];
        Arrays.fill(outIndexOfFileSample, -1);
        int last = -1;
        for (int i = 0; i < selected.length; i++) {
            outIndexOfFileSample[selected[i]] = i;
            last = Math.max(last, selected[i]);
        }
        this.lastSelected = last;
        this.width = selected.length * BatchBuilder.PLOIDY;
        this.scratch = new byte[width];
        this.text = new VcfLineParser(file, sampleNames, selected, List.of(), List.of(), skipUnsupported);
    }

    /** Records handed to the text parser so far (for tests and the benchmark's notes). */
    public long fallbacks() {
        return fallbacks;
    }

    /**
     * Decodes {@code line[0, length)}. A usable record asks {@code place} for the offset in {@code out} of its row,
     * given its 0-based position; a negative answer decodes the record (so it is checked) and drops it. Records
     * without an ALT are skipped, as unsupported ones are when the decoder skips them.
     */
    public void decode(byte[] line, int length, byte[] out, IntUnaryOperator place) {
        decode(line, length, out, place, null);
    }

    /**
     * As {@link #decode(byte[], int, byte[], IntUnaryOperator)}, listing the row's carriers in {@code list} instead
     * of writing the row, when {@code list} is not null (started by the caller); a fallback to the text parser
     * writes the row and invalidates the list.
     */
    public void decode(byte[] line, int length, byte[] out, IntUnaryOperator place, CarrierList list) {
        carriers = list;
        try {
            decodeRow(line, length, out, place);
        } finally {
            carriers = null;
        }
    }

    private void decodeRow(byte[] line, int length, byte[] out, IntUnaryOperator place) {
        int nTabs = 0;
        for (int i = 0; i < length && nTabs < 9; i++) {
            if (line[i] == '\t') {
                tabs[nTabs++] = i;
            }
        }
        if (nTabs < 7) {
            invalidate();
            whole(line, length, out, place);
            return;
        }
        int position = position(line, tabs[0] + 1, tabs[1]);
        int alt = tabs[3] + 1;
        if (position < 0 || !plainAlt(line, alt, tabs[4])) {
            if (tabs[4] - alt == 1 && line[alt] == '.' && position >= 0) {
                return; // no ALT: skipped, as the text parser skips it
            }
            invalidate();
            whole(line, length, out, place);
            return;
        }
        int offset = place.applyAsInt(position - 1);
        byte[] row = offset >= 0 ? out : scratch;
        int base = Math.max(offset, 0);
        if (carriers == null) {
            Arrays.fill(row, base, base + width, (byte) 0);
        }
        if (nTabs < 9 || lastSelected < 0) {
            return;
        }
        if (!sameFormat(line, tabs[7] + 1, tabs[8])) {
            indexFormat(line, tabs[7] + 1, tabs[8]);
        }
        if (gtIndex < 0) {
            return;
        }
        if (!samples(line, length, row, base)) {
            invalidate();
            Arrays.fill(row, base, base + width, (byte) 0);
            row(line, length, row, base);
        }
    }

    private void invalidate() {
        if (carriers != null) {
            carriers.invalidate();
        }
    }

    /** Decodes the GT of samples 0..lastSelected into the row; false when a call needs the text parser. */
    private boolean samples(byte[] line, int length, byte[] row, int base) {
        int i = tabs[8] + 1;
        int s = 0;
        boolean gtFirst = gtIndex == 0;
        int retryAt = i; // where runs of REF calls are next looked for (a block past the last miss)
        while (s <= lastSelected) {
            if (i > length) {
                return false; // fewer sample columns than the header: the text parser names it
            }
            if (gtFirst && i >= retryAt) {
                int run = REF_RUNS.refRun(line, i, length);
                if (run > 0) {
                    i += run;
                    s += run >>> 2; // four bytes a call
                    continue;
                }
                retryAt = i + REF_RUNS.block();
            }
            if (gtFirst && i + 8 <= length) {
                long w = ByteWords.at(line, i);
                long sep = w & SEPARATORS;
                if ((w & ALLELE_DIGITS) == REF_ALLELES && (w & TABS) == TAB_LANES
                        && (sep == PHASED || sep == UNPHASED)) {
                    long alt = w & ALT_BITS; // bit 0 of an allele lane: '1' rather than '0'
                    if (alt != 0) {
                        place(alt, s, row, base);
                        place(alt >>> 32, s + 1, row, base);
                    }
                    s += 2;
                    i += 8;
                    continue;
                }
            }
            int end = i;
            while (end < length && line[end] != '\t') {
                end++;
            }
            int o = outIndexOfFileSample[s];
            if (o >= 0 && !call(line, i, end, row, base, o * BatchBuilder.PLOIDY)) {
                return false;
            }
            i = end + 1;
            s++;
        }
        return true;
    }

    /**
     * Marks the ALT alleles of file sample {@code s} in its row slot, if selected: bits 0 and 16 of {@code alt} are
     * its two alleles' low bits ({@code '1'} against {@code '0'}).
     */
    private void place(long alt, int s, byte[] row, int base) {
        int o = s <= lastSelected ? outIndexOfFileSample[s] : -1;
        if (o >= 0) {
            int slot = o * BatchBuilder.PLOIDY;
            if (carriers != null) {
                carriers.addDiploid(slot, (int) (alt & 1) | (int) (alt >>> 15) & 2);
                return;
            }
            row[base + slot] = (byte) (alt & 1);
            row[base + slot + 1] = (byte) ((alt >>> 16) & 1);
        }
    }

    /**
     * One sample's GT in {@code [start, end)}: {@code A}, {@code A|A} or {@code A/A} with A in 0, 1, '.'; its
     * alleles go to {@code slot} and the next of the row at {@code base}.
     */
    private boolean call(byte[] line, int start, int end, byte[] row, int base, int slot) {
        int g = start;
        for (int n = 0; n < gtIndex; n++) {
            while (g < end && line[g] != ':') {
                g++;
            }
            if (g >= end) {
                return true; // GT dropped from this sample: REF, as in the text parser
            }
            g++;
        }
        if (g >= end || line[g] == ':') {
            return true; // an empty GT: REF, as in the text parser
        }
        int a0 = allele(line[g]);
        if (a0 < 0) {
            return false;
        }
        if (g + 1 == end || line[g + 1] == ':') {
            allele(row, base, slot, a0);
            return true;
        }
        byte sep = line[g + 1];
        if ((sep != '|' && sep != '/') || g + 2 >= end) {
            return false;
        }
        int a1 = allele(line[g + 2]);
        if (a1 < 0 || (g + 3 < end && line[g + 3] != ':')) {
            return false;
        }
        allele(row, base, slot, a0);
        allele(row, base, slot + 1, a1);
        return true;
    }

    /** Sets {@code slot} of the row at {@code base} to {@code allele} (0 or 1); in the list, only a 1 is added. */
    private void allele(byte[] row, int base, int slot, int allele) {
        if (carriers == null) {
            row[base + slot] = (byte) allele;
        } else if (allele == 1) {
            carriers.add(slot);
        }
    }

    /** 1 for allele 1, 0 for allele 0 or missing, -1 for anything the text parser must judge. */
    private static int allele(byte b) {
        return switch (b) {
            case '0', '.' -> 0;
            case '1' -> 1;
            default -> -1;
        };
    }

    /** A positive POS of at most 9 digits, else -1 (the text parser then reads or refuses it). */
    private static int position(byte[] line, int from, int to) {
        if (to <= from || to - from > 9) {
            return -1;
        }
        int v = 0;
        for (int i = from; i < to; i++) {
            int d = line[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v >= 1 ? v : -1;
    }

    /** Whether ALT is one allele of plain letters (the supported kind, decided without a string). */
    private static boolean plainAlt(byte[] line, int from, int to) {
        if (to <= from) {
            return false;
        }
        for (int i = from; i < to; i++) {
            byte b = line[i];
            if (!((b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z'))) {
                return false;
            }
        }
        return true;
    }

    private boolean sameFormat(byte[] line, int from, int to) {
        return to - from == formatLength && Arrays.equals(format, 0, formatLength, line, from, to);
    }

    /** GT's index among the FORMAT keys (the first key that is exactly GT), or -1. */
    private void indexFormat(byte[] line, int from, int to) {
        format = Arrays.copyOfRange(line, from, to);
        formatLength = to - from;
        gtIndex = -1;
        int key = 0;
        int k = from;
        while (k <= to) {
            int e = k;
            while (e < to && line[e] != ':') {
                e++;
            }
            if (e - k == 2 && line[k] == 'G' && line[k + 1] == 'T') {
                gtIndex = key;
                return;
            }
            key++;
            k = e + 1;
        }
    }

    /** The whole record through the text parser: it places the row itself, or skips or refuses the record. */
    private void whole(byte[] line, int length, byte[] out, IntUnaryOperator place) {
        BatchBuilder one = parse(line, length);
        if (one.size() == 0) {
            return;
        }
        int offset = place.applyAsInt(one.positions.getInt(0));
        if (offset >= 0) {
            one.copyGenotypeRow(0, out, offset, width);
        }
    }

    /** The row of an already placed record through the text parser (which may refuse it). */
    private void row(byte[] line, int length, byte[] row, int base) {
        BatchBuilder one = parse(line, length);
        if (one.size() != 1) {
            throw new IllegalStateException(file + ": the text parser skipped a record the genotype decoder kept");
        }
        one.copyGenotypeRow(0, row, base, width);
    }

    private BatchBuilder parse(byte[] line, int length) {
        fallbacks++;
        BatchBuilder one = new BatchBuilder(selected.length, List.of(), List.of());
        text.parse(new String(line, 0, length, StandardCharsets.UTF_8), one);
        return one;
    }
}
