package io.gvl.io.internal.vcf;

import io.gvl.format.io.IoFailures;
import io.gvl.io.internal.Inputs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * An unindexed, uncompressed VCF held in memory (small files such as test fixtures); a query scans the
 * contig's records. Large inputs should be bgzipped and indexed instead.
 */
public final class PlainVcfSource implements RecordSource {
    private final Map<String, List<String>> byContig = new LinkedHashMap<>();

    public PlainVcfSource(Path vcf) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Inputs.openDecompressed(vcf),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isEmpty() && line.charAt(0) != '#') {
                    int tab = line.indexOf('\t');
                    byContig.computeIfAbsent(tab < 0 ? line : line.substring(0, tab), k -> new ArrayList<>()).add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + vcf + " (" + IoFailures.reason(e) + ")", e);
        }
    }

    @Override
    public List<String> contigs() {
        return List.copyOf(byContig.keySet());
    }

    @Override
    public void query(String contig, int start, int end, Consumer<String> sink) {
        for (String line : byContig.getOrDefault(contig, List.of())) {
            int t1 = line.indexOf('\t');
            int t2 = line.indexOf('\t', t1 + 1);
            int t3 = line.indexOf('\t', t2 + 1);
            int t4 = line.indexOf('\t', t3 + 1);
            if (t4 < 0) {
                sink.accept(line); // let the parser report the malformed record
                continue;
            }
            long pos0;
            try {
                pos0 = Long.parseLong(line.substring(t1 + 1, t2)) - 1;
            } catch (NumberFormatException e) {
                sink.accept(line);
                continue;
            }
            long refEnd = pos0 + Math.max(1, t4 - t3 - 1);
            if (pos0 < 0 || pos0 < end && refEnd > start) { // a POS below 1 goes to the parser, which refuses it
                sink.accept(line);
            }
        }
    }

    @Override
    public void close() {
        byContig.clear();
    }
}
