package io.gvl.io.internal.pgen;

import io.gvl.io.InputFormatException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The variant table of a PGEN fileset in record order (the {@code .pvar} of PLINK 2's file format documentation): a {@code .pvar} or {@code .pvar.zst} with
 * optional {@code ##} lines and a {@code #CHROM} header naming the columns, or a header-less PLINK 1 {@code .bim}.
 * Reading refuses what a GVL dataset cannot take, each with the line and the fix: multiallelic records (an ALT with
 * a comma), and records out of order (a contig that reappears, or a position below the one before it).
 */
public final class PvarFile {
    private static final String SPLIT_FIX = "split multiallelic records into biallelic ones and re-import: bcftools"
            + " norm -m- IN.vcf -Oz -o SPLIT.vcf.gz, then plink2 --vcf SPLIT.vcf.gz --make-pgen --out PREFIX (or, with"
            + " plink2 2.00a4 or newer, plink2 --pfile PREFIX --make-pgen multiallelics=- --out SPLIT).";

    public final String[] chrom;
    public final long[] pos;
    public final String[] id;
    public final String[] ref;
    public final String[] alt;
    /** Contig IDs of the {@code ##contig} lines, in header order. */
    public final List<String> declaredContigs;
    /** INFO keys of the {@code ##INFO} lines with their declared Type. */
    public final Map<String, String> declaredInfo;

    private PvarFile(String[] chrom, long[] pos, String[] id, String[] ref, String[] alt, List<String> declaredContigs,
                     Map<String, String> declaredInfo) {
        this.chrom = chrom;
        this.pos = pos;
        this.id = id;
        this.ref = ref;
        this.alt = alt;
        this.declaredContigs = List.copyOf(declaredContigs);
        this.declaredInfo = Collections.unmodifiableMap(declaredInfo);
    }

    public int size() {
        return chrom.length;
    }

    public static PvarFile read(Path pvar) {
        List<String> chrom = new ArrayList<>();
        long[] pos = new long[1024];
        List<String> id = new ArrayList<>();
        List<String> ref = new ArrayList<>();
        List<String> alt = new ArrayList<>();
        Set<String> finished = new HashSet<>();
        List<String> contigs = new ArrayList<>();
        Map<String, String> info = new LinkedHashMap<>();
        try (TextTable t = TextTable.open(pvar)) {
            Columns cols = null;
            String current = null;
            for (String line = t.next(); line != null; line = t.next()) {
                if (cols == null && line.startsWith("##")) {
                    meta(line, contigs, info);
                    continue;
                }
                if (line.isBlank()) {
                    continue;
                }
                if (cols == null) {
                    cols = line.startsWith("#") ? Columns.header(pvar, t.lineNumber(), line) : Columns.bim(line);
                    if (line.startsWith("#")) {
                        continue;
                    }
                }
                String[] f = TextTable.fields(line, cols.max + 1);
                int record = chrom.size();
                if (f.length <= cols.max) {
                    throw new InputFormatException(pvar, where(t, record), "has " + f.length + " fields but needs"
                            + " at least " + (cols.max + 1) + ".", "give CHROM, POS, ID, REF and ALT on every line.");
                }
                String c = f[cols.chrom];
                long p = position(pvar, t, record, f[cols.pos]);
                if (!c.equals(current)) {
                    if (current != null) {
                        finished.add(current);
                    }
                    if (finished.contains(c)) {
                        throw new InputFormatException(pvar, where(t, record) + " " + c + ":" + p, "is on contig "
                                + c + ", which appeared before another contig: the records are not sorted.",
                                "sort the fileset: plink2 --pfile PREFIX --sort-vars --make-pgen --out SORTED.");
                    }
                    current = c;
                } else if (p < pos[record - 1]) {
                    throw new InputFormatException(pvar, where(t, record) + " " + c + ":" + p, "has a position"
                            + " below the previous record's (" + pos[record - 1] + "): the records are not sorted.",
                            "sort the fileset: plink2 --pfile PREFIX --sort-vars --make-pgen --out SORTED.");
                }
                String a = f[cols.alt];
                if (a.indexOf(',') >= 0) {
                    throw new InputFormatException(pvar, where(t, record) + " " + c + ":" + p, "is multiallelic"
                            + " (ALT " + a + "); GVL datasets take biallelic records only.", SPLIT_FIX);
                }
                if (record == pos.length) {
                    pos = Arrays.copyOf(pos, pos.length * 2);
                }
                chrom.add(current);
                pos[record] = p;
                id.add(f[cols.id]);
                ref.add(f[cols.ref]);
                alt.add(a);
            }
        }
        int n = chrom.size();
        return new PvarFile(chrom.toArray(String[]::new), Arrays.copyOf(pos, n), id.toArray(String[]::new),
                ref.toArray(String[]::new), alt.toArray(String[]::new), contigs, info);
    }

    private static final Pattern META_ID = Pattern.compile("^##(contig|INFO)=<ID=([^,>]+)");
    private static final Pattern META_TYPE = Pattern.compile("[<,]Type=([A-Za-z]+)");

    private static void meta(String line, List<String> contigs, Map<String, String> info) {
        Matcher m = META_ID.matcher(line);
        if (!m.find()) {
            return;
        }
        if (m.group(1).equals("contig")) {
            contigs.add(m.group(2));
        } else {
            Matcher type = META_TYPE.matcher(line);
            info.put(m.group(2), type.find() ? type.group(1) : "String");
        }
    }

    /**
     * The value of INFO {@code key} per record, read again from {@code pvar} (INFO strings are not kept in memory):
     * the first comma-separated number, 1 for a flag that is present, NaN when absent, {@code .} or not a number.
     * All NaN when the file has no INFO column.
     */
    public static float[] infoValues(Path pvar, String key, int records) {
        float[] out = new float[records];
        Arrays.fill(out, Float.NaN);
        try (TextTable t = TextTable.open(pvar)) {
            int column = -1;
            int record = 0;
            for (String line = t.next(); line != null; line = t.next()) {
                if (line.startsWith("##") || line.isBlank()) {
                    continue;
                }
                if (line.startsWith("#")) {
                    column = List.of(TextTable.fields(line.substring(1))).indexOf("INFO");
                    continue;
                }
                if (column < 0) {
                    return out;
                }
                if (record < records) {
                    String info = TextTable.field(line, column);
                    out[record] = info != null ? infoNumber(info, key) : Float.NaN;
                }
                record++;
            }
        }
        return out;
    }

    /** The value of {@code key} in an INFO string ({@code K=V;FLAG;...}), scanned in place without splitting. */
    private static float infoNumber(String info, String key) {
        int n = info.length();
        int at = 0;
        while (at < n) {
            int semi = info.indexOf(';', at);
            int end = semi < 0 ? n : semi;
            if (info.startsWith(key, at)) {
                int after = at + key.length();
                if (after == end) {
                    return 1f;
                }
                if (after < end && info.charAt(after) == '=') {
                    return number(info, after + 1, end);
                }
            }
            at = end + 1;
        }
        return Float.NaN;
    }

    /** The first comma-separated value of {@code info[from, end)} as a number; NaN when empty, {@code .} or not one. */
    private static float number(String info, int from, int end) {
        int comma = info.indexOf(',', from);
        String v = info.substring(from, comma >= 0 && comma < end ? comma : end);
        if (v.isEmpty() || v.equals(".")) {
            return Float.NaN;
        }
        try {
            return Float.parseFloat(v);
        } catch (NumberFormatException e) {
            return Float.NaN;
        }
    }

    /** The line and record of a message, built only when one is thrown. */
    private static String where(TextTable t, int record) {
        return "line " + t.lineNumber() + " (record " + record + ")";
    }

    private static long position(Path pvar, TextTable t, int record, String field) {
        try {
            long p = Long.parseLong(field);
            if (p >= 0 && p <= Integer.MAX_VALUE) {
                return p;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputFormatException(pvar, where(t, record), "has POS '" + field + "', not a position from 0"
                + " to 2^31-1.", "give 1-based integer positions in the POS column.");
    }

    /** Column positions of the fields the reader uses. */
    private record Columns(int chrom, int pos, int id, int ref, int alt, int max) {
        static Columns of(int chrom, int pos, int id, int ref, int alt) {
            return new Columns(chrom, pos, id, ref, alt, Math.max(Math.max(chrom, pos), Math.max(id, Math.max(ref, alt))));
        }

        static Columns header(Path pvar, int lineNumber, String line) {
            List<String> names = List.of(TextTable.fields(line.substring(1)));
            if (names.isEmpty() || !names.getFirst().equals("CHROM")) {
                throw new InputFormatException(pvar, "line " + lineNumber, "is a header line that does not start with"
                        + " #CHROM.", "end the header with a #CHROM line naming the columns (POS, ID, REF, ALT ...).");
            }
            int[] at = new int[4];
            String[] need = {"POS", "ID", "REF", "ALT"};
            for (int k = 0; k < need.length; k++) {
                at[k] = names.indexOf(need[k]);
                if (at[k] < 0) {
                    throw new InputFormatException(pvar, "line " + lineNumber, "has no " + need[k] + " column.",
                            "name the columns #CHROM, POS, ID, REF and ALT as plink2 writes them.");
                }
            }
            return of(0, at[0], at[1], at[2], at[3]);
        }

        /** PLINK 1 {@code .bim}: CHROM ID CM POS ALT REF, or CHROM ID POS ALT REF without CM. */
        static Columns bim(String firstLine) {
            return TextTable.fields(firstLine).length >= 6 ? of(0, 3, 1, 5, 4) : of(0, 2, 1, 4, 3);
        }
    }
}
