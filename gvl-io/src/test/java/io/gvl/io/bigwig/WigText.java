package io.gvl.io.bigwig;

import it.unimi.dsi.fastutil.floats.FloatArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Test oracle: parses fixedStep/variableStep wiggle text into per-chromosome intervals (0-based). */
final class WigText {
    private WigText() {}

    static Map<String, BigWigIntervals> parse(Path wig) throws IOException {
        Map<String, IntArrayList[]> coords = new LinkedHashMap<>();
        Map<String, FloatArrayList> values = new LinkedHashMap<>();
        String chrom = null;
        boolean fixed = false;
        long next = 0;
        int step = 1;
        int span = 1;
        for (String line : Files.readAllLines(wig)) {
            if (line.isBlank() || line.startsWith("track") || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("fixedStep") || line.startsWith("variableStep")) {
                fixed = line.startsWith("fixedStep");
                span = 1;
                step = 1;
                for (String kv : line.split("\\s+")) {
                    String[] p = kv.split("=");
                    switch (p[0]) {
                        case "chrom" -> chrom = p[1];
                        case "start" -> next = Long.parseLong(p[1]) - 1;
                        case "step" -> step = Integer.parseInt(p[1]);
                        case "span" -> span = Integer.parseInt(p[1]);
                        default -> { }
                    }
                }
                coords.computeIfAbsent(chrom, k -> new IntArrayList[] {new IntArrayList(), new IntArrayList()});
                values.computeIfAbsent(chrom, k -> new FloatArrayList());
                continue;
            }
            String[] f = line.trim().split("\\s+");
            long start = fixed ? next : Long.parseLong(f[0]) - 1;
            float v = (float) Double.parseDouble(f[fixed ? 0 : 1]);
            coords.get(chrom)[0].add((int) start);
            coords.get(chrom)[1].add((int) (start + span));
            values.get(chrom).add(v);
            next = start + step;
        }
        Map<String, BigWigIntervals> out = new LinkedHashMap<>();
        for (String c : coords.keySet()) {
            out.put(c, new BigWigIntervals(coords.get(c)[0].toIntArray(), coords.get(c)[1].toIntArray(),
                    values.get(c).toFloatArray()));
        }
        return out;
    }
}
