package io.gvl.io.internal.vcf;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.bgzf.BgzfInputStream;
import io.gvl.io.internal.csi.Chunk;
import io.gvl.io.internal.csi.CsiIndex;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Region queries on a bgzipped VCF through its tabix or CSI index. Lines of the index's chunks are filtered by
 * their REF span, or INFO/END when present, as tabix does. An index that belongs to another file, or to an
 * earlier state of this one, would make records vanish without an error, so the index is checked against the
 * data: at open, the first record must sit where the index's first chunk starts, each indexed contig's first
 * chunk must start at a record of that contig, and nothing may follow the index's last chunk; on every query,
 * each chunk must start at a record of the queried contig inside the bin it is listed for, hold only
 * that contig's records, end at a line boundary, and no record may start inside the region past the last chunk.
 * A query that starts at or past where the previous one ended reads on from the record that ended it (the write's
 * consecutive genotype queries), rather than from the start of the index's bin, which may be far behind.
 * One BGZF stream per source, so queries are serialized.
 */
public final class IndexedTextSource implements RecordSource {
    private final Path vcf;
    private final Path indexFile;
    private final String reindex;
    private final CsiIndex index;
    private final List<String> names;
    private final List<String> contigs;
    private final BgzfInputStream in;
    private final BgzfPositions positions;
    private final RecordSpan span = new RecordSpan();
    /**
     * Bytes a sites-only line keeps at least: {@link Lines#excerpt}'s 60 characters and the one that says more
     * follow, at up to four bytes each.
     */
    static final int SITES_MIN_BYTES = 256;
    /** Whether the query running reads lines only up to INFO ({@link #querySites}, {@link #queryLines}). */
    private boolean startsOnly;
    /** Of those, the lines read whole ({@link #queryLines}); {@code null} for none. */
    private BgzfInputStream.LineTest whole;
    /** Where the last query stopped, when a later one may read on from there; null otherwise. */
    private QueryEnd last;
    /** Lines of the records the current query fed that reach past its end. */
    private final LongArrayList spanning = new LongArrayList();

