package io.gvl.io.internal.vcf;

import io.gvl.io.internal.Inputs;
import io.gvl.io.internal.bgzf.BgzfInputStream;
import io.gvl.io.variant.GenotypeRows;
import io.gvl.io.variant.UnsupportedVariants;
import io.gvl.io.variant.VariantRequest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntUnaryOperator;

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
    public int[] splitPositions(String contig, int parts) {
        return source.splitPositions(contig, parts);
    }

    @Override
    public long query(String contig, int start, int end, VariantRequest request, boolean skipUnsupported,
            BatchBuilder out) throws IOException {
        VcfLineParser parser = new VcfLineParser(path, header.samples(), request.sampleIndexes(),
                request.formatFields(), request.infoFields(), skipUnsupported);
        if (request.sampleIndexes().length == 0 && request.formatFields().isEmpty()) {
            // sites only: the parser reads nothing past INFO, so it is given the first eight columns alone; the
            // source copies little more than those, and the sample columns are never decoded into a string
            source.querySites(contig, start, end, (line, length) -> parser.parse(new String(line, 0,
                    sitesLength(line, length), StandardCharsets.UTF_8), out));
            return parser.unsupported();
        }
        source.query(contig, start, end, line -> parser.parse(line, out));
        return parser.unsupported();
    }

    /**
     * The sites as {@link #query} reads them, each line read whole only when its row is wanted (decided on its POS,
     * before the rest of the line is read), and then decoded by a {@link GenotypeLineDecoder}.
     */
    @Override
    public long queryGenotyped(String contig, int start, int end, VariantRequest sites, boolean skipUnsupported,
            BatchBuilder out, int[] sampleIndexes, GenotypeRows rows) throws IOException {
        VcfLineParser parser = new VcfLineParser(path, header.samples(), new int[0], List.of(), sites.infoFields(),
                skipUnsupported);
        GenotypeLineDecoder decoder = new GenotypeLineDecoder(path, header.samples(), sampleIndexes, skipUnsupported);
        GenotypeRowFeed feed = new GenotypeRowFeed(path, rows, sampleIndexes.length);
        // per line: -1 when it was read whole without being asked about, else whether it was asked for whole
        int[] asked = {-1};
        source.queryLines(contig, start, end, (line, length) -> {
            int pos = position(line, length);
            asked[0] = pos < 0 || feed.wants(pos - 1) ? 1 : 0;
            return asked[0] == 1;
        }, (line, length) -> {
            boolean whole = asked[0] != 0;
            asked[0] = -1;
            int before = out.size();
            parser.parse(new String(line, 0, sitesLength(line, length), StandardCharsets.UTF_8), out);
            if (out.size() == before) {
                return;
            }
            int position = out.position(before);
            if (whole && feed.wants(position)) {
                feed.decoded(contig, position, (row, place, list) -> decoder.decode(line, length, row, place, list));
            } else {
                feed.unwanted(position);
            }
        });
        return parser.unsupported();
    }

    /** The POS of a line's start as plain digits, or -1 when it is anything else (the line is then read whole). */
    private static int position(byte[] line, int length) {
        int i = 0;
        while (i < length && line[i] != '\t') {
            i++;
        }
        long pos = 0;
        int digits = 0;
        for (i++; i < length && line[i] != '\t'; i++, digits++) {
            int d = line[i] - '0';
            if (d < 0 || d > 9 || digits == 10) {
                return -1;
            }
            pos = pos * 10 + d;
        }
        return digits == 0 || i == length || pos > Integer.MAX_VALUE ? -1 : (int) pos;
    }

    /** Bytes before the tab that ends INFO (the eighth tab), or the whole line when it has fewer tabs. */
    static int sitesLength(byte[] line, int length) {
        int tabs = 0;
        for (int i = 0; i < length; i++) {
            if (line[i] == '\t' && ++tabs == 8) {
                return i;
            }
        }
        return length;
    }

    @Override
    public void genotypes(String contig, int start, int end, int[] sampleIndexes, boolean skipUnsupported,
            byte[] out, IntUnaryOperator place) throws IOException {
        GenotypeLineDecoder decoder = new GenotypeLineDecoder(path, header.samples(), sampleIndexes, skipUnsupported);
        source.queryBytes(contig, start, end, (line, length) -> decoder.decode(line, length, out, place));
    }

    @Override
    public UnsupportedVariants scanUnsupported() throws IOException {
        if (isBgzf()) {
            return scanBgzf();
        }
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

    private boolean isBgzf() throws IOException {
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(path)) {
            byte[] head = in.readNBytes(18);
            return BgzfInputStream.isBgzfHeader(head, head.length);
        }
    }

    /**
     * The scan of a bgzipped VCF on line bytes: the first five columns are found by their tabs and turned into
     * strings only for a record that is not plain-letter biallelic, so the sample columns are never decoded. Counts
     * and the first example are those of the text scan.
     */
    private UnsupportedVariants scanBgzf() throws IOException {
        UnsupportedCounter counter = new UnsupportedCounter();
        int[] tabs = new int[5];
        try (BgzfInputStream in = new BgzfInputStream(path)) {
            int length;
            while ((length = in.readLineBytes()) >= 0) {
                byte[] line = in.line();
                if (length == 0 || line[0] == '#') {
                    continue;
                }
                int n = 0;
                for (int i = 0; i < length && n < 5; i++) {
                    if (line[i] == '\t') {
                        tabs[n++] = i;
                    }
                }
                if (n < 4) {
                    continue;
                }
                int altEnd = n == 5 ? tabs[4] : length;
                AlleleKind kind = AlleleKind.of(line, tabs[3] + 1, altEnd);
                if (kind != AlleleKind.SUPPORTED) {
                    counter.add(kind, text(line, 0, tabs[0]), text(line, tabs[0] + 1, tabs[1]),
                            text(line, tabs[2] + 1, tabs[3]), text(line, tabs[3] + 1, altEnd));
                }
            }
        }
        return counter.result();
    }

    private static String text(byte[] line, int from, int to) {
        return new String(line, from, to - from, StandardCharsets.UTF_8);
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
