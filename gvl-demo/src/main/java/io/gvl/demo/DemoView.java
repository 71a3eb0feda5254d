package io.gvl.demo;

import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.Region;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import java.io.PrintWriter;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * Renders dataset outputs for {@code gvl demo} as text: a window of each haplotype around its first variant with
 * the variant bases marked, the variants listed, and the realigned coverage over the same window as a sparkline.
 * Views are plus strand so the window reads like the reference.
 */
public final class DemoView {
    static final int WIDTH = 72;
    private static final char[] BARS = "▁▂▃▄▅▆▇█".toCharArray();

    private final Dataset annotated;
    private final Dataset withTracks;
    private final Dataset reference;
    private final PrintWriter out;

    /** A renderer over {@code ds} (which must have haplotypes and the demo coverage track) printing to {@code out}. */
    public DemoView(Dataset ds, PrintWriter out) {
        this.annotated = ds.withoutTracks().withSeqs(SeqKind.ANNOTATED).withLen(OutputLength.ragged())
                .withSettings(s -> s.withRcNeg(false));
        this.withTracks = ds.withSeqs(SeqKind.HAPLOTYPES).withTracks(DemoData.TRACK).withLen(OutputLength.ragged())
                .withSettings(s -> s.withRcNeg(false));
        this.reference = ds.withoutTracks().withSeqs(SeqKind.REFERENCE).withLen(OutputLength.ragged())
                .withSettings(s -> s.withRcNeg(false));
        this.out = out;
    }

    /**
     * Up to {@code n} (region, sample) pairs on different regions whose haplotypes both carry variants, those with
     * an indel (a haplotype longer or shorter than its region) first.
     */
    public int[][] instancesWithVariants(int n) {
        List<int[]> found = new ArrayList<>();
        for (boolean wantIndel : new boolean[] {true, false}) {
            for (int r = 0; r < annotated.regionCount() && found.size() < n; r++) {
                final int region = r;
                if (found.stream().anyMatch(p -> p[0] == region)) {
                    continue;
                }
                int len = annotated.regions().get(r).length();
                for (int s = 0; s < annotated.sampleCount(); s++) {
                    Instance in = instance(r, s);
                    boolean indel = in.seq(0).length != len || in.seq(1).length != len;
                    if (in.firstVariant(0) >= 0 && in.firstVariant(1) >= 0 && (indel || !wantIndel)) {
                        found.add(new int[] {r, s});
                        break;
                    }
                }
            }
        }
        return new int[][] {found.stream().mapToInt(p -> p[0]).toArray(), found.stream().mapToInt(p -> p[1]).toArray()};
    }

    /** Prints both haplotypes of one instance around their first variant, with the variants listed. */
    public void showHaplotypes(int region, int sample) {
        Instance in = instance(region, sample);
        Region r = annotated.regions().get(region);
        out.printf(Locale.ROOT, "%nregion %d  %s:%,d-%,d (%c)  sample %s  haplotype lengths %,d / %,d bp%n", region,
                r.chrom(), r.start(), r.end(), r.strandChar(), annotated.samples().get(sample), in.seq(0).length,
                in.seq(1).length);
        for (int h = 0; h < 2; h++) {
            int from = in.windowStart(h);
            int to = Math.min(in.seq(h).length, from + WIDTH);
            int refFrom = in.refCoords(h)[from] - r.start();
            String ref = new String(in.reference(), Math.max(0, refFrom), Math.min(WIDTH,
                    in.reference().length - Math.max(0, refFrom)), StandardCharsets.US_ASCII);
            StringBuilder hap = new StringBuilder();
            StringBuilder marks = new StringBuilder();
            TreeMap<Integer, StringBuilder> variants = new TreeMap<>();
            for (int i = from; i < to; i++) {
                int v = in.varIdxs(h)[i];
                char base = (char) in.seq(h)[i];
                hap.append(v >= 0 ? Character.toLowerCase(base) : base);
                marks.append(v >= 0 ? '^' : ' ');
                if (v >= 0) {
                    variants.computeIfAbsent(v, k -> new StringBuilder()).append(base);
                }
            }
            out.printf(Locale.ROOT, "  ref   %s:%-,10d %s%n", r.chrom(), in.refCoords(h)[from] + 1, ref);
            out.printf(Locale.ROOT, "  hap%d  %s:%-,10d %s%n", h, r.chrom(), in.refCoords(h)[from] + 1, hap);
            out.printf("  %s %s%n", " ".repeat(5 + r.chrom().length() + 11), marks);
            for (var v : variants.entrySet()) {
                int at = firstIndexOf(in.varIdxs(h), v.getKey());
                int last = at;
                while (last + 1 < in.varIdxs(h).length && in.varIdxs(h)[last + 1] == v.getKey()) {
                    last++;
                }
                int pos = in.refCoords(h)[at];
                int refEnd = last + 1 < in.refCoords(h).length ? in.refCoords(h)[last + 1] : pos + 1;
                String refBases = new String(in.reference(), pos - r.start(),
                        Math.max(1, Math.min(refEnd, r.end()) - pos), StandardCharsets.US_ASCII);
                out.printf(Locale.ROOT, "        variant #%d at %s:%,d  %s -> %s on hap%d%n", v.getKey(), r.chrom(),
                        pos + 1, refBases, v.getValue(), h);
            }
        }
    }

