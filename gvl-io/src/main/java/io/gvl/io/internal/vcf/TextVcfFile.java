package io.gvl.io.internal.vcf;

import io.gvl.io.internal.Inputs;
import io.gvl.io.variant.UnsupportedVariants;
import io.gvl.io.variant.VariantRequest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** A text VCF: raw lines from a {@link RecordSource}, decoded by a {@link VcfLineParser} per query. */
public final class TextVcfFile implements VariantFile {
    private final Path path;
    private final VcfHeader header;
    private final RecordSource source;

    public TextVcfFile(Path path, VcfHeader header, RecordSource source) {
        this.path = path;
        this.header = header;
        this.source = source;
    }

    @Override
    public VcfHeader header() {
        return header;
    }

    @Override
    public List<String> contigs() {
        return source.contigs();
    }

    @Override
    public void query(String contig, int start, int end, VariantRequest request, boolean skipUnsupported,
            BatchBuilder out) throws IOException {
        VcfLineParser parser = new VcfLineParser(path, header.samples(), request.sampleIndexes(),
                request.formatFields(), request.infoFields(), skipUnsupported);
        source.query(contig, start, end, line -> parser.parse(line, out));
    }

    @Override
    public UnsupportedVariants scanUnsupported() throws IOException {
        UnsupportedCounter counter = new UnsupportedCounter();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Inputs.openDecompressed(path),
                StandardCharsets.UTF_8), 1 << 16)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isEmpty() || line.charAt(0) == '#') {
                    continue;
                }
                String[] f = line.split("\t", 6);
                if (f.length >= 5) {
                    counter.add(AlleleKind.of(f[4]), f[0], f[1], f[3], f[4]);
                }
            }
        }
        return counter.result();
    }

    @Override
    public String recreateHint() {
        return "the file is truncated or corrupt; re-create it with bgzip and re-index with `bcftools index -t`.";
    }

    @Override
    public void close() {
        source.close();
    }
}
