package io.gvl.io.table;

import io.gvl.format.io.IoFailures;
import io.gvl.io.InputFormatException;
import io.gvl.io.internal.Inputs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * TSV and CSV tables as polars' {@code read_csv} takes them: a header row, one separator, fields optionally in
 * double quotes (a doubled quote inside stands for one), blank lines skipped.
 */
final class TextTables {
    private TextTables() {
    }

    static IntervalTable read(Path file, TableFormat format, Map<String, String> columnMap, boolean sampleRequired) {
        Inputs.requireReadable(file);
        char sep = format == TableFormat.CSV ? ',' : '\t';
        TableRows rows = new TableRows(file, "line");
        boolean hasSamples;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null) {
                throw new InputFormatException(file, "line 1", "the table is empty.",
                        "write a header row naming the columns " + IntervalTable.COLUMNS + ", then one row per"
                        + " interval.");
            }
            List<String> cols = split(file, 1, strip(header), sep);
            String[] names = ColumnNames.resolve(file, cols, columnMap, sampleRequired);
            hasSamples = names[IntervalTable.SAMPLE_COLUMN] != null;
            int[] at = new int[names.length];
            for (int i = 0; i < names.length; i++) {
                at[i] = names[i] == null ? -1 : cols.indexOf(names[i]);
            }
            String line;
            long lineNo = 1;
            while ((line = in.readLine()) != null) {
                lineNo++;
                line = strip(line);
                if (line.isBlank()) {
                    continue;
                }
                List<String> f = split(file, lineNo, line, sep);
                if (f.size() != cols.size()) {
                    throw new InputFormatException(file, "line " + lineNo, "found " + f.size()
                            + " fields but the header has " + cols.size() + ".",
                            "give every row the header's columns, separated by "
                            + (sep == '\t' ? "tabs" : "commas") + ".");
                }
                rows.add(lineNo, at[0] < 0 ? null : f.get(at[0]), f.get(at[1]), f.get(at[2]), f.get(at[3]),
                        f.get(at[4]));
            }
        } catch (CharacterCodingException e) {
            throw InputFormatException.notUtf8(file, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (" + IoFailures.reason(e) + ")", e);
        }
        return rows.build(format, hasSamples);
    }

    private static String strip(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    /** Splits one record; quoted fields lose their quotes. */
    static List<String> split(Path file, long lineNo, String line, char sep) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        int i = 0;
        int n = line.length();
        while (true) {
            cell.setLength(0);
            if (i < n && line.charAt(i) == '"') {
                i++;
                while (true) {
                    if (i >= n) {
                        throw new InputFormatException(file, "line " + lineNo, "a quoted field is not closed.",
                                "close every opening double quote (a quote inside a field is written twice).");
                    }
                    char c = line.charAt(i++);
                    if (c == '"') {
                        if (i < n && line.charAt(i) == '"') {
                            cell.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        cell.append(c);
                    }
                }
                if (i < n && line.charAt(i) != sep) {
                    throw new InputFormatException(file, "line " + lineNo, "text follows a closing quote.",
                            "put the separator right after a quoted field's closing quote.");
                }
            } else {
                while (i < n && line.charAt(i) != sep) {
                    cell.append(line.charAt(i++));
                }
            }
            out.add(cell.toString());
            if (i >= n) {
                return out;
            }
            i++; // the separator
        }
    }
}
