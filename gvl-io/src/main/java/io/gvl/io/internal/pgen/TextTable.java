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

    static String[] fields(String line) {
        return line.strip().split("[\t ]+");
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
