package io.gvl.io.internal.vcf;

import io.gvl.io.internal.bgzf.BgzfInputStream;
import io.gvl.io.internal.csi.Chunk;
import io.gvl.io.internal.csi.CsiIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Region queries on a bgzipped VCF through a CSI (or tabix) index. Lines of the index's chunks are filtered by
 * their REF span, or INFO/END when present, as tabix does. One BGZF stream per source, so queries are serialized.
 */
public final class CsiTextSource implements RecordSource {
    private final CsiIndex index;
    private final List<String> names;
    private final List<String> contigs;
    private final BgzfInputStream in;

    public CsiTextSource(Path vcf, CsiIndex index) {
        this.index = index;
        this.names = index.meta().names();
        List<String> withRecords = new ArrayList<>();
        for (int tid = 0; tid < names.size(); tid++) {
            if (index.hasRecords(tid)) {
                withRecords.add(names.get(tid));
            }
        }
        this.contigs = List.copyOf(withRecords);
        try {
            this.in = new BgzfInputStream(vcf);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + vcf, e);
        }
    }

    @Override
    public List<String> contigs() {
        return contigs;
    }

    @Override
    public synchronized void query(String contig, int start, int end, Consumer<String> sink) throws IOException {
        int tid = names.indexOf(contig);
        for (Chunk chunk : index.chunks(tid, start, end)) {
            in.seek(chunk.begin());
            while (in.getFilePointer() < chunk.end()) {
                String line = in.readLine();
                if (line == null) {
                    break;
                }
                if (line.isEmpty() || line.charAt(0) == '#') {
                    continue;
                }
                int t1 = line.indexOf('\t');
                if (t1 != contig.length() || !line.startsWith(contig)) {
                    continue;
                }
                long[] span = span(line, t1);
                if (span == null) {
                    sink.accept(line); // malformed: the parser names the problem
                } else if (span[0] >= end) {
                    return;
                } else if (span[1] > start) {
                    sink.accept(line);
                }
            }
        }
    }

    /** 0-based {@code [begin, end)} of a record, or {@code null} when its columns cannot be read. */
    private static long[] span(String line, int t1) {
        int t2 = line.indexOf('\t', t1 + 1);
        int t3 = t2 < 0 ? -1 : line.indexOf('\t', t2 + 1);
        int t4 = t3 < 0 ? -1 : line.indexOf('\t', t3 + 1);
        if (t4 < 0) {
            return null;
        }
        long begin;
        try {
            begin = Long.parseLong(line, t1 + 1, t2, 10) - 1;
        } catch (NumberFormatException e) {
            return null;
        }
        long end = begin + Math.max(1, t4 - t3 - 1);
        long infoEnd = infoEnd(line, t4);
        return new long[] {begin, infoEnd > 0 ? infoEnd : end};
    }

    /** The INFO/END value, or -1 when the record has none. */
    private static long infoEnd(String line, int t4) {
        int t5 = line.indexOf('\t', t4 + 1);
        int t6 = t5 < 0 ? -1 : line.indexOf('\t', t5 + 1);
        int t7 = t6 < 0 ? -1 : line.indexOf('\t', t6 + 1);
        if (t7 < 0) {
            return -1;
        }
        int stop = line.indexOf('\t', t7 + 1);
        stop = stop < 0 ? line.length() : stop;
        int at = line.startsWith("END=", t7 + 1) ? t7 + 1 : line.indexOf(";END=", t7 + 1);
        if (at < 0 || at >= stop) {
            return -1;
        }
        int from = line.charAt(at) == ';' ? at + 5 : at + 4;
        int to = from;
        while (to < stop && Character.isDigit(line.charAt(to))) {
            to++;
        }
        return to == from ? -1 : Long.parseLong(line, from, to, 10);
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
