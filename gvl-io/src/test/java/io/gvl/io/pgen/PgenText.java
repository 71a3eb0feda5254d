package io.gvl.io.pgen;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

/** Renders decoded calls in the notation of the example {@code .expected.tsv} files (pgenlib's conventions). */
final class PgenText {
    private PgenText() {
    }

    /** One GT string per variant row: {@code a|b} phased het, {@code 0/1} unphased het, {@code a/a}, {@code ./.}. */
    static List<String> genotypes(PgenReader r, int from, int to, int[] samples) {
        int k = samples.length;
        byte[] alleles = new byte[(to - from) * k * 2];
        byte[] phase = new byte[(to - from) * k];
        r.readCalls(from, to, samples, alleles, phase);
        List<String> rows = new ArrayList<>();
        for (int v = 0; v < to - from; v++) {
            StringBuilder sb = new StringBuilder();
            for (int j = 0; j < k; j++) {
                int at = (v * k + j) * 2;
                byte a = alleles[at];
                byte b = alleles[at + 1];
                if (j > 0) {
                    sb.append(' ');
                }
                if (a < 0) {
                    sb.append("./.");
                } else if (a == b) {
                    sb.append(a).append('/').append(b);
                } else {
                    sb.append(a).append(phase[v * k + j] == 1 ? '|' : '/').append(b);
                }
            }
            rows.add(sb.toString());
        }
        return rows;
    }

    /** One DS string per variant row, each value with 6 significant digits ({@code NA} when missing). */
    static List<String> dosages(PgenReader r, int from, int to, int[] samples) {
        int k = samples.length;
        float[] d = new float[(to - from) * k];
        r.readDosages(from, to, samples, d);
        List<String> rows = new ArrayList<>();
        for (int v = 0; v < to - from; v++) {
            StringBuilder sb = new StringBuilder();
            for (int j = 0; j < k; j++) {
                float x = d[v * k + j];
                if (j > 0) {
                    sb.append(' ');
                }
                sb.append(Float.isNaN(x) ? "NA" : sixDigits(x));
            }
            rows.add(sb.toString());
        }
        return rows;
    }

    static String sixDigits(float x) {
        if (x == 0f) {
            return "0";
        }
        return new BigDecimal(x).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    static int[] allSamples(PgenReader r) {
        int[] s = new int[r.samples().size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = i;
        }
        return s;
    }
}
