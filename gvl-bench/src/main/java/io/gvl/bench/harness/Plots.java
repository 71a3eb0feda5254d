package io.gvl.bench.harness;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws a suite's throughput as small multiples, one panel per mode (three per row): MiB/s by region length, one line per batch
 * size, and the arraycopy baseline of the same bytes as a grey dashed line. Rendered headless with XChart.
 */
final class Plots {
    private static final int PANEL_W = 460;
    private static final int PANEL_H = 340;
    /** Panels per row of the small-multiples grid. */
    private static final int COLUMNS = 3;

    private Plots() {}

    static void writePng(Path file, String suite, List<CellResult> results) {
        System.setProperty("java.awt.headless", "true");
        Map<String, List<CellResult>> byMode = new LinkedHashMap<>();
        for (CellResult r : results) {
            if (!r.isPeer()) {
                byMode.computeIfAbsent(r.cell().mode(), k -> new ArrayList<>()).add(r);
            }
        }
        if (byMode.isEmpty()) {
            return;
        }
        List<BufferedImage> panels = new ArrayList<>();
        for (var e : byMode.entrySet()) {
            panels.add(BitmapEncoder.getBufferedImage(panel(suite, e.getKey(), e.getValue())));
        }
        int columns = Math.min(COLUMNS, panels.size());
        int rows = (panels.size() + columns - 1) / columns;
        BufferedImage all = new BufferedImage(PANEL_W * columns, PANEL_H * rows, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = all.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, all.getWidth(), all.getHeight());
            for (int i = 0; i < panels.size(); i++) {
                g.drawImage(panels.get(i), (i % columns) * PANEL_W, (i / columns) * PANEL_H, null);
            }
        } finally {
            g.dispose();
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            ImageIO.write(all, "png", file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static XYChart panel(String suite, String mode, List<CellResult> results) {
        XYChart chart = new XYChartBuilder().width(PANEL_W).height(PANEL_H).title(suite + " - " + mode)
                .xAxisTitle("region length (bp)").yAxisTitle("MiB/s").build();
        long lengths = results.stream().mapToInt(r -> r.cell().length()).distinct().count();
        chart.getStyler().setXAxisLogarithmic(lengths > 1);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setYAxisDecimalPattern("#,###");
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
        Map<Integer, TreeMap<Integer, Double>> byBatch = new TreeMap<>();
        TreeMap<Integer, Double> copy = new TreeMap<>();
        for (CellResult r : results) {
            byBatch.computeIfAbsent(r.cell().batch(), k -> new TreeMap<>())
                    .put(r.cell().length(), r.measured().mibPerSecond());
            copy.merge(r.cell().length(), r.baseline().mibPerSecond(), Math::max);
        }
        for (var e : byBatch.entrySet()) {
            chart.addSeries("batch " + e.getKey(), xs(e.getValue()), ys(e.getValue()));
        }
        XYSeries base = chart.addSeries("arraycopy", xs(copy), ys(copy));
        base.setLineColor(Color.GRAY);
        base.setMarkerColor(Color.GRAY);
        base.setMarker(SeriesMarkers.NONE);
        base.setLineStyle(new java.awt.BasicStroke(1.5f, java.awt.BasicStroke.CAP_BUTT, java.awt.BasicStroke.JOIN_MITER,
                10f, new float[] {6f, 4f}, 0f));
        return chart;
    }

    private static double[] xs(TreeMap<Integer, Double> m) {
        return m.keySet().stream().mapToDouble(Integer::doubleValue).toArray();
    }

    private static double[] ys(TreeMap<Integer, Double> m) {
        return m.values().stream().mapToDouble(Double::doubleValue).toArray();
    }
}