    /** Prints the coverage realigned to both haplotypes over the same windows. */
    public void showTracks(int region, int sample) {
        Instance in = instance(region, sample);
        out.printf(Locale.ROOT, "%nregion %d  sample %s  coverage (min..max over the window; one bar per base)%n", region,
                annotated.samples().get(sample));
        try (DatasetOutput o = withTracks.get(new int[] {region}, new int[] {sample})) {
            Ragged tracks = (Ragged) o.tracks();
            for (int h = 0; h < Math.min(2, tracks.rows()); h++) {
                float[] row = tracks.row(h).toArray(ValueLayout.JAVA_FLOAT);
                int from = Math.min(in.windowStart(h), Math.max(0, row.length - 1));
                int to = Math.min(row.length, from + WIDTH);
                float min = Float.MAX_VALUE;
                float max = -Float.MAX_VALUE;
                for (int i = from; i < to; i++) {
                    min = Math.min(min, row[i]);
                    max = Math.max(max, row[i]);
                }
                StringBuilder spark = new StringBuilder();
                for (int i = from; i < to; i++) {
                    int level = max > min ? Math.round((row[i] - min) / (max - min) * (BARS.length - 1)) : 0;
                    spark.append(BARS[level]);
                }
                out.printf(Locale.ROOT, "  hap%d  %5.0f..%-5.0f %s%n", h, min, max, spark);
                out.printf(Locale.ROOT, "        first values: %s%n", values(row, from, Math.min(to, from + 12)));
            }
        }
    }

    private static String values(float[] row, int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to; i++) {
            sb.append(String.format(Locale.ROOT, "%.0f ", row[i]));
        }
        return sb.toString().strip();
    }

    private static int firstIndexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return -1;
    }

    private Instance instance(int region, int sample) {
        try (DatasetOutput o = annotated.get(new int[] {region}, new int[] {sample});
             DatasetOutput ref = reference.get(new int[] {region}, new int[] {sample})) {
            Ragged seqs = (Ragged) o.get(DatasetOutput.HAPLOTYPES);
            Ragged vars = (Ragged) o.get(DatasetOutput.VAR_IDXS);
            Ragged coords = (Ragged) o.get(DatasetOutput.REF_COORDS);
            byte[][] s = new byte[2][];
            int[][] v = new int[2][];
            int[][] c = new int[2][];
            for (int h = 0; h < 2; h++) {
                s[h] = seqs.rowBytes(h);
                v[h] = vars.row(h).toArray(ValueLayout.JAVA_INT);
                c[h] = coords.row(h).toArray(ValueLayout.JAVA_INT);
            }
            return new Instance(s, v, c, ((Ragged) ref.sequences()).rowBytes(0));
        }
    }

    /** One (region, sample): both haplotypes with their annotations, and the region's reference. */
    private record Instance(byte[][] seqs, int[][] vars, int[][] coords, byte[] reference) {
        byte[] seq(int h) {
            return seqs[h];
        }

        int[] varIdxs(int h) {
            return vars[h];
        }

        int[] refCoords(int h) {
            return coords[h];
        }

        /** Index of the first base of haplotype {@code h} that comes from a variant, or -1. */
        int firstVariant(int h) {
            for (int i = 0; i < vars[h].length; i++) {
                if (vars[h][i] >= 0) {
                    return i;
                }
            }
            return -1;
        }

        /** Start of the window shown for haplotype {@code h}: a little before its first indel, else first variant. */
        int windowStart(int h) {
            int first = Math.max(0, firstVariant(h));
            for (int i = 0; i + 1 < coords[h].length; i++) {
                if (coords[h][i + 1] != coords[h][i] + 1) {
                    first = i;
                    break;
                }
            }
            return Math.max(0, Math.min(first - 20, seqs[h].length - WIDTH));
        }
    }
}
