package io.gvl.io.bed;

import io.gvl.format.io.IoFailures;
import io.gvl.io.InputFormatException;
import io.gvl.io.internal.Inputs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads BED and BED-like files (narrowPeak, broadPeak, plain or gzip) the way seqpro's {@code bed.read} names
 * columns: leading {@code track}/{@code browser} lines and {@code #} comments are skipped, columns are named
 * by position unless a {@code #}-header line names them, and every row is checked (three integer coordinates,
 * {@code 0 <= start < end}, strand in {@code + - .}). Rows keep input order.
 */
public final class BedReader {
    private static final List<String> BED = List.of("chrom", "chromStart", "chromEnd", "name", "score", "strand",
            "thickStart", "thickEnd", "itemRgb", "blockCount", "blockSizes", "blockStarts");
    private static final List<String> PEAK = List.of("chrom", "chromStart", "chromEnd", "name", "score", "strand",
            "signalValue", "pValue", "qValue", "peak");

    private BedReader() {}

    /**
     * Reads and checks every row of a BED-like file.
     *
     * @param path a BED, narrowPeak or broadPeak file, plain or gzip-compressed
     * @return the rows in input order with their column names
     * @throws InputFormatException naming the line if a row is malformed, or the file if it is unreadable
     */
    public static BedFile read(Path path) {
        Inputs.requireReadable(path);
        List<String> defaults = defaultNames(path);
        List<String> header = null;
        List<BedRegion> rows = new ArrayList<>();
        int width = -1;
        int strandColumn = -1;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Inputs.openDecompressed(path),
                StandardCharsets.UTF_8), 1 << 16)) {
            String line;
            long lineNo = 0;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (line.isBlank() || line.startsWith("track") || line.startsWith("browser")) {
                    continue;
                }
                if (line.startsWith("#")) {
                    if (rows.isEmpty() && header == null && line.indexOf('\t') > 0) {
                        header = Arrays.asList(line.substring(1).strip().split("\t"));
                    }
                    continue;
                }
                String[] f = line.split("\t", -1);
                if (width < 0) {
                    width = f.length;
                    strandColumn = names(header, defaults, width).indexOf("strand");
                }
                rows.add(parse(path, lineNo, f, width, strandColumn));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + " (" + IoFailures.reason(e) + ")", e);
        }
        List<String> columns = width < 0 ? List.of("chrom", "chromStart", "chromEnd") : names(header, defaults, width);
        return new BedFile(path, columns, rows);
    }

    private static List<String> defaultNames(Path path) {
        String name = path.getFileName().toString();
        if (name.contains(".narrowPeak")) {
            return PEAK;
        }
        if (name.contains(".broadPeak")) {
            return PEAK.subList(0, 9);
        }
        return BED;
    }

    private static List<String> names(List<String> header, List<String> defaults, int width) {
        if (header != null && header.size() == width && width >= 3) {
            List<String> named = new ArrayList<>(header);
            named.set(0, "chrom");
            named.set(1, "chromStart");
            named.set(2, "chromEnd");
            return named;
        }
        List<String> named = new ArrayList<>(defaults.subList(0, Math.min(width, defaults.size())));
        for (int i = named.size(); i < width; i++) {
            named.add("column" + (i + 1));
        }
        return named;
    }

    private static BedRegion parse(Path path, long line, String[] f, int width, int strandColumn) {
        String where = "line " + line;
        if (f.length < 3) {
            throw new InputFormatException(path, where, "found " + f.length + " tab-separated column(s); a BED row needs"
                    + " at least chrom, chromStart and chromEnd.", "separate columns with tabs and give at least three.");
        }
        if (f.length != width) {
            throw new InputFormatException(path, where, "found " + f.length + " columns but earlier rows have " + width
                    + ".", "give every row the same number of tab-separated columns.");
        }
        if (f[0].isEmpty()) {
            throw new InputFormatException(path, where, "chrom is empty.", "name the contig in column 1.");
        }
        int start = coordinate(path, where, "chromStart", f[1]);
        int end = coordinate(path, where, "chromEnd", f[2]);
        if (end <= start) {
            throw new InputFormatException(path, where, "chromEnd " + end + " <= chromStart " + start + ".",
                    "BED is 0-based half-open: chromEnd must be greater than chromStart.");
        }
        byte strand = 1;
        if (strandColumn >= 0) {
            switch (f[strandColumn]) {
                case "+", ".", "" -> strand = 1;
                case "-" -> strand = -1;
                default -> throw new InputFormatException(path, where, "strand '" + f[strandColumn]
                        + "' is not one of + - .", "write the strand column as +, - or .");
            }
        }
        List<String> extras = new ArrayList<>(f.length - 3);
        for (int i = 3; i < f.length; i++) {
            extras.add(f[i].equals(".") ? null : f[i]);
        }
        return new BedRegion(f[0], start, end, strand, line, extras);
    }

    private static int coordinate(Path path, String where, String column, String text) {
        long v;
        try {
            v = Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new InputFormatException(path, where, column + " '" + text + "' is not an integer.",
                    "write coordinates as whole numbers (0-based).", e);
        }
        if (v < 0) {
            throw new InputFormatException(path, where, column + " " + v + " is negative.",
                    "BED coordinates start at 0; clip or drop the row.");
        }
        if (v > Integer.MAX_VALUE) {
            throw new InputFormatException(path, where, column + " " + v + " exceeds " + Integer.MAX_VALUE + ".",
                    "split the contig; GVL stores positions as int32.");
        }
        return (int) v;
    }
}
