package io.gvl.io.internal.bcf;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.csi.Chunk;
import io.gvl.io.internal.csi.CsiIndex;
import io.gvl.io.internal.vcf.BatchBuilder;
import io.gvl.io.internal.vcf.GenotypeRowFeed;
import io.gvl.io.internal.vcf.UnsupportedCounter;
import io.gvl.io.internal.vcf.VariantFile;
import io.gvl.io.internal.vcf.VcfHeader;
import io.gvl.io.variant.GenotypeRows;
import io.gvl.io.variant.UnsupportedVariants;
import io.gvl.io.variant.VariantRequest;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.function.Predicate;

/**
 * A BGZF BCF 2.1/2.2 file queried through its CSI index. htsjdk's BCF codec only accepts BCF 2.1 and decodes every
 * INFO value and whole genotype objects, so records are read here and decoded by {@link BcfRecordDecoder}, which
 * touches only what a request names. Queries share one stream and are serialized. A genotype query that starts at or
 * past where the previous one ended reads on from the record that ended it.
 */
public final class BcfFile implements VariantFile {
    private final Path path;
    private final BcfStream stream;
    private final CsiIndex index;
    private final Object2IntOpenHashMap<String> tids = new Object2IntOpenHashMap<>();
    private final List<String> contigs;
    private final BcfRecord record = new BcfRecord();
    /** Where the last genotype query stopped, when a later one may read on from there; null otherwise. */
    private QueryEnd last;
    /** Records the current genotype query decoded that reach past its end. */
    private final LongArrayList spanning = new LongArrayList();

    private BcfFile(Path path, BcfStream stream, CsiIndex index) {
        this.path = path;
        this.stream = stream;
        this.index = index;
        List<String> names = stream.header().contigs();
        List<String> withRecords = new ArrayList<>();
        for (int tid = 0; tid < names.size(); tid++) {
            if (names.get(tid) != null) {
                tids.put(names.get(tid), tid);
                if (index.hasRecords(tid)) {
                    withRecords.add(names.get(tid));
                }
            }
        }
        this.contigs = List.copyOf(withRecords);
    }

    /** Opens {@code bcf} with its CSI index {@code csi} (already checked to exist and be current). */
    public static BcfFile open(Path bcf, Path csi) {
        CsiIndex index = CsiIndex.read(csi);
        BcfStream stream = new BcfStream(bcf);
        int declared = stream.header().contigs().size();
        if (index.references() > declared) {
            stream.close();
            throw new InputFormatException(csi, "", "the index describes " + index.references() + " contigs but "
                    + bcf.getFileName() + " declares " + declared + ", so it belongs to another file.",
                    "re-index: `bcftools index -f " + bcf + "`.");
        }
        return new BcfFile(bcf, stream, index);
    }

    @Override
    public VcfHeader header() {
        return stream.header().vcf();
    }

    @Override
    public List<String> contigs() {
        return contigs;
    }

    @Override
    public int[] splitPositions(String contig, int parts) {
        return tids.containsKey(contig) ? index.splitPositions(tids.getInt(contig), parts) : new int[0];
    }

    @Override
    public synchronized long query(String contig, int start, int end, VariantRequest request, boolean skipUnsupported,
            BatchBuilder out) throws IOException {
        if (!tids.containsKey(contig)) {
            return 0;
        }
        int tid = tids.getInt(contig);
        BcfRecordDecoder decoder = new BcfRecordDecoder(path, stream.header(), request, skipUnsupported);
        for (Chunk chunk : index.chunks(tid, start, end)) {
            stream.seek(chunk.begin());
            while (stream.position() < chunk.end() && stream.next(record, decoder.needsSamples())) {
                if (record.chrom != tid) {
                    continue;
                }
                if (record.pos >= end) {
                    return decoder.unsupported();
                }
                if (record.end() > start) {
                    decode(decoder, out);
                }
            }
        }
        return decoder.unsupported();
    }

    /**
     * The sites as {@link #query} reads them, each record read with its per-sample part only when its row is wanted
     * (decided on its position, after the shared part), and then decoded by a {@link BcfGenotypeDecoder}.
     */
    @Override
    public synchronized long queryGenotyped(String contig, int start, int end, VariantRequest sites,
            boolean skipUnsupported, BatchBuilder out, int[] sampleIndexes, GenotypeRows rows) throws IOException {
        if (!tids.containsKey(contig)) {
            return 0;
        }
        int tid = tids.getInt(contig);
        BcfRecordDecoder decoder = new BcfRecordDecoder(path, stream.header(), sites, skipUnsupported);
        BcfGenotypeDecoder calls = new BcfGenotypeDecoder(path, stream.header(), sampleIndexes, skipUnsupported);
        GenotypeRowFeed feed = new GenotypeRowFeed(path, rows, sampleIndexes.length);
        Predicate<BcfRecord> wanted = r -> r.chrom == tid && r.pos < end && r.end() > start && feed.wants(r.pos);
        for (Chunk chunk : index.chunks(tid, start, end)) {
            stream.seek(chunk.begin());
            while (stream.position() < chunk.end() && stream.next(record, wanted)) {
                if (record.chrom != tid) {
                    continue;
                }
                if (record.pos >= end) {
                    return decoder.unsupported();
                }
                if (record.end() <= start) {
                    continue;
                }
                int before = out.size();
                decode(decoder, out);
                if (out.size() == before) {
                    continue;
                }
                int position = out.position(before);
                if (wanted.test(record)) { // read with its samples
                    feed.decoded(contig, position, (row, place, list) -> calls.decode(record, row, place, list));
                } else {
                    feed.unwanted(position);
                }
            }
        }
        return decoder.unsupported();
    }

