package io.gvl.io.internal.bcf;

import io.gvl.io.internal.vcf.AlleleKind;
import io.gvl.io.internal.vcf.BatchBuilder;
import io.gvl.io.internal.vcf.ByteWords;
import io.gvl.io.internal.vcf.CarrierList;
import io.gvl.io.variant.VariantRequest;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * Genotype-only decode of BCF records: the ALT kind and position from the shared part, then, in the per-sample part,
 * only the GT vector (other FORMAT vectors are stepped over by their typed lengths). GT elements are
 * {@code (allele + 1) << 1 | phased}. With 8-bit diploid GT and at least a quarter of the samples selected (in any
 * order), the calls are scanned in file order: whole blocks of REF calls ({@code 0|0} or {@code 0/0}: every byte 2
 * or 3) are stepped over a vector register at a time ({@link RefCallScan8}), four in one 8-byte word elsewhere,
 * and only the other calls are mapped to their place in the row. A smaller selection is read sample by sample.
 *
 * <p>Anything else the record decoder would refuse or treat specially (unsupported or ALT-less records, a
 * negative POS, a sample count unlike the header's, an allele index above 1, more than two alleles, a malformed
 * typed value) is handed to {@link BcfRecordDecoder}, so it decodes or fails exactly as the full path does. One
 * decoder per query; not thread-safe.
 */
final class BcfGenotypeDecoder {
    /** Lanes of a word of four diploid calls that are not 0–7 ... */
    private static final long NOT_BELOW_8 = 0xf8f8f8f8f8f8f8f8L;
    /** ... and, added to lanes below 8, carries into bit 3 exactly for 6 and 7: so 0–5, allele 0, 1 or missing. */
    private static final long SIX_OR_SEVEN = 0x0202020202020202L;
    private static final long BIT_3 = 0x0808080808080808L;
    /** Bit 2 of a lane below 6 is set for 4 and 5: allele 1, phased or not. */
    private static final long ALLELE_1 = 0x0101010101010101L;
    private static final byte END_OF_VECTOR = Byte.MIN_VALUE + 1;
    private static final RefCallScan8 REF_RUNS = RefCallScan8.best();

    private final int[] selected;
    /**
     * Row index of each file sample (-1 when not selected), when the selection is large and without repeats enough
     * for a file-order scan to be the cheaper walk; else null.
     */
    private final int[] rowOfFileSample;
    private final int headerSamples;
    private final int gtKey;
    private final int width;
    private final byte[] scratch;
    private final BcfRecordDecoder full;
    private final BcfCursor cursor = new BcfCursor();
    /** Where the current decode lists its carriers, or null when it writes its row densely. */
    private CarrierList carriers;
    private long fallbacks;

    BcfGenotypeDecoder(Path file, BcfHeader header, int[] selected, boolean skipUnsupported) {
        this.selected = selected.clone();
        this.headerSamples = header.vcf().samples().size();
        this.rowOfFileSample = fileOrder(selected, headerSamples);
        this.gtKey = header.string("GT");
        this.width = selected.length * BatchBuilder.PLOIDY;
        this.scratch = new byte[width];
        this.full = new BcfRecordDecoder(file, header, new VariantRequest(selected, List.of(), List.of()),
                skipUnsupported);
    }

    /** Whether records must be read with their per-sample part. */
    boolean needsSamples() {
        return selected.length > 0;
    }

    /** Records handed to the record decoder so far. */
    long fallbacks() {
        return fallbacks;
    }

    /** As {@code GenotypeLineDecoder.decode}: asks {@code place} where the record's row goes, negative to drop. */
    void decode(BcfRecord r, byte[] out, IntUnaryOperator place) {
        decode(r, out, place, null);
    }

    /**
     * As {@link #decode(BcfRecord, byte[], IntUnaryOperator)}, listing the row's carriers in {@code list} instead
     * of writing the row, when {@code list} is not null (started by the caller); a fallback to the record decoder
     * writes the row and invalidates the list.
     */
    void decode(BcfRecord r, byte[] out, IntUnaryOperator place, CarrierList list) {
        carriers = list;
        try {
            decodeRow(r, out, place);
        } finally {
            carriers = null;
        }
    }

    private void decodeRow(BcfRecord r, byte[] out, IntUnaryOperator place) {
        if (r.pos < 0 || r.kind() != AlleleKind.SUPPORTED) {
            invalidate();
            whole(r, out, place);
            return;
        }
        int offset = place.applyAsInt(r.pos);
        byte[] row = offset >= 0 ? out : scratch;
        int base = Math.max(offset, 0);
        if (carriers == null) {
            Arrays.fill(row, base, base + width, (byte) 0);
        }
        if (selected.length == 0 || r.nFormat == 0) {
            return;
        }
        boolean decoded;
        try {
            decoded = r.nSample == headerSamples && samples(r, row, base);
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            decoded = false; // the record decoder raises the error the full path raises
        }
        if (!decoded) {
            invalidate();
            Arrays.fill(row, base, base + width, (byte) 0);
            row(r, row, base);
        }
    }

    private void invalidate() {
        if (carriers != null) {
            carriers.invalidate();
        }
    }

