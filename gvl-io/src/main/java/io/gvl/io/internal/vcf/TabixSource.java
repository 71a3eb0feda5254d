package io.gvl.io.internal.vcf;

import htsjdk.tribble.readers.TabixReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * Region queries through htsjdk's tabix reader, which hands back raw lines (no VariantContext decoding).
 * htsjdk's reader keeps one file pointer, so queries on one source are serialized.
 */
public final class TabixSource implements RecordSource {
    /** Tabix binning covers positions below 2^29; a wider query end is clamped to it. */
    private static final int TBI_MAX = 1 << 29;

    private final TabixReader reader;
    private final List<String> contigs;

    public TabixSource(Path vcf, Path tbi) {
        try {
            reader = new TabixReader(vcf.toString(), tbi.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + vcf + " with index " + tbi, e);
        }
        List<String> names = new ArrayList<>(reader.getChromosomes());
        names.sort(Comparator.comparingInt(reader::chr2tid));
        contigs = List.copyOf(names);
    }

    @Override
    public List<String> contigs() {
        return contigs;
    }

    @Override
    public synchronized void query(String contig, int start, int end, Consumer<String> sink) throws IOException {
        int tid = reader.chr2tid(contig);
        if (tid < 0) {
            return;
        }
        TabixReader.Iterator it = reader.query(tid, Math.min(start, TBI_MAX), Math.min(end, TBI_MAX));
        String line;
        while (it != null && (line = it.next()) != null) {
            sink.accept(line);
        }
    }

    @Override
    public void close() {
        reader.close();
    }
}