    /** {@code reindex} is the command that rebuilds the index, quoted in every mismatch error. */
    public IndexedTextSource(Path vcf, Path indexFile, CsiIndex index, String reindex) {
        this.vcf = vcf;
        this.indexFile = indexFile;
        this.reindex = reindex;
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
        this.positions = new BgzfPositions(vcf);
        try {
            checkWholeFile();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Override
    public List<String> contigs() {
        return contigs;
    }

    @Override
    public int[] splitPositions(String contig, int parts) {
        return index.splitPositions(names.indexOf(contig), parts);
    }

    private void checkWholeFile() {
        String where = "index check";
        try {
            long at = 0;
            String line;
            while ((line = in.readLine()) != null && (line.isEmpty() || line.charAt(0) == '#')) {
                at = in.getFilePointer();
            }
            long first = index.firstChunkBegin();
            if (line == null && first >= 0) {
                throw mismatch(where, "it lists records but the file has none");
            }
            if (line != null && first < 0) {
                throw mismatch(where, "it lists no records but the file has some, starting with " + Lines.excerpt(line));
            }
            if (line != null && !positions.same(at, first)) {
                throw mismatch(where, "the file's first record (" + Lines.excerpt(line) + ") is not where the index's "
                        + "first chunk starts");
            }
            for (int tid = 0; tid < names.size(); tid++) {
                long begin = index.firstChunkBegin(tid);
                if (begin >= 0) {
                    seek(where, begin);
                    String record = in.readLine();
                    if (record == null || contigOf(record, names.get(tid)) < 0) {
                        throw mismatch(where, "its first chunk for contig " + names.get(tid) + " starts at "
                                + (record == null ? "the end of the file" : Lines.excerpt(record)));
                    }
                }
            }
            long last = index.lastChunkEnd();
            if (last >= 0) {
                seek(where, positions.canonical(last));
                String after;
                while ((after = in.readLine()) != null) {
                    if (!after.isEmpty()) {
                        throw mismatch(where, "records follow the last one it lists, starting with "
                                + Lines.excerpt(after));
                    }
                }
            }
        } catch (IOException e) {
            throw mismatch(where, "reading where it points fails (" + e.getMessage() + ")");
        }
    }

    @Override
    public void query(String contig, int start, int end, Consumer<String> sink) throws IOException {
        queryBytes(contig, start, end, (line, length) -> sink.accept(new String(line, 0, length,
                StandardCharsets.UTF_8)));
    }

    @Override
    public void querySites(String contig, int start, int end, LineSink sink) throws IOException {
        queryLines(contig, start, end, null, sink);
    }

    @Override
    public synchronized void queryLines(String contig, int start, int end, BgzfInputStream.LineTest whole,
            LineSink sink) throws IOException {
        startsOnly = true;
        this.whole = whole;
        try {
            queryBytes(contig, start, end, sink);
        } finally {
            startsOnly = false;
            this.whole = null;
        }
    }

    /**
     * The next line from the stream: all of it, or for {@link #querySites} and {@link #queryLines} its start up to
     * its eighth tab (and at least {@link #SITES_MIN_BYTES} bytes, so an excerpt in an error reads as from the whole
     * line), or all of it when {@link #whole} wants it.
     */
    private int readLine() throws IOException {
        return startsOnly ? in.readLineStart(8, SITES_MIN_BYTES, whole) : in.readLineBytes();
    }

    @Override
    public synchronized void queryBytes(String contig, int start, int end, LineSink sink) throws IOException {
        String where = "region " + contig + ":" + (start + 1) + "-" + end;
        List<Chunk> chunks = index.chunks(names.indexOf(contig), start, end);
        byte[] name = contig.getBytes(StandardCharsets.UTF_8);
        QueryEnd previous = last;
        last = null;
        spanning.clear();
        if (previous != null && previous.resumes(contig, start) && !chunks.isEmpty()
                && Long.compareUnsigned(previous.stop(), chunks.get(0).begin()) >= 0) {
            resume(where, previous, name, start, end, sink);
            return;
        }
        for (Chunk chunk : chunks) {
            if (!readChunk(where, chunk, contig, name, start, end, sink)) {
                return;
            }
        }
        if (!chunks.isEmpty()) {
            requireNoMissedRecord(where, contig, start, end);
        }
    }

    /**
     * Where the last query stopped: {@code stop} is the line of the first record of {@code contig} at or past
     * {@code end} in file order, and {@code spanning} the lines of the records it fed that reach past {@code end}. A
     * query of the same contig starting at or past {@code end} finds every record it needs there (the file is
     * sorted), so the write's consecutive queries read on instead of going back to the start of the index's bin.
     */
    private record QueryEnd(String contig, int end, long stop, long[] spanning) {
        boolean resumes(String c, int start) {
            return contig.equals(c) && start >= end;
        }
    }

    /** Feeds the records of {@code [start, end)} from where the previous query stopped (see {@link QueryEnd}). */
    private void resume(String where, QueryEnd previous, byte[] name, int start, int end, LineSink sink)
            throws IOException {
        for (long at : previous.spanning()) {
            seek(where, at);
            int length = readLine();
            byte[] line = in.line();
            if (length > 0 && span.read(line, length, name.length) && span.end > start && span.begin < end) {
                spanningFed(at, end);
                sink.accept(line, length);
            }
        }
        seek(where, previous.stop());
        while (true) {
            long at = in.getFilePointer();
            int length = readLine();
            if (length < 0) {
                return;
            }
            if (length == 0) {
                continue;
            }
            byte[] line = in.line();
            if (!RecordSpan.ofContig(line, length, name)) {
                return; // the next contig: this one has no more records
            }
            if (!span.read(line, length, name.length)) {
                sink.accept(line, length); // malformed: the parser names the problem
            } else if (span.begin >= end) {
                last = new QueryEnd(new String(name, StandardCharsets.UTF_8), end, at, spanning.toLongArray());
                return;
            } else if (span.end > start) {
                spanningFed(at, end);
                sink.accept(line, length);
            }
        }
    }

    /** Notes the record just read at {@code at} if it reaches past the query's end (see {@link QueryEnd}). */
    private void spanningFed(long at, int end) {
        if (span.end > end) {
            spanning.add(at);
        }
    }

    /**
     * Feeds the chunk's overlapping records; returns false once a record starts at or past {@code end}. Lines are
     * checked as bytes (see {@link RecordSpan}), so a query makes no string per line.
     */
    private boolean readChunk(String where, Chunk chunk, String contig, byte[] name, int start, int end,
            LineSink sink) throws IOException {
        seek(where, chunk.begin());
        boolean first = true;
        while (true) {
            long at = in.getFilePointer();
            if (at >= chunk.end() || positions.same(at, chunk.end())) {
                return true;
            }
            int length = readLine();
            if (length < 0) {
                throw mismatch(where, "one of its chunks runs past the end of the file");
            }
            byte[] line = in.line();
            long after = in.getFilePointer();
            if (after > chunk.end() && !positions.same(after, chunk.end())) {
                throw mismatch(where, "one of its chunks ends inside the line " + excerpt(line, length));
            }
            if (length == 0) {
                continue;
            }
            boolean ofContig = RecordSpan.ofContig(line, length, name);
            boolean readable = ofContig && span.read(line, length, name.length);
            boolean chunkStart = first;
            if (first) {
                if (!readable) {
                    throw mismatch(where, "one of its chunks starts at " + excerpt(line, length)
                            + ", not at a record of contig " + contig);
                }
                if (span.begin < chunk.binStart() || span.begin >= chunk.binEnd()) {
                    throw mismatch(where, "one of its chunks starts at the record " + excerpt(line, length)
                            + ", outside the bin " + (chunk.binStart() + 1) + "-" + chunk.binEnd() + " it is listed in");
                }
                first = false;
            } else if (!ofContig) {
                throw mismatch(where, "one of its chunks for contig " + contig + " holds the line "
                        + excerpt(line, length));
            }
            if (!readable) {
                sink.accept(line, length); // malformed: the parser names the problem
            } else if (span.begin >= end) {
                if (!chunkStart) { // read on from a fed record, so no record of the contig in between was skipped
                    last = new QueryEnd(contig, end, at, spanning.toLongArray());
                }
                return false;
            } else if (span.end > start) {
                spanningFed(at, end);
                sink.accept(line, length);
            }
        }
    }

    private static String excerpt(byte[] line, int length) {
        return Lines.excerpt(new String(line, 0, length, StandardCharsets.UTF_8));
    }

    /** After the last chunk, a record of the contig that starts inside the region was left out by the index. */
    private void requireNoMissedRecord(String where, String contig, int start, int end) throws IOException {
        String line;
        while ((line = in.readLine()) != null && line.isEmpty()) {
            // blank lines carry no record
        }
        int t1 = line == null ? -1 : contigOf(line, contig);
        long[] span = t1 < 0 ? null : span(line, t1);
        if (span != null && span[0] >= start && span[0] < end) {
            throw mismatch(where, "the record " + Lines.excerpt(line) + " lies in the region but in none of its chunks");
        }
    }

    private void seek(String where, long offset) {
        long size = fileSize();
        long address = offset >>> 16;
        if (address > size || (address == size && (offset & 0xffff) != 0)) { // the very end is a valid position
            throw new InputFormatException(vcf, where, "the index " + indexFile + " does not match this file: it"
                    + " points to byte " + address + " but the file has only " + size + " bytes, so the file is"
                    + " truncated or the index belongs to another file.", "if the file was cut short, re-download or re-create it with bgzip; otherwise"
                    + " re-index it: `" + reindex + "`.");
        }
        try {
            in.seek(offset);
        } catch (IOException | RuntimeException e) {
            throw mismatch(where, "it points to offset " + (offset >>> 16) + ":" + (offset & 0xffff)
                    + ", which is not a position in the file (" + e.getMessage() + ")");
        }
    }

    private long fileSize() {
        try {
            return Files.size(vcf);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stat " + vcf, e);
        }
    }

    private InputFormatException mismatch(String where, String detail) {
        return new InputFormatException(vcf, where, "the index " + indexFile + " does not match this file: " + detail
                + ". It belongs to another file or to an earlier version of this one (a copy or re-compression"
                + " keeps the old index, and a newer time stamp does not make it current).",
                "re-index it: `" + reindex + "`.");
    }

    /** Index of the tab ending the CHROM column when the line is a record of {@code contig}, else -1. */
    private static int contigOf(String line, String contig) {
        int t1 = line.indexOf('\t');
        return t1 == contig.length() && line.startsWith(contig) ? t1 : -1;
    }

    /** 0-based {@code [begin, end)} of a record, or {@code null} when its columns cannot be read. */
    static long[] span(String line, int t1) {
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
        return to == from || to - from > 18 ? -1 : Long.parseLong(line, from, to, 10);
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            positions.close();
        }
    }
}
