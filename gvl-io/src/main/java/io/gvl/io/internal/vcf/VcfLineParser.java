package io.gvl.io.internal.vcf;

import io.gvl.io.InputFormatException;
import it.unimi.dsi.fastutil.floats.FloatArrayList;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes one VCF text record into a {@link BatchBuilder}, touching only what was asked for: POS, REF, ALT,
 * the GT of selected samples and the requested FORMAT/INFO keys. Genotypes are parsed straight from the
 * text (no htsjdk {@code Genotype} objects): alleles split on {@code |} or {@code /} in file order, {@code .}
 * is REF, only allele 1 counts as carried. One parser per query; not shared between threads.
 */
public final class VcfLineParser {
    private final Path file;
    private final List<String> sampleNames;
    private final int[] outIndexOfFileSample;
    private final int lastSelected;
    private final List<String> formatKeys;
    private final List<String> infoKeys;
    private final boolean skipUnsupported;
    private final int[] tabs = new int[9];
    private final byte[] missingGenotypes;
    private final float[] missingValues;

    private String lastFormat;
    private int gtIndex;
    private int[] formatIndex;
    private long skipped;
    private long unsupported;

    public VcfLineParser(Path file, List<String> sampleNames, int[] selected, List<String> formatKeys,
            List<String> infoKeys, boolean skipUnsupported) {
        this.file = file;
        this.sampleNames = sampleNames;
        this.outIndexOfFileSample = new int[sampleNames.size()];
        Arrays.fill(outIndexOfFileSample, -1);
        int last = -1;
        for (int i = 0; i < selected.length; i++) {
            outIndexOfFileSample[selected[i]] = i;
            last = Math.max(last, selected[i]);
        }
        this.lastSelected = last;
        this.missingGenotypes = new byte[selected.length * BatchBuilder.PLOIDY];
        this.missingValues = new float[selected.length];
        Arrays.fill(missingValues, Float.NaN);
        this.formatKeys = formatKeys;
        this.infoKeys = infoKeys;
        this.skipUnsupported = skipUnsupported;
    }

    /** Records skipped because they were unsupported (with skipping on) or had no ALT. */
    public long skipped() {
        return skipped;
    }

    /** Unsupported records skipped (with skipping on): multiallelic, symbolic or breakend. */
    public long unsupported() {
        return unsupported;
    }

    /** Appends {@code line} to {@code out} unless it is skipped. */
    public void parse(String line, BatchBuilder out) {
        int nTabs = 0;
        for (int i = 0; i < line.length() && nTabs < 9; i++) {
            if (line.charAt(i) == '\t') {
                tabs[nTabs++] = i;
            }
        }
        if (nTabs < 7) {
            throw new InputFormatException(file, "record starting '" + abbreviate(line) + "'", "only " + (nTabs + 1)
                    + " columns; a VCF record needs at least 8.", "check that the file is tab-separated VCF.");
        }
        String pos = line.substring(tabs[0] + 1, tabs[1]);
        int position = parsePosition(line, pos);
        String ref = line.substring(tabs[2] + 1, tabs[3]);
        String alt = line.substring(tabs[3] + 1, tabs[4]);
        AlleleKind kind = AlleleKind.of(alt);
        if (kind != AlleleKind.SUPPORTED) {
            if (kind == AlleleKind.NO_ALT || skipUnsupported) {
                skipped++;
                if (kind != AlleleKind.NO_ALT) {
                    unsupported++;
                }
                return;
            }
            throw RecordErrors.unsupported(file, line.substring(0, tabs[0]), pos, ref, alt, kind);
        }
        out.positions.add(position - 1);
        out.ref.appendAscii(ref);
        out.refOffsets.add(out.ref.size());
        out.alt.appendAscii(alt);
        out.altOffsets.add(out.alt.size());
        int infoEnd = nTabs > 7 ? tabs[7] : line.length();
        for (int k = 0; k < infoKeys.size(); k++) {
            out.info[k].add(infoValue(line, tabs[6] + 1, infoEnd, infoKeys.get(k)));
        }
        if (lastSelected >= 0 || !formatKeys.isEmpty()) {
            parseSamples(line, nTabs, position, out);
        }
    }

    private int parsePosition(String line, String pos) {
        try {
            int p = Integer.parseInt(pos);
            if (p < 1) {
                throw new NumberFormatException("POS must be >= 1");
            }
            return p;
        } catch (NumberFormatException e) {
            throw new InputFormatException(file, "record " + line.substring(0, tabs[0]) + ":" + pos, "POS '" + pos
                    + "' is not a positive integer.", "fix the POS column (1-based).", e);
        }
    }

