package io.gvl.bench.harness;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gvl.bench.harness.PeerComparison.PeerResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * The peer suite's outputs: a JSON line per comparison, {@code peer.csv}, {@code peer.png} (GenVarLoader time over
 * gvl time per cell, one bar per thread count, a line at 1) and a Markdown table for the benchmarks page.
 */
final class PeerReports {
    static final String CSV_HEADER = "cell,length,batch,threads,bytes,gvl_ms,genvarloader_ms,ratio,"
            + "gvl_over_arraycopy,genvarloader_over_arraycopy,genvarloader_version";
    private static final ObjectMapper JSON = new ObjectMapper();

    private PeerReports() {}

    static String json(PeerResult r) {
        ObjectNode n = JSON.createObjectNode();
        n.put("suite", "peer").put("cell", r.cell().id()).put("threads", r.threads()).put("bytes", r.bytes())
                .put("gvl_s", r.gvlSeconds()).put("peer_s", r.peerSeconds()).put("ratio", r.ratio())
                .put("gvl_over_arraycopy", r.gvlOverArraycopy()).put("peer_over_arraycopy", r.peerOverArraycopy())
                .put("peer", "genvarloader " + r.peerVersion());
        return n.toString();
    }

    static void writeCsv(Path file, SystemInfo info, List<PeerResult> results) {
        StringBuilder sb = new StringBuilder();
        info.fields().forEach((k, v) -> sb.append("# ").append(k).append(": ").append(v).append('\n'));
        sb.append(CSV_HEADER).append('\n');
        for (PeerResult r : results) {
            sb.append(String.join(",", r.cell().name(), Integer.toString(r.cell().view().length()),
                    Integer.toString(r.cell().batch()), Integer.toString(r.threads()), Long.toString(r.bytes()),
                    num(r.gvlSeconds() * 1e3), num(r.peerSeconds() * 1e3), num(r.ratio()),
                    num(r.gvlOverArraycopy()), num(r.peerOverArraycopy()), r.peerVersion())).append('\n');
        }
        write(file, sb.toString());
    }

    /** A bar chart of the ratios, one group per cell, one bar per thread count. */
    static void writePng(Path file, List<PeerResult> results) {
        System.setProperty("java.awt.headless", "true");
        Map<Integer, List<PeerResult>> byThreads = new LinkedHashMap<>();
        for (PeerResult r : results) {
            byThreads.computeIfAbsent(r.threads(), k -> new ArrayList<>()).add(r);
        }
        if (byThreads.isEmpty()) {
            return;
        }
        CategoryChart chart = new CategoryChartBuilder().width(1400).height(620)
                .title("gvl vs GenVarLoader: GenVarLoader time / gvl time (> 1: gvl faster)")
                .xAxisTitle("cell").yAxisTitle("ratio").build();
        chart.getStyler().setXAxisLabelRotation(60);
        chart.getStyler().setLegendVisible(true);
        for (var e : byThreads.entrySet()) {
            List<String> names = e.getValue().stream().map(r -> r.cell().id()).toList();
            List<Double> ratios = e.getValue().stream().map(PeerResult::ratio).toList();
            chart.addSeries(e.getKey() + " thread" + (e.getKey() == 1 ? "" : "s"), names, ratios);
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** The results as a Markdown table (cells down, thread counts across), for docs/benchmarks.md. */
    static void printTable(List<PeerResult> results, PrintWriter log) {
        Map<String, Map<Integer, PeerResult>> byCell = new LinkedHashMap<>();
        List<Integer> threads = new ArrayList<>();
        for (PeerResult r : results) {
            byCell.computeIfAbsent(r.cell().id(), k -> new LinkedHashMap<>()).put(r.threads(), r);
            if (!threads.contains(r.threads())) {
                threads.add(r.threads());
            }
        }
        StringBuilder head = new StringBuilder("| cell |");
        StringBuilder rule = new StringBuilder("|---|");
        for (int t : threads) {
            head.append(" ratio, ").append(t).append(" thr | gvl / arraycopy | GVL / arraycopy |");
            rule.append("---|---|---|");
        }
        log.println(head);
        log.println(rule);
        for (var e : byCell.entrySet()) {
            StringBuilder row = new StringBuilder("| ").append(e.getKey()).append(" |");
            for (int t : threads) {
                PeerResult r = e.getValue().get(t);
                row.append(r == null ? " | | |" : String.format(Locale.ROOT, " %.2f | %.3f | %.3f |", r.ratio(),
                        r.gvlOverArraycopy(), r.peerOverArraycopy()));
            }
            log.println(row);
        }
        log.flush();
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "";
    }
}
