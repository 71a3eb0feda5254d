package io.gvl.io.internal.bcf;

import io.gvl.io.internal.vcf.AlleleKind;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * One BCF record's bytes (shared part, then per-sample part) and the few shared fields every query needs: contig
 * id, 0-based position, reference length, allele byte ranges, and where INFO and FORMAT start. Everything else
 * stays undecoded. Reused record after record by one reader.
 */
final class BcfRecord {
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int FIXED = 24;

    byte[] buf = new byte[1 << 16];
    int sharedLength;
    int length;
    int chrom;
    int pos;
    int rlen;
    int nAllele;
    int nInfo;
    int nFormat;
    int nSample;
    int[] alleleFrom = new int[4];
    int[] alleleLength = new int[4];
    int infoStart;

    private final BcfCursor cursor = new BcfCursor();

    /** Makes room for a record of {@code bytes} bytes (contents are then read into {@link #buf}). */
    void ensure(int bytes) {
        if (buf.length < bytes) {
            buf = new byte[Math.max(bytes, buf.length * 2)];
        }
    }

    /** Decodes the fixed fields, ID (skipped), alleles and FILTER (skipped) of the bytes just read. */
    void decodeShared(int shared, int total) {
        sharedLength = shared;
        length = total;
        if (shared < FIXED) {
            throw new IllegalArgumentException("shared part of " + shared + " bytes is shorter than its fixed fields");
        }
        chrom = (int) I32.get(buf, 0);
        pos = (int) I32.get(buf, 4);
        rlen = (int) I32.get(buf, 8);
        int alleleInfo = (int) I32.get(buf, 16);
        nAllele = alleleInfo >>> 16;
        nInfo = alleleInfo & 0xffff;
        int formatSample = (int) I32.get(buf, 20);
        nFormat = formatSample >>> 24;
        nSample = formatSample & 0xffffff;
        if (nAllele < 1) {
            throw new IllegalArgumentException("the record has no REF allele");
        }
        if (alleleFrom.length < nAllele) {
            alleleFrom = new int[nAllele];
            alleleLength = new int[nAllele];
        }
        cursor.reset(buf, FIXED);
        cursor.next(); // ID
        for (int a = 0; a < nAllele; a++) {
            cursor.next();
            alleleFrom[a] = cursor.data;
            int n = cursor.count * BcfCursor.size(cursor.type);
            while (n > 0 && buf[cursor.data + n - 1] == 0) {
                n--;
            }
            alleleLength[a] = n;
        }
        cursor.next(); // FILTER
        infoStart = cursor.at;
        if (infoStart > shared) {
            throw new IllegalArgumentException("alleles run past the shared part");
        }
    }

    String allele(int a) {
        return new String(buf, alleleFrom[a], alleleLength[a], StandardCharsets.US_ASCII);
    }

    /** The ALT column as VCF writes it: {@code .} without alternates, comma-joined otherwise. */
    String altText() {
        if (nAllele < 2) {
            return ".";
        }
        StringBuilder sb = new StringBuilder(allele(1));
        for (int a = 2; a < nAllele; a++) {
            sb.append(',').append(allele(a));
        }
        return sb.toString();
    }

    /** GVL's classification of the record, as the text reader classifies its ALT column. */
    AlleleKind kind() {
        if (nAllele < 2) {
            return AlleleKind.NO_ALT;
        }
        if (nAllele > 2) {
            return AlleleKind.MULTIALLELIC;
        }
        for (int i = alleleFrom[1]; i < alleleFrom[1] + alleleLength[1]; i++) {
            byte b = buf[i];
            if (!((b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z'))) {
                return AlleleKind.of(allele(1));
            }
        }
        return alleleLength[1] == 0 ? AlleleKind.of(allele(1)) : AlleleKind.SUPPORTED;
    }

    /** The end of the record's reference span (0-based, exclusive), at least one base past its start. */
    long end() {
        return (long) pos + Math.max(1, rlen);
    }
}