    private void parseSamples(String line, int nTabs, int position, BatchBuilder out) {
        int nSelected = out.genotypes.size();
        int samplesOut = missingGenotypes.length / BatchBuilder.PLOIDY;
        out.genotypes.append(missingGenotypes);
        for (FloatArrayList list : out.format) {
            list.addElements(list.size(), missingValues);
        }
        if (nTabs < 9 || lastSelected < 0) {
            return;
        }
        String format = line.substring(tabs[7] + 1, tabs[8]);
        if (!format.equals(lastFormat)) {
            indexFormat(format);
        }
        int start = tabs[8] + 1;
        for (int s = 0; s <= lastSelected; s++) {
            if (start > line.length()) {
                throw new InputFormatException(file, "record " + line.substring(0, tabs[0]) + ":" + position,
                        "has fewer sample columns than the header's " + sampleNames.size() + " samples.",
                        "repair the record or re-create the VCF with bcftools.");
            }
            int end = line.indexOf('\t', start);
            if (end < 0) {
                end = line.length();
            }
            int o = outIndexOfFileSample[s];
            if (o >= 0) {
                if (gtIndex >= 0) {
                    parseGenotype(line, start, end, o, nSelected, position, s, out);
                }
                for (int k = 0; k < formatKeys.size(); k++) {
                    if (formatIndex[k] >= 0) {
                        out.format[k].set(out.format[k].size() - samplesOut + o,
                                number(line, subfield(line, start, end, formatIndex[k]), end, ':'));
                    }
                }
            }
            start = end + 1;
        }
    }

    private void indexFormat(String format) {
        List<String> keys = Arrays.asList(format.split(":"));
        gtIndex = keys.indexOf("GT");
        formatIndex = new int[formatKeys.size()];
        for (int k = 0; k < formatIndex.length; k++) {
            formatIndex[k] = keys.indexOf(formatKeys.get(k));
        }
        lastFormat = format;
    }

    private void parseGenotype(String line, int start, int end, int outSample, int base, int position, int fileSample,
            BatchBuilder out) {
        int i = subfield(line, start, end, gtIndex);
        int ploid = 0;
        while (i >= 0 && i < end && line.charAt(i) != ':') {
            char c = line.charAt(i);
            int allele;
            if (c == '.') {
                allele = 0;
                i++;
            } else if (c >= '0' && c <= '9') {
                allele = 0;
                while (i < end && line.charAt(i) >= '0' && line.charAt(i) <= '9') {
                    allele = allele * 10 + (line.charAt(i) - '0');
                    i++;
                }
                if (allele > 1) {
                    throw badGt(line, start, end, position, fileSample, "allele " + allele
                            + " does not exist in a biallelic record");
                }
            } else {
                throw badGt(line, start, end, position, fileSample, "unexpected character '" + c + "'");
            }
            if (ploid >= BatchBuilder.PLOIDY) {
                throw badGt(line, start, end, position, fileSample, "more than " + BatchBuilder.PLOIDY
                        + " alleles, but genotypes are stored diploid (an allele would be lost)");
            }
            out.genotypes.set(base + outSample * BatchBuilder.PLOIDY + ploid, (byte) allele);
            ploid++;
            if (i < end && line.charAt(i) != ':') {
                char sep = line.charAt(i);
                if (sep != '|' && sep != '/') {
                    throw badGt(line, start, end, position, fileSample, "unexpected separator '" + sep + "'");
                }
                i++;
                if (i >= end || line.charAt(i) == ':') {
                    throw badGt(line, start, end, position, fileSample, "ends after a separator");
                }
            }
        }
    }

    private InputFormatException badGt(String line, int start, int end, int position, int fileSample, String why) {
        return RecordErrors.badGenotype(file, line.substring(0, tabs[0]), position, sampleNames.get(fileSample),
                line.substring(start, end), why);
    }

    /** Start index of the {@code k}-th ':'-separated subfield in {@code [start, end)}, or -1 when absent. */
    private static int subfield(String line, int start, int end, int k) {
        int i = start;
        for (int n = 0; n < k; n++) {
            int c = line.indexOf(':', i);
            if (c < 0 || c >= end) {
                return -1;
            }
            i = c + 1;
        }
        return i < end || k == 0 ? i : -1;
    }

    private static float infoValue(String line, int start, int end, String key) {
        int i = start;
        while (i < end) {
            int semi = line.indexOf(';', i);
            int stop = semi < 0 || semi > end ? end : semi;
            if (line.startsWith(key, i)) {
                int after = i + key.length();
                if (after == stop) {
                    return 1f;
                }
                if (line.charAt(after) == '=') {
                    return number(line, after + 1, stop, ';');
                }
            }
            i = stop + 1;
        }
        return Float.NaN;
    }

    /** The first comma-separated number in {@code [from, limit)} stopping at {@code stop}; NaN when missing. */
    private static float number(String line, int from, int limit, char stop) {
        if (from < 0 || from >= limit) {
            return Float.NaN;
        }
        int to = from;
        while (to < limit && line.charAt(to) != stop && line.charAt(to) != ',') {
            to++;
        }
        if (to == from || (to == from + 1 && line.charAt(from) == '.')) {
            return Float.NaN;
        }
        try {
            return Float.parseFloat(line.substring(from, to));
        } catch (NumberFormatException e) {
            return Float.NaN;
        }
    }

    private static String abbreviate(String line) {
        return line.length() > 40 ? line.substring(0, 40) + "..." : line;
    }
}
