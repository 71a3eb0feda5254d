package io.gvl.io.gtf;

import io.gvl.format.io.IoFailures;
import io.gvl.io.InputFormatException;
import io.gvl.io.internal.Inputs;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads exon-like features (by default {@code exon}; the splice-BED helper asks for {@code CDS}) from GTF or
 * GFF3, plain or gzip, keeping file order. The dialect follows the file name: {@code .gff3}/{@code .gff} use
 * {@code key=value} attributes and take the transcript from {@code Parent} (a parentless feature is its
 * own transcript, named by {@code ID} or {@code Name}); anything else is read as GTF
 * ({@code key "value";}, {@code transcript_id}). A trailing FASTA section ({@code ##FASTA} or a {@code >} line)
 * ends the features.
 */
public final class GeneModelReader {
    private GeneModelReader() {}

    /**
     * Exon rows.
     *
     * @param file a GTF or GFF3 file, plain or gzip-compressed
     * @return the exon rows in file order
     * @throws InputFormatException naming the line if a row is malformed
     */
    public static List<GeneFeature> exons(Path file) {
        return read(file, Set.of("exon"));
    }

    /**
     * Rows whose feature type (column 3) is in {@code features}.
     *
     * @param file a GTF or GFF3 file (GFF3 when the name contains {@code .gff}), plain or gzip-compressed
     * @param features feature types to keep, e.g. {@code exon} and {@code CDS}
     * @return the matching rows in file order
     * @throws InputFormatException naming the line if a row is malformed
     */
    public static List<GeneFeature> read(Path file, Set<String> features) {
        Inputs.requireReadable(file);
        String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        boolean gff3 = name.contains(".gff");
        List<Row> rows = new ArrayList<>();
        Map<String, Map<String, String>> byId = new HashMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Inputs.openDecompressed(file),
                StandardCharsets.UTF_8))) {
            String line;
            long n = 0;
            while ((line = in.readLine()) != null) {
                n++;
                if (line.startsWith("##FASTA") || line.startsWith(">")) {
                    break;
                }
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                if (f.length < 9) {
                    throw new InputFormatException(file, "line " + n, "found " + f.length + " columns; GTF/GFF3 rows "
                            + "have 9.", "separate the 9 columns with tabs.");
                }
                Map<String, String> attrs = gff3 ? gff3Attributes(f[8]) : gtfAttributes(f[8]);
                if (gff3 && attrs.containsKey("ID")) {
                    byId.put(attrs.get("ID"), attrs);
                }
                if (features.contains(f[2])) {
                    rows.add(new Row(file, n, f, attrs));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (" + IoFailures.reason(e) + ")", e);
        }
        return number(rows.stream().map(r -> r.toFeature(gff3, byId)).toList());
    }

    private record Row(Path file, long line, String[] f, Map<String, String> attrs) {
        GeneFeature toFeature(boolean gff3, Map<String, Map<String, String>> byId) {
            String where = "line " + line;
            int start = coordinate(f[3], "start", where) - 1;
            int end = coordinate(f[4], "end", where);
            if (start < 0 || end <= start) {
                throw new InputFormatException(file, where, "start " + f[3] + " / end " + f[4]
                        + " do not form an interval (1-based, inclusive, start <= end).", "fix columns 4 and 5.");
            }
            byte strand = switch (f[6]) {
                case "+", "." -> 1;
                case "-" -> -1;
                default -> throw new InputFormatException(file, where, "strand '" + f[6] + "' is not one of + - .",
                        "fix column 7.");
            };
            String transcript = gff3 ? firstOf(attrs.get("Parent"), attrs.get("ID"), attrs.get("Name"))
                    : attrs.get("transcript_id");
            if (transcript == null) {
                throw new InputFormatException(file, where, "the " + f[2] + " row names no transcript ("
                        + (gff3 ? "Parent, ID or Name" : "transcript_id") + ").", "add the transcript attribute.");
            }
            String gene = attrs.get("gene_name");
            if (gene == null && gff3 && byId.containsKey(transcript)) {
                gene = byId.get(transcript).get("Name");
            }
            String number = attrs.get("exon_number");
            int exon = number == null ? 0 : coordinate(number, "exon_number", where);
            return new GeneFeature(f[0], start, end, strand, f[2], transcript, gene, exon, line);
        }

        private int coordinate(String s, String what, String where) {
            try {
                return Integer.parseInt(s.strip());
            } catch (NumberFormatException e) {
                throw new InputFormatException(file, where, what + " '" + s + "' is not an integer.",
                        "write " + what + " as a whole number.", e);
            }
        }

        /** The first parent; a feature without one stands for its own transcript (ID, else Name). */
        private static String firstOf(String parents, String id, String name) {
            String v = parents != null ? parents : id != null ? id : name;
            return v == null ? null : v.split(",")[0];
        }
    }

    /** Fills missing exon numbers with the rank in transcription order within each transcript and feature. */
    private static List<GeneFeature> number(List<GeneFeature> features) {
        Map<String, IntArrayList> groups = new LinkedHashMap<>();
        for (int i = 0; i < features.size(); i++) {
            GeneFeature g = features.get(i);
            if (g.exonNumber() == 0) {
                groups.computeIfAbsent(g.transcriptId() + "\u0000" + g.feature(), k -> new IntArrayList()).add(i);
            }
        }
        List<GeneFeature> out = new ArrayList<>(features);
        for (IntArrayList group : groups.values()) {
            int[] order = group.toIntArray();
            boolean minus = features.get(order[0]).strand() < 0;
            // stable, as List.sort was: features that start together keep their file order
            IntArrays.mergeSort(order, (a, b) -> minus
                    ? Integer.compare(features.get(b).start(), features.get(a).start())
                    : Integer.compare(features.get(a).start(), features.get(b).start()));
            for (int rank = 0; rank < order.length; rank++) {
                GeneFeature g = features.get(order[rank]);
                out.set(order[rank], new GeneFeature(g.chrom(), g.start(), g.end(), g.strand(), g.feature(),
                        g.transcriptId(), g.geneName(), rank + 1, g.line()));
            }
        }
        return List.copyOf(out);
    }

    private static Map<String, String> gtfAttributes(String text) {
        Map<String, String> out = new HashMap<>();
        for (String part : text.split(";")) {
            String p = part.strip();
            int space = p.indexOf(' ');
            if (space > 0) {
                String value = p.substring(space + 1).strip();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                out.putIfAbsent(p.substring(0, space), value);
            }
        }
        return out;
    }

    private static Map<String, String> gff3Attributes(String text) {
        Map<String, String> out = new HashMap<>();
        for (String part : text.split(";")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                out.put(part.substring(0, eq).strip(), URLDecoder.decode(part.substring(eq + 1).replace("+", "%2B"), StandardCharsets.UTF_8));
            }
        }
        return out;
    }
}