    /** Marks slot {@code slot} of the row at {@code base} as carrying the ALT: in the row, or in the list. */
    private void mark(byte[] row, int base, int slot) {
        if (carriers != null) {
            carriers.add(slot);
        } else {
            row[base + slot] = 1;
        }
    }

    private boolean samples(BcfRecord r, byte[] row, int base) {
        cursor.reset(r.buf, r.sharedLength);
        boolean ok = true;
        for (int f = 0; f < r.nFormat; f++) {
            int key = cursor.nextInt();
            cursor.next(); // descriptor: count is per sample
            cursor.at = cursor.data;
            int data = cursor.data;
            cursor.skipElements((long) cursor.count * r.nSample);
            if (key == gtKey && ok) {
                ok = cursor.type == BcfCursor.INT8 && cursor.count == 2 ? diploid8(r.buf, data, row, base)
                        : general(data, row, base);
            }
        }
        return ok;
    }

    /** The row index of each file sample for a selection of at least a quarter of them without repeats, else null. */
    private static int[] fileOrder(int[] selected, int samples) {
        if ((long) selected.length * 4 < samples) {
            return null;
        }
        int[] rowOf = new int[samples];
        Arrays.fill(rowOf, -1);
        for (int o = 0; o < selected.length; o++) {
            int s = selected[o];
            if (s < 0 || s >= samples || rowOf[s] >= 0) {
                return null; // out of range (the record decoder names it) or repeated: sample by sample
            }
            rowOf[s] = o;
        }
        return rowOf;
    }

    /** 8-bit diploid GT, the shape bcftools writes for VCF calls. */
    private boolean diploid8(byte[] buf, int data, byte[] row, int base) {
        int[] rowOf = rowOfFileSample;
        if (rowOf == null) {
            for (int o = 0; o < selected.length; o++) {
                if (!call8(buf, data + 2 * selected[o], row, base, 2 * o)) {
                    return false;
                }
            }
            return true;
        }
        int n = headerSamples;
        int s = 0;
        int retryAt = 0; // where runs of REF calls are next looked for (a block past the last miss)
        while (s < n) {
            if (s >= retryAt) {
                int run = REF_RUNS.refRun(buf, data + 2 * s, data + 2 * n);
                if (run > 0) {
                    s += run >>> 1; // two bytes a call
                    continue;
                }
                retryAt = s + REF_RUNS.block() / 2;
            }
            if (s + 4 <= n) { // four calls of alleles 0, 1 or missing in one word, their ALTs from one bit a lane
                long w = ByteWords.at(buf, data + 2 * s);
                if (((w & NOT_BELOW_8) | ((w + SIX_OR_SEVEN) & BIT_3)) == 0) {
                    for (long alt = (w >>> 2) & ALLELE_1; alt != 0; alt &= alt - 1) {
                        int lane = Long.numberOfTrailingZeros(alt) >>> 3;
                        int o = rowOf[s + (lane >>> 1)];
                        if (o >= 0) {
                            mark(row, base, 2 * o + (lane & 1));
                        }
                    }
                    s += 4;
                    continue;
                }
            }
            int stop = Math.min(n, s + 4);
            for (; s < stop; s++) {
                int o = rowOf[s];
                if (o >= 0 && !call8(buf, data + 2 * s, row, base, 2 * o)) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean call8(byte[] buf, int at, byte[] row, int base, int slot) {
        for (int p = 0; p < 2; p++) {
            byte v = buf[at + p];
            if (v == END_OF_VECTOR) {
                return true;
            }
            int allele = (v >> 1) - 1;
            if (allele > 1) {
                return false;
            }
            if (allele == 1) {
                mark(row, base, slot + p);
            }
        }
        return true;
    }

    /** Any integer width and ploidy, element by element. */
    private boolean general(int data, byte[] row, int base) {
        int type = cursor.type;
        int n = cursor.count;
        int size = BcfCursor.size(type);
        for (int o = 0; o < selected.length; o++) {
            int at = data + selected[o] * n * size;
            for (int p = 0; p < n; p++) {
                int v = cursor.rawInt(type, at + p * size);
                if (BcfCursor.isEnd(type, v)) {
                    break;
                }
                int allele = (v >> 1) - 1;
                if (allele > 1 || p >= BatchBuilder.PLOIDY) {
                    return false;
                }
                if (allele == 1) {
                    mark(row, base, o * BatchBuilder.PLOIDY + p);
                }
            }
        }
        return true;
    }

    private void whole(BcfRecord r, byte[] out, IntUnaryOperator place) {
        BatchBuilder one = decodeFully(r);
        if (one.size() == 0) {
            return;
        }
        int offset = place.applyAsInt(one.position(0));
        if (offset >= 0) {
            one.copyGenotypeRow(0, out, offset, width);
        }
    }

    private void row(BcfRecord r, byte[] row, int base) {
        BatchBuilder one = decodeFully(r);
        if (one.size() != 1) {
            throw new IllegalStateException("the record decoder skipped a record the genotype decoder kept");
        }
        one.copyGenotypeRow(0, row, base, width);
    }

    private BatchBuilder decodeFully(BcfRecord r) {
        fallbacks++;
        BatchBuilder one = new BatchBuilder(selected.length, List.of(), List.of());
        full.decode(r, one);
        return one;
    }
}
