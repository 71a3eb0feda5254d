package io.gvl.io.internal.vcf;

import java.nio.charset.StandardCharsets;

/**
 * The reference span of a VCF record line given as bytes, as {@link IndexedTextSource} filters records: 0-based
 * {@code [begin, end)} from POS and the REF length, or INFO/END when present. Reads ASCII bytes directly; a line
 * with other bytes in its first eight columns is decoded and read as text, so both give the same answer. Reused
 * line after line by one source.
 */
final class RecordSpan {
    long begin;
    long end;

    /** Whether the line's CHROM column is {@code name} (UTF-8 bytes). */
    static boolean ofContig(byte[] line, int length, byte[] name) {
        if (length <= name.length || line[name.length] != '\t') {
            return false;
        }
        for (int i = 0; i < name.length; i++) {
            if (line[i] != name[i]) {
                return false;
            }
        }
        return true;
    }

    /** Reads the span of a record whose CHROM column ends at byte {@code t1}; false when it cannot be read. */
    boolean read(byte[] line, int length, int t1) {
        int t2 = tab(line, t1 + 1, length);
        int t3 = t2 < 0 ? -1 : tab(line, t2 + 1, length);
        int t4 = t3 < 0 ? -1 : tab(line, t3 + 1, length);
        int t5 = t4 < 0 ? -1 : tab(line, t4 + 1, length);
        int t6 = t5 < 0 ? -1 : tab(line, t5 + 1, length);
        int t7 = t6 < 0 ? -1 : tab(line, t6 + 1, length);
        int stop = t7 < 0 ? -1 : tab(line, t7 + 1, length);
        int prefix = t7 < 0 ? length : stop < 0 ? length : stop;
        for (int i = 0; i < prefix; i++) {
            if (line[i] < 0) {
                return readText(new String(line, 0, length, StandardCharsets.UTF_8));
            }
        }
        if (t4 < 0) {
            return false;
        }
        long pos = parse(line, t1 + 1, t2);
        if (pos == Long.MIN_VALUE) {
            return false;
        }
        begin = pos - 1;
        end = begin + Math.max(1, t4 - t3 - 1);
        long infoEnd = t7 < 0 ? -1 : infoEnd(line, t7 + 1, stop < 0 ? length : stop);
        if (infoEnd > 0) {
            end = infoEnd;
        }
        return true;
    }

    private boolean readText(String line) {
        int t1 = line.indexOf('\t');
        long[] span = IndexedTextSource.span(line, t1);
        if (span == null) {
            return false;
        }
        begin = span[0];
        end = span[1];
        return true;
    }

    private static int tab(byte[] line, int from, int length) {
        for (int i = from; i < length; i++) {
            if (line[i] == '\t') {
                return i;
            }
        }
        return -1;
    }

    /** {@link Long#parseLong} of ASCII {@code [from, to)}; {@link Long#MIN_VALUE} where it would throw. */
    private static long parse(byte[] line, int from, int to) {
        if (to - from > 18) {
            try {
                return Long.parseLong(new String(line, from, to - from, StandardCharsets.US_ASCII));
            } catch (NumberFormatException e) {
                return Long.MIN_VALUE;
            }
        }
        int i = from;
        boolean negative = false;
        if (i < to && (line[i] == '-' || line[i] == '+')) {
            negative = line[i] == '-';
            i++;
        }
        if (i == to) {
            return Long.MIN_VALUE;
        }
        long v = 0;
        for (; i < to; i++) {
            int d = line[i] - '0';
            if (d < 0 || d > 9) {
                return Long.MIN_VALUE;
            }
            v = v * 10 + d;
        }
        return negative ? -v : v;
    }

    /** The INFO/END value in the INFO column {@code [from, stop)}, or -1 when it has none. */
    private static long infoEnd(byte[] line, int from, int stop) {
        int at = -1;
        if (startsWith(line, from, stop, "END=")) {
            at = from;
        } else {
            for (int i = from; i < stop; i++) {
                if (line[i] == ';' && startsWith(line, i + 1, stop, "END=")) {
                    at = i;
                    break;
                }
            }
        }
        if (at < 0) {
            return -1;
        }
        int value = line[at] == ';' ? at + 5 : at + 4;
        int to = value;
        while (to < stop && line[to] >= '0' && line[to] <= '9') {
            to++;
        }
        return to == value || to - value > 18 ? -1 : parse(line, value, to);
    }

    private static boolean startsWith(byte[] line, int from, int stop, String s) {
        if (stop - from < s.length()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (line[from + i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
