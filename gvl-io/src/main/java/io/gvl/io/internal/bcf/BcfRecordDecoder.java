package io.gvl.io.internal.bcf;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.vcf.AlleleKind;
import io.gvl.io.internal.vcf.BatchBuilder;
import io.gvl.io.internal.vcf.RecordErrors;
import io.gvl.io.variant.VariantRequest;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Appends one BCF record to a {@link BatchBuilder} with the text parser's rules: alleles and position always, the
 * GT of selected samples as "carries allele 1", requested FORMAT/INFO keys as the first value. Other INFO and FORMAT
 * values are stepped over by their typed lengths, never decoded. One decoder per query; not shared between threads.
 */
final class BcfRecordDecoder {
    private final Path file;
    private final BcfHeader header;
    private final int[] selected;
    private final boolean skipUnsupported;
    private final int gtKey;
    private final int[] formatKeys;
    private final int[] infoKeys;
    private final float[] infoValues;
    private final BcfCursor cursor = new BcfCursor();
    private long unsupported;

    BcfRecordDecoder(Path file, BcfHeader header, VariantRequest request, boolean skipUnsupported) {
        this.file = file;
        this.header = header;
        this.selected = request.sampleIndexes();
        this.skipUnsupported = skipUnsupported;
        this.gtKey = header.string("GT");
        this.formatKeys = keys(header, request.formatFields());
        this.infoKeys = keys(header, request.infoFields());
        this.infoValues = new float[infoKeys.length];
    }

    private static int[] keys(BcfHeader header, List<String> names) {
        return names.stream().mapToInt(header::string).toArray();
    }

    /** Unsupported records skipped (with skipping on). */
    long unsupported() {
        return unsupported;
    }

    /** Whether records must be read with their per-sample part. */
    boolean needsSamples() {
        return selected.length > 0 || formatKeys.length > 0;
    }

    void decode(BcfRecord r, BatchBuilder out) {
        AlleleKind kind = r.kind();
        if (kind != AlleleKind.SUPPORTED) {
            if (kind == AlleleKind.NO_ALT || skipUnsupported) {
                if (kind != AlleleKind.NO_ALT) {
                    unsupported++;
                }
                return;
            }
            throw RecordErrors.unsupported(file, contig(r), String.valueOf(r.pos + 1L), r.allele(0), r.altText(), kind);
        }
        if (r.pos < 0) {
            throw new InputFormatException(file, "record " + contig(r) + ":" + (r.pos + 1L), "POS is not positive.",
                    "fix the POS column (1-based) and re-create the BCF.");
        }
        out.addSite(r.pos, r.buf, r.alleleFrom[0], r.alleleLength[0], r.alleleFrom[1], r.alleleLength[1]);
        if (infoKeys.length > 0) {
            decodeInfo(r, out);
        }
        int row = out.addSampleRow();
        if (needsSamples()) {
            decodeSamples(r, out, row);
        }
    }

    private void decodeInfo(BcfRecord r, BatchBuilder out) {
        Arrays.fill(infoValues, Float.NaN);
        cursor.reset(r.buf, r.infoStart);
        for (int i = 0; i < r.nInfo; i++) {
            int key = cursor.nextInt();
            cursor.next();
            for (int k = 0; k < infoKeys.length; k++) {
                if (infoKeys[k] == key) {
                    infoValues[k] = cursor.floatAt(0);
                }
            }
        }
        for (int k = 0; k < infoKeys.length; k++) {
            out.addInfo(k, infoValues[k]);
        }
    }

    private void decodeSamples(BcfRecord r, BatchBuilder out, int row) {
        if (r.nFormat == 0) {
            return;
        }
        if (r.nSample != header.vcf().samples().size()) {
            throw new InputFormatException(file, "record " + contig(r) + ":" + (r.pos + 1L), "has " + r.nSample
                    + " samples but the header names " + header.vcf().samples().size() + ".",
                    "re-create the BCF with bcftools.");
        }
        cursor.reset(r.buf, r.sharedLength);
        for (int f = 0; f < r.nFormat; f++) {
            int key = cursor.nextInt();
            cursor.next(); // descriptor: count is per sample
            cursor.at = cursor.data;
            int data = cursor.data;
            cursor.skipElements((long) cursor.count * r.nSample);
            if (key == gtKey && selected.length > 0) {
                decodeGenotypes(r, out, row, data);
            }
            for (int k = 0; k < formatKeys.length; k++) {
                if (formatKeys[k] == key) {
                    for (int o = 0; o < selected.length; o++) {
                        out.setFormat(k, o, key == gtKey ? gtAsNumber(data, selected[o])
                                : cursor.sampleFloat(selected[o]));
                    }
                }
            }
        }
    }

    /** GT elements are {@code (allele + 1) << 1 | phased}; 0 or negative is missing, and EOV ends a short call. */
    private void decodeGenotypes(BcfRecord r, BatchBuilder out, int row, int data) {
        int type = cursor.type;
        int n = cursor.count;
        int size = BcfCursor.size(type);
        for (int o = 0; o < selected.length; o++) {
            int base = data + selected[o] * n * size;
            for (int p = 0; p < n; p++) {
                int v = cursor.rawInt(type, base + p * size);
                if (BcfCursor.isEnd(type, v)) {
                    break;
                }
                int allele = (v >> 1) - 1;
                if (allele > 1) {
                    throw RecordErrors.badGenotype(file, contig(r), r.pos + 1, header.vcf().samples().get(selected[o]),
                            gtText(type, base, n, size), "allele " + allele + " does not exist in a biallelic record");
                }
                if (p >= BatchBuilder.PLOIDY) {
                    throw RecordErrors.badGenotype(file, contig(r), r.pos + 1, header.vcf().samples().get(selected[o]),
                            gtText(type, base, n, size), "more than " + BatchBuilder.PLOIDY + " alleles, but genotypes"
                            + " are stored diploid (an allele would be lost)");
                }
                if (allele == 1) {
                    out.carry(row, o, p);
                }
            }
        }
    }

    /** GT requested as a number reads as its VCF text would: a lone allele parses, {@code 0|1} does not. */
    private float gtAsNumber(int data, int sample) {
        int size = BcfCursor.size(cursor.type);
        return BcfCursor.parse(gtText(cursor.type, data + sample * cursor.count * size, cursor.count, size));
    }

    private String gtText(int type, int base, int n, int size) {
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < n; p++) {
            int v = cursor.rawInt(type, base + p * size);
            if (BcfCursor.isEnd(type, v)) {
                break;
            }
            if (p > 0) {
                sb.append((v & 1) == 1 ? '|' : '/');
            }
            int allele = (v >> 1) - 1;
            sb.append(allele < 0 ? "." : String.valueOf(allele));
        }
        return sb.toString();
    }

    private String contig(BcfRecord r) {
        String name = header.contig(r.chrom);
        return name != null ? name : "contig#" + r.chrom;
    }
}
