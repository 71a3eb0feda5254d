package io.gvl.io.internal.pgen;

import com.github.luben.zstd.ZstdInputStream;
import io.gvl.io.InputFormatException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Line access to a plink2 text table ({@code .pvar}, {@code .psam}, {@code .bim}, {@code .fam}), plain or
 * Zstandard-compressed ({@code .zst}), with the line number of each line for messages. Fields are split on runs of
 * tabs or spaces, as plink2 accepts either.
 */
final class TextTable implements AutoCloseable {
    private final Path path;
    private final BufferedReader reader;
    private int lineNumber;

    private TextTable(Path path, BufferedReader reader) {
        this.path = path;
        this.reader = reader;
    }

    static TextTable open(Path path) {
        try {
            InputStream in = Files.newInputStream(path);
            if (path.getFileName().toString().endsWith(".zst")) {
                in = new ZstdInputStream(in);
            }
            return new TextTable(path, new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16));
        } catch (IOException e) {
            throw new InputFormatException(path, "", "cannot be read (" + e.getMessage() + ").",
                    "check that the file exists and is readable.", e);
        }
    }

    /** The next line without its line end, or null at the end of the file. */
    String next() {
        try {
            String line = reader.readLine();
            if (line != null) {
                lineNumber++;
                if (line.endsWith("\r")) {
                    line = line.substring(0, line.length() - 1);
                }
            }
            return line;
        } catch (IOException e) {
            throw new InputFormatException(path, "line " + (lineNumber + 1), "cannot be read (" + e.getMessage()
                    + ").", "check the file is complete (a .zst file must be a whole Zstandard stream).", e);
        } catch (UncheckedIOException e) {
            throw new InputFormatException(path, "line " + (lineNumber + 1), "cannot be read (" + e.getMessage()
                    + ").", "check the file is complete.", e);
        }
    }

    int lineNumber() {
        return lineNumber;
    }

    /** Every field of {@code line} (stripped of white space at both ends); an empty line gives one empty field. */
    static String[] fields(String line) {
        return fields(line, Integer.MAX_VALUE);
    }

    /**
     * The first {@code limit} fields of {@code line}, or all when it has fewer, split on runs of tabs and spaces
     * after stripping white space at both ends; the rest of the line is not looked at. Splits by hand: these tables
     * have one line per variant or sample, and a regular expression per line dominates reading them.
     */
    static String[] fields(String line, int limit) {
        String s = line.strip();
        int n = s.length();
        if (n == 0) {
            return new String[] {""};
        }
        String[] out = new String[Math.min(limit, 8)];
        int count = 0;
        int at = 0;
        while (at < n && count < limit) {
            int end = at;
            while (end < n && !separator(s.charAt(end))) {
                end++;
            }
            if (count == out.length) {
                out = Arrays.copyOf(out, Math.min(limit, out.length * 2));
            }
            out[count++] = s.substring(at, end);
            at = end;
            while (at < n && separator(s.charAt(at))) {
                at++;
            }
        }
        return count == out.length ? out : Arrays.copyOf(out, count);
    }

    /** Field {@code index} of {@code line} as {@link #fields(String)} splits it, or null when it has fewer. */
    static String field(String line, int index) {
        String s = line.strip();
        int n = s.length();
        int at = 0;
        for (int k = 0; k < index; k++) {
            while (at < n && !separator(s.charAt(at))) {
                at++;
            }
            while (at < n && separator(s.charAt(at))) {
                at++;
            }
            if (at == n) {
                return null;
            }
        }
        int end = at;
        while (end < n && !separator(s.charAt(end))) {
            end++;
        }
        return s.substring(at, end);
    }

    private static boolean separator(char c) {
        return c == '\t' || c == ' ';
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
