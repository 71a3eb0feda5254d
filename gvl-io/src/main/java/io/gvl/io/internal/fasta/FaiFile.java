package io.gvl.io.internal.fasta;

import io.gvl.format.io.IoFailures;
import io.gvl.io.InputFormatException;
import io.gvl.io.internal.CacheFiles;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads and writes samtools {@code .fai} files. */
public final class FaiFile {
    private FaiFile() {}

    public static List<FaiEntry> read(Path fai) {
        List<String> lines;
        try {
            lines = Files.readAllLines(fai, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw InputFormatException.notUtf8(fai, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + fai + " (" + IoFailures.reason(e) + ")", e);
        }
        List<FaiEntry> out = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\t");
            try {
                if (f.length < 5) {
                    throw new NumberFormatException("expected 5 columns, found " + f.length);
                }
                out.add(new FaiEntry(f[0], Long.parseLong(f[1]), Long.parseLong(f[2]),
                        Integer.parseInt(f[3]), Integer.parseInt(f[4])));
            } catch (NumberFormatException e) {
                throw new InputFormatException(fai, "line " + (i + 1), "not a valid .fai line (" + e.getMessage() + ").",
                        "delete the .fai and re-run `samtools faidx` on the FASTA.", e);
            }
        }
        return out;
    }

    /** Writes {@code entries} to {@code fai} atomically. */
    public static void write(Path fai, List<FaiEntry> entries) {
        Path tmp = CacheFiles.tempSibling(fai);
        try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            for (FaiEntry e : entries) {
                w.write(e.name() + "\t" + e.length() + "\t" + e.offset() + "\t" + e.lineBases() + "\t"
                        + e.lineWidth() + "\n");
            }
        } catch (IOException e) {
            CacheFiles.deleteQuietly(tmp);
            throw new UncheckedIOException("cannot write " + fai, e);
        }
        CacheFiles.publish(tmp, fai);
    }
}
