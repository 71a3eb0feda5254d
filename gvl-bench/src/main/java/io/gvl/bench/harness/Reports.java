package io.gvl.bench.harness;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes results: a CSV per suite (machine fields as leading {@code #} comments, one row per cell and
 * implementation) and one JSON object per line, the summary {@code ./gvl bench} prints on standard output.
 */
final class Reports {
    static final String CSV_HEADER = "suite,impl,length,batch,mode,reps,bytes_per_rep,median_mib_s,p25_mib_s,"
            + "p75_mib_s,spread,arraycopy_mib_s,ratio,gvl_over_peer";

    private Reports() {}

    static void writeCsv(Path file, SystemInfo info, List<CellResult> results) {
        StringBuilder sb = new StringBuilder();
        info.fields().forEach((k, v) -> sb.append("# ").append(k).append(": ").append(v).append('\n'));
        sb.append(CSV_HEADER).append('\n');
        for (CellResult r : results) {
            Stats m = r.measured();
            sb.append(String.join(",", r.cell().suite(), r.impl(), Integer.toString(r.cell().length()),
                    Integer.toString(r.cell().batch()), r.cell().mode(), Integer.toString(m.reps()),
                    Long.toString(m.bytesPerRep()), num(m.mibPerSecond()), num(m.p25() / (1 << 20)),
                    num(m.p75() / (1 << 20)), num(m.spread()), num(r.baseline().mibPerSecond()), num(r.ratio()),
                    r.isPeer() ? num(r.gvlOverPeer()) : "")).append('\n');
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, sb);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** The JSON summary line of one result. */
    /** The write suite's memory line: peak RSS of one write in a fresh JVM. */
    static String peakRssJson(Cell cell, long kib) {
        StringBuilder sb = new StringBuilder("{");
        field(sb, "suite", quote(cell.suite()));
        field(sb, "cell", quote(cell.id()));
        field(sb, "impl", quote("gvl"));
        field(sb, "peak_rss_mib", num(kib / 1024.0));
        sb.setLength(sb.length() - 1);
        return sb.append('}').toString();
    }

    static String json(CellResult r) {
        StringBuilder sb = new StringBuilder("{");
        field(sb, "suite", quote(r.cell().suite()));
        field(sb, "cell", quote(r.cell().id()));
        field(sb, "impl", quote(r.impl()));
        field(sb, "gb_per_s", num(r.measured().gbPerSecond()));
        field(sb, "arraycopy_gb_per_s", num(r.baseline().gbPerSecond()));
        field(sb, "ratio", num(r.ratio()));
        field(sb, "reps", Integer.toString(r.measured().reps()));
        field(sb, "spread", num(r.measured().spread()));
        if (r.isPeer()) {
            field(sb, "gvl_gb_per_s", num(r.gvl().gbPerSecond()));
            field(sb, "gvl_over_peer", num(r.gvlOverPeer()));
        }
        sb.setLength(sb.length() - 1);
        return sb.append('}').toString();
    }

    static void printJson(PrintWriter out, List<CellResult> results) {
        results.forEach(r -> out.println(json(r)));
        out.flush();
    }

    private static void field(StringBuilder sb, String key, String value) {
        sb.append('"').append(key).append("\":").append(value).append(',');
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    private static String num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "null";
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