    @Override
    public synchronized void genotypes(String contig, int start, int end, int[] sampleIndexes,
            boolean skipUnsupported, byte[] out, IntUnaryOperator place) throws IOException {
        if (!tids.containsKey(contig)) {
            return;
        }
        int tid = tids.getInt(contig);
        BcfGenotypeDecoder decoder = new BcfGenotypeDecoder(path, stream.header(), sampleIndexes, skipUnsupported);
        boolean samples = decoder.needsSamples();
        // only the records the query decodes are read with their samples: the chunk's records before the region
        // are stepped over
        Predicate<BcfRecord> decoded = r -> samples && r.chrom == tid && r.pos < end
                && r.end() > start;
        List<Chunk> chunks = index.chunks(tid, start, end);
        QueryEnd previous = last;
        last = null;
        spanning.clear();
        if (previous != null && previous.tid() == tid && start >= previous.end() && !chunks.isEmpty()
                && Long.compareUnsigned(previous.stop(), chunks.get(0).begin()) >= 0) {
            for (long at : previous.spanning()) {
                stream.seek(at);
                if (stream.next(record, decoded) && record.chrom == tid && record.pos < end && record.end() > start) {
                    genotypeRecord(decoder, at, start, end, out, place);
                }
            }
            stream.seek(previous.stop());
            while (true) {
                long at = stream.position();
                if (!stream.next(record, decoded) || record.chrom != tid) {
                    return; // the end of the file or of this contig's records
                }
                if (record.pos >= end) {
                    last = new QueryEnd(tid, end, at, spanning.toLongArray());
                    return;
                }
                if (record.end() > start) {
                    genotypeRecord(decoder, at, start, end, out, place);
                }
            }
        }
        for (Chunk chunk : chunks) {
            stream.seek(chunk.begin());
            boolean chunkStart = true;
            while (stream.position() < chunk.end()) {
                long at = stream.position();
                if (!stream.next(record, decoded)) {
                    break;
                }
                boolean afterSeek = chunkStart;
                chunkStart = false;
                if (record.chrom != tid) {
                    continue;
                }
                if (record.pos >= end) {
                    if (!afterSeek) { // read on from the record before it, so none of the contig's was skipped
                        last = new QueryEnd(tid, end, at, spanning.toLongArray());
                    }
                    return;
                }
                if (record.end() > start) {
                    genotypeRecord(decoder, at, start, end, out, place);
                }
            }
        }
    }

    /** Decodes the record just read at {@code at} for a genotype query, noting it if it reaches past the end. */
    private void genotypeRecord(BcfGenotypeDecoder decoder, long at, int start, int end, byte[] out,
            IntUnaryOperator place) {
        if (record.end() > end) {
            spanning.add(at);
        }
        try {
            decoder.decode(record, out, place);
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            throw malformed(e);
        }
    }

    /**
     * Where the last genotype query stopped: {@code stop} is the first record of contig {@code tid} at or past
     * {@code end} in file order, {@code spanning} the records it decoded that reach past {@code end}. A genotype
     * query of the same contig starting at or past {@code end} finds every record it needs there (the file is
     * sorted), so the write's consecutive queries read on instead of going back to the start of the index's bin.
     */
    private record QueryEnd(int tid, int end, long stop, long[] spanning) {}

    private void decode(BcfRecordDecoder decoder, BatchBuilder out) {
        try {
            decoder.decode(record, out);
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            throw malformed(e);
        }
    }

    private InputFormatException malformed(RuntimeException e) {
        return new InputFormatException(path, "record " + stream.header().contig(record.chrom) + ":"
                + (record.pos + 1L), "its INFO or sample data is malformed (" + e.getMessage() + ").",
                BcfStream.RECREATE, e);
    }

    @Override
    public synchronized UnsupportedVariants scanUnsupported() throws IOException {
        UnsupportedCounter counter = new UnsupportedCounter();
        stream.seek(-1);
        while (stream.next(record, false)) {
            counter.add(record.kind(), String.valueOf(stream.header().contig(record.chrom)),
                    String.valueOf(record.pos + 1L), record.allele(0), record.altText());
        }
        return counter.result();
    }

    @Override
    public String recreateHint() {
        return BcfStream.RECREATE;
    }

    @Override
    public void close() {
        stream.close();
    }
}
