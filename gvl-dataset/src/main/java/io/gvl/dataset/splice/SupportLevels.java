package io.gvl.dataset.splice;

import io.gvl.format.io.IoFailures;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * The {@code transcript_support_level} attribute of each feature line of a GTF/GFF3, keyed by line number: the gene
 * model reader keeps only the attributes transcripts need, and GVL's default filter needs this one too.
 */
final class SupportLevels {
    private static final Pattern GTF = Pattern.compile("(?:^|;)\\s*transcript_support_level\\s+\"?([^\";]*)\"?");
    private static final Pattern GFF3 = Pattern.compile("(?:^|;)transcript_support_level=([^;]*)");

    private SupportLevels() {
    }

    static Long2ObjectOpenHashMap<String> read(Path file) {
        boolean gff3 = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).contains(".gff");
        Long2ObjectOpenHashMap<String> out = new Long2ObjectOpenHashMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(open(file), StandardCharsets.UTF_8))) {
            String line;
            long n = 0;
            while ((line = in.readLine()) != null) {
                n++;
                if (line.startsWith("##FASTA") || line.startsWith(">")) {
                    break;
                }
                int tab = line.lastIndexOf('\t');
                if (line.startsWith("#") || tab < 0) {
                    continue;
                }
                Matcher m = (gff3 ? GFF3 : GTF).matcher(line.substring(tab + 1));
                if (m.find()) {
                    out.put(n, m.group(1).strip());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (" + IoFailures.reason(e) + ")", e);
        }
        return out;
    }

    private static InputStream open(Path file) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file));
        in.mark(2);
        int a = in.read();
        int b = in.read();
        in.reset();
        return a == 0x1f && b == 0x8b ? new GZIPInputStream(in, 1 << 16) : in;
    }
}
