package io.gvl.io.internal.vcf;

import io.gvl.format.io.IoFailures;
import io.gvl.io.InputFormatException;
import io.gvl.io.internal.Inputs;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parts of a VCF header the readers need: sample names and declared contigs in file order, and the declared
 * INFO and FORMAT keys with their {@code Type} (empty when not given), in header order.
 */
public record VcfHeader(List<String> samples, List<String> contigs, Map<String, String> info,
        Map<String, String> format) {
    public static VcfHeader read(Path vcf) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Inputs.openDecompressed(vcf),
                StandardCharsets.UTF_8))) {
            return parse(vcf, in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + vcf + " (" + IoFailures.reason(e) + ")", e);
        } catch (RuntimeException e) {
            if (e instanceof InputFormatException ife) {
                throw ife;
            }
            throw new InputFormatException(vcf, "header", "cannot decompress the header (" + e.getMessage() + ").",
                    "the file is truncated or corrupt; re-create it with `bgzip`.", e);
        }
    }

    /** Parses header text (a BCF file embeds it) up to and including the {@code #CHROM} line. */
    public static VcfHeader parse(Path file, String text) {
        try {
            return parse(file, new BufferedReader(new StringReader(text)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static VcfHeader parse(Path vcf, BufferedReader in) throws IOException {
        List<String> contigs = new ArrayList<>();
        Map<String, String> info = new LinkedHashMap<>();
        Map<String, String> format = new LinkedHashMap<>();
        String line;
        long n = 0;
        while ((line = in.readLine()) != null) {
            n++;
            if (line.startsWith("##contig=<")) {
                int id = line.indexOf("ID=");
                if (id > 0) {
                    int end = id + 3;
                    while (end < line.length() && line.charAt(end) != ',' && line.charAt(end) != '>') {
                        end++;
                    }
                    contigs.add(line.substring(id + 3, end));
                }
            } else if (line.startsWith("##INFO=<") || line.startsWith("##FORMAT=<")) {
                Map<String, String> attrs = HeaderLines.attributes(line);
                if (attrs.containsKey("ID")) {
                    (line.startsWith("##INFO") ? info : format).putIfAbsent(attrs.get("ID"),
                            attrs.getOrDefault("Type", ""));
                }
            } else if (line.startsWith("#CHROM")) {
                String[] f = line.split("\t");
                List<String> samples = f.length > 9 ? Arrays.asList(f).subList(9, f.length) : List.of();
                requireUniqueSamples(vcf, n, samples);
                return new VcfHeader(List.copyOf(samples), List.copyOf(contigs),
                        Collections.unmodifiableMap(info), Collections.unmodifiableMap(format));
            } else if (!line.startsWith("##")) {
                throw new InputFormatException(vcf, "line " + n, "the header has no #CHROM line before the records.",
                        "write a complete VCF header (e.g. with `bcftools view`).");
            }
        }
        throw new InputFormatException(vcf, "header", "no #CHROM line found.", "this is not a VCF file.");
    }

    /** htslib refuses a header naming one sample twice; silently keeping one of them would lose a sample. */
    private static void requireUniqueSamples(Path vcf, long line, List<String> samples) {
        Object2IntOpenHashMap<String> seen = new Object2IntOpenHashMap<>(samples.size());
        seen.defaultReturnValue(-1);
        for (int i = 0; i < samples.size(); i++) {
            int first = seen.putIfAbsent(samples.get(i), i);
            if (first >= 0) {
                throw new InputFormatException(vcf, "line " + line + " (#CHROM)", "sample name '" + samples.get(i)
                        + "' appears twice (sample columns " + (first + 1) + " and " + (i + 1) + ").",
                        "give every sample a distinct name, e.g. `bcftools reheader -s new_names.txt " + vcf + "`.");
            }
        }
    }
}
