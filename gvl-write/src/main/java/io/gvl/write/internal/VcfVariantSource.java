package io.gvl.write.internal;

import io.gvl.format.VariantTable;
import io.gvl.io.InputFormatException;
import io.gvl.io.variant.VariantBatch;
import io.gvl.io.variant.VariantRequest;
import io.gvl.io.vcf.GenotypedTable;
import io.gvl.io.vcf.VcfReader;
import io.gvl.write.spec.CarrierBlock;
import io.gvl.write.spec.VariantSource;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link VariantSource} over gvl-io's tabix VCF reader. The variant table is every record in file order (contig
 * by contig, records without an ALT skipped as the reader skips them), so a row is a variant index. Calls for a
 * run of rows are read with one region query covering the rows' starts; records that only span into that region
 * (deletions starting earlier) and same-position records before the first row are dropped by position and count.
 * Where rows lie comes from the write's rows once {@link #locateRows} gave them (a part's source then never reads
 * the whole table), else from this source's own table.
 * Numeric INFO fields ({@code AF} when declared, plus any requested) are decoded with the table; {@code DS}
 * dosages, when the header declares them, are read per run of rows like genotypes.
 *
 * <p>Genotypes go through the reader's genotype-only decode ({@link VcfReader#genotypes}: POS, ALT kind and GT
 * only, rows written straight into the caller's buffer) unless the source was opened with it off, or the system
 * property {@value #DECODE_PROPERTY} is {@code full}; then every run is read as a full query, as before. Both give
 * the same bytes (see docs/scale.md, "Genotype-only VCF/BCF decode"). A write in one process also has the table
 * read keep the calls near its regions ({@link #keepCalls}, {@link CarrierCache}), so those runs are not read twice.
 */
public final class VcfVariantSource implements VariantSource {
    private static final Logger LOG = LoggerFactory.getLogger(VcfVariantSource.class);
    private static final String DS = "DS";
    /** {@code full} turns the genotype-only decode off (for comparisons and benchmarks); {@code fast} is the default. */
    public static final String DECODE_PROPERTY = "gvl.vcf.genotypes";

    private final VcfReader reader;
    /** Readers for the genotype and dosage queries, one per thread at a time. */
    private final VcfReaderPool queries;
    private final List<String> infoFields;
    private final List<String> integerInfo;
    private final boolean dosages;
    private final boolean genotypeOnly;
    private VariantTable table;
    private List<VariantTable.NumericColumn> info;
    private int[] start0;
    private String[] chrom;
    /** Where rows lie: the write's rows once given, else this source's own table. */
    private volatile RowLocator rows;
    /** How many readers read the variant table at once ({@link #readTableWith}). */
    private int tableThreads = 1;
    /** What {@link #keepCalls} asked for, until the table is read; then {@code null}. */
    private KeepCalls keepCalls;
    /** The calls kept from the table read, or {@code null} (every run of rows is read from the file). */
    private volatile CarrierCache kept;

    /** The samples, spill directory and region windows of {@link #keepCalls}. */
    private record KeepCalls(int[] selection, Path spillDir, Map<String, int[]> windows) {
    }

    private VcfVariantSource(VcfReader reader, List<String> infoFields, List<String> integerInfo, boolean dosages,
            boolean genotypeOnly) {
        this.reader = reader;
        this.queries = new VcfReaderPool(reader.path());
        this.genotypeOnly = genotypeOnly;
        this.infoFields = List.copyOf(infoFields);
        this.integerInfo = List.copyOf(integerInfo);
        this.dosages = dosages;
    }

    /** Opens a bgzipped, tabix-indexed (or small plain) VCF; stores INFO/AF when the header declares it. */
    public static VcfVariantSource open(Path vcf) {
        return open(vcf, List.of());
    }

    /** As {@link #open(Path)}, also storing the numeric INFO fields {@code info} (each must be declared). */
    public static VcfVariantSource open(Path vcf, List<String> info) {
        return open(vcf, info, !"full".equals(System.getProperty(DECODE_PROPERTY, "fast")));
    }

    /**
     * As {@link #open(Path, List)}, choosing how genotypes are read: {@code genotypeOnly} through the reader's
     * genotype-only decode, otherwise through full queries (the path before it; kept for comparisons).
     */
    public static VcfVariantSource open(Path vcf, List<String> info, boolean genotypeOnly) {
        VcfReader reader = VcfReader.open(vcf);
        try {
            return open(reader, new VcfHeaderFields(reader.declaredInfo(), reader.declaredFormat()), info,
                    genotypeOnly);
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    private static VcfVariantSource open(VcfReader reader, VcfHeaderFields header, List<String> info,
            boolean genotypeOnly) {
        Path vcf = reader.path();
        List<String> fields = new ArrayList<>();
        if (header.numericInfo("AF")) {
            fields.add("AF");
        }
        for (String f : info) {
            if (!header.numericInfo(f)) {
                throw new InputFormatException(vcf, "INFO/" + f, "is not declared as a numeric (Integer or Float)"
                        + " INFO field in the header (declared: " + header.info().keySet() + ").",
                        "request only numeric INFO fields the header declares.");
            }
            if (!fields.contains(f)) {
                fields.add(f);
            }
        }
        List<String> integers = fields.stream().filter(f -> "Integer".equals(header.info().get(f))).toList();
        return new VcfVariantSource(reader, fields, integers, header.hasDosages(), genotypeOnly);
    }

    @Override
    public Path path() {
        return reader.path();
    }

    @Override
    public List<String> samples() {
        return reader.samples();
    }

    @Override
    public List<String> contigs() {
        return reader.normalizer().contigs();
    }

    @Override
    public int ploidy() {
        return 2;
    }

    /**
     * Lets {@link #variants()} read the table with up to {@code threads} readers at once (the write's threads; the
     * table is the same, see {@link VcfReader#requireSupportedAndReadAll(VariantRequest, int)}).
     */
    synchronized void readTableWith(int threads) {
        tableThreads = Math.max(1, threads);
    }

    /**
     * Makes {@link #variants()} keep the calls of {@code selection} near the write's regions from its read of the
     * file ({@link CarrierCache}), so that {@link #carriers} reads the file only for rows it did not keep. Only with
     * the genotype-only decode; call before {@link #variants()}.
     *
     * @param selection the write's samples, as indexes into {@link #samples()}, in dataset order
     * @param spillDir where the kept calls are spilled
     * @param windows each BED contig's windows: merged, sorted {@code [from, to)} pairs
     */
    synchronized void keepCalls(int[] selection, Path spillDir, Map<String, int[]> windows) {
        if (!genotypeOnly || table != null) {
            return;
        }
        Map<String, int[]> byFileName = new HashMap<>();
        windows.forEach((contig, w) -> {
            String name = reader.normalizer().normalize(contig);
            if (name != null) {
                byFileName.put(name, w);
            }
        });
        keepCalls = new KeepCalls(selection.clone(), spillDir, byFileName);
    }

    /** Whether {@link #carriers} is served from calls kept from the table read (for tests). */
    boolean keepsCalls() {
        return kept != null;
    }

    /** Reads the table, keeping the calls {@link #keepCalls} asked for when the read allows it. */
    private List<VariantBatch> readTableKeepingCalls(VariantRequest request) {
        KeepCalls k = keepCalls;
        keepCalls = null;
        CarrierCache cache;
        try {
            cache = new CarrierCache(k.spillDir(), k.selection(), k.windows());
        } catch (UncheckedIOException e) {
            LOG.debug("{}: no spill file for the calls ({}); read per run of rows", reader.path(), e.getMessage());
            return reader.requireSupportedAndReadAll(request, tableThreads);
        }
        try {
            GenotypedTable<CarrierCache.Run> read = reader.requireSupportedAndReadAll(request, tableThreads,
                    k.selection(), cache::newRun);
            if (read.rows() != null && cache.index(read.batches(), read.rows())) {
                kept = cache;
                LOG.debug("{}: calls of the table read kept, {} bytes spilled", reader.path(), cache.spilledBytes());
            } else {
                cache.close();
                LOG.debug("{}: calls not kept from the table read; read per run of rows", reader.path());
            }
            return read.batches();
        } catch (RuntimeException | Error e) {
            cache.close();
            throw e;
        }
    }

    /** Checks the whole file for records GVL rejects (one error with counts), then reads every record. */
    @Override
    public synchronized VariantTable variants() {
        if (table != null) {
            return table;
        }
        VariantRequest request = new VariantRequest(new int[0], List.of(), infoFields);
        List<String> chroms = new ArrayList<>(reader.contigs());
        List<VariantBatch> batches;
        if (genotypeOnly && keepCalls != null) {
            batches = readTableKeepingCalls(request);
        } else if (genotypeOnly) {
            batches = reader.requireSupportedAndReadAll(request, tableThreads); // the same, in one read of the file
        } else {
            reader.requireSupported();
            batches = new ArrayList<>();
            for (String c : chroms) {
                batches.add(reader.query(c, 0, Integer.MAX_VALUE, request));
            }
        }
        int n = 0;
        for (VariantBatch b : batches) {
            n += b.size();
        }
        chrom = new String[n];
        long[] pos = new long[n];
        String[] ref = new String[n];
        String[] alt = new String[n];
        int[] ilen = new int[n];
        float[][] values = new float[infoFields.size()][n];
        start0 = new int[n];
        int row = 0;
        for (int bi = 0; bi < batches.size(); bi++) {
            VariantBatch b = batches.get(bi);
            for (int f = 0; f < infoFields.size(); f++) {
                System.arraycopy(b.info().get(infoFields.get(f)), 0, values[f], row, b.size());
            }
            for (int i = 0; i < b.size(); i++, row++) {
                chrom[row] = b.contig();
                start0[row] = b.positions()[i];
                pos[row] = b.positions()[i] + 1L;
                ref[row] = ascii(b.ref(), b.refOffsets()[i], b.refOffsets()[i + 1]);
                alt[row] = ascii(b.alt(), b.altOffsets()[i], b.altOffsets()[i + 1]);
                ilen[row] = b.ilen(i);
            }
        }
        info = new ArrayList<>();
        for (int f = 0; f < infoFields.size(); f++) {
            info.add(column(infoFields.get(f), values[f]));
        }
        table = new VariantTable(chrom, pos, ref, alt, ilen);
        return table;
    }

    /** Integer INFO fields keep an integer column (missing = 0); Float fields a float32 one (missing = NaN). */
    private VariantTable.NumericColumn column(String name, float[] values) {
        if (!integerInfo.contains(name)) {
            return new VariantTable.NumericColumn.Float32(name, values);
        }
        int[] ints = new int[values.length];
        for (int i = 0; i < ints.length; i++) {
            ints[i] = Float.isNaN(values[i]) ? 0 : (int) values[i];
        }
        return new VariantTable.NumericColumn.Int32(name, ints);
    }

    @Override
    public synchronized List<VariantTable.NumericColumn> infoColumns() {
        variants();
        return List.copyOf(info);
    }

    @Override
    public boolean hasDosages() {
        return dosages;
    }

    private static String ascii(byte[] bytes, int from, int to) {
        return new String(bytes, from, to - from, StandardCharsets.US_ASCII);
    }

    @Override
    public void genotypes(int fromRow, int toRow, int[] sampleIndexes, byte[] out) {
        if (toRow <= fromRow) {
            return;
        }
        RowLocator at = rows();
        if (genotypeOnly) {
            RowPlacer placer = new RowPlacer(at, fromRow, toRow, sampleIndexes.length * 2);
            VcfReader r = queries.borrow();
            try {
                r.genotypes(at.contig(fromRow), at.start0(fromRow), at.start0(toRow - 1) + 1L, sampleIndexes, out,
                        placer);
            } finally {
                queries.giveBack(r);
            }
            if (placer.taken < toRow - fromRow || placer.firstPosition != at.start0(fromRow)) {
                throw changed(at, fromRow, toRow);
            }
            return;
        }
        VariantBatch b = query(at, fromRow, toRow, new VariantRequest(sampleIndexes, List.of(), List.of()));
        int i = firstRecord(at, b, fromRow, toRow);
        int width = sampleIndexes.length * 2;
        System.arraycopy(b.genotypes(), i * width, out, 0, (toRow - fromRow) * width);
    }

    /**
     * The genotype-only decode streams the run's records through one reused dense row, each appended to
     * {@code out} as its carriers before the next is decoded (one query for the run, memory of one row); the
     * full-record path goes through the default, a few rows at a time.
     */
    @Override
    public void carriers(int fromRow, int toRow, int[] sampleIndexes, CarrierBlock out) {
        int width = sampleIndexes.length * 2;
        if (!genotypeOnly || out.width() != width) {
            VariantSource.super.carriers(fromRow, toRow, sampleIndexes, out);
            return;
        }
        if (toRow <= fromRow) {
            return;
        }
        CarrierCache calls = kept;
        int s0 = calls == null ? -1 : calls.passStart(sampleIndexes);
        if (s0 < 0) {
            carriersFromFile(fromRow, toRow, sampleIndexes, out);
            return;
        }
        // stretches of kept rows from the kept calls, the others from the file, in row order
        for (int row = fromRow; row < toRow; ) {
            int end = calls.sameKeeping(row, toRow);
            if (calls.kept(row)) {
                calls.carriers(row, end, s0, sampleIndexes.length, out);
            } else {
                carriersFromFile(row, end, sampleIndexes, out);
            }
            row = end;
        }
    }

    /** {@link #carriers} of rows {@code [fromRow, toRow)} read from the file, one query for the run. */
    private void carriersFromFile(int fromRow, int toRow, int[] sampleIndexes, CarrierBlock out) {
        int width = sampleIndexes.length * 2;
        RowLocator at = rows();
        RowPlacer placer = new RowPlacer(at, fromRow, toRow, 0);
        byte[] row = new byte[width];
        boolean[] pending = {false};
        VcfReader r = queries.borrow();
        try {
            r.genotypes(at.contig(fromRow), at.start0(fromRow), at.start0(toRow - 1) + 1L, sampleIndexes, row,
                    position -> {
                        if (placer.applyAsInt(position) < 0) {
                            return -1;
                        }
                        if (pending[0]) {
                            out.addDense(row, 0, 1); // the decoder has finished the previous row
                        }
                        pending[0] = true;
                        return 0;
                    });
        } finally {
            queries.giveBack(r);
        }
        if (pending[0]) {
            out.addDense(row, 0, 1);
        }
        if (placer.taken < toRow - fromRow || placer.firstPosition != at.start0(fromRow)) {
            throw changed(at, fromRow, toRow);
        }
    }

    @Override
    public void dosages(int fromRow, int toRow, int[] sampleIndexes, float[] out) {
        if (toRow <= fromRow) {
            return;
        }
        RowLocator at = rows();
        VariantBatch b = query(at, fromRow, toRow, new VariantRequest(sampleIndexes, List.of(DS), List.of()));
        int i = firstRecord(at, b, fromRow, toRow);
        int width = sampleIndexes.length;
        System.arraycopy(b.format().get(DS), i * width, out, 0, (toRow - fromRow) * width);
    }

    /** A full query of the records covering rows {@code [fromRow, toRow)}'s starts, on a borrowed reader. */
    private VariantBatch query(RowLocator at, int fromRow, int toRow, VariantRequest request) {
        VcfReader r = queries.borrow();
        try {
            return r.query(at.contig(fromRow), at.start0(fromRow), at.start0(toRow - 1) + 1L, request);
        } finally {
            queries.giveBack(r);
        }
    }

    /**
     * Where the genotype-only decode puts each record of a run's query, as {@link #firstRecord} picks rows from a
     * batch: the leading records that start before row {@code fromRow} and the same-position records before it are
     * dropped, the next {@code toRow - fromRow} are rows {@code 0, 1, ...} of the output, any later ones dropped.
     */
    private final class RowPlacer implements IntUnaryOperator {
        private final int from;
        private final int skip;
        private final int rows;
        private final int width;
        private boolean leading = true;
        private int skipped;
        int taken;
        int firstPosition = -1;

        RowPlacer(RowLocator at, int fromRow, int toRow, int width) {
            this.from = at.start0(fromRow);
            this.skip = fromRow - at.firstAtPosition(fromRow);
            this.rows = toRow - fromRow;
            this.width = width;
        }

        @Override
        public int applyAsInt(int position) {
            if (leading && position < from) {
                return -1;
            }
            leading = false;
            if (skipped < skip) {
                skipped++;
                return -1;
            }
            if (taken == rows) {
                return -1;
            }
            if (taken == 0) {
                firstPosition = position;
            }
            return width * taken++;
        }
    }

    /**
     * Reads runs of rows where {@code rows} says they lie (the write's rows, possibly one part's only) instead of
     * this source's own table, so a part never loads the whole table.
     */
    void locateRows(RowLocator rows) {
        this.rows = rows;
    }

    private RowLocator rows() {
        RowLocator at = rows;
        if (at != null) {
            return at;
        }
        variants();
        return new OwnRows();
    }

    /** This source's own table, for callers that read it directly. */
    private final class OwnRows implements RowLocator {
        @Override
        public String contig(int row) {
            return chrom[row];
        }

        @Override
        public int start0(int row) {
            return start0[row];
        }

        @Override
        public int firstAtPosition(int row) {
            int first = row;
            while (first > 0 && start0[first - 1] == start0[row] && chrom[first - 1].equals(chrom[row])) {
                first--;
            }
            return first;
        }
    }

    private IllegalStateException changed(RowLocator at, int fromRow, int toRow) {
        return new IllegalStateException(reader.path() + ": records of " + at.contig(fromRow) + ":"
                + (at.start0(fromRow) + 1) + "-" + (at.start0(toRow - 1) + 1) + " changed while writing (expected "
                + (toRow - fromRow) + ")");
    }

    /** Index in {@code b} of row {@code fromRow}: skips records starting earlier and same-position records before it. */
    private int firstRecord(RowLocator at, VariantBatch b, int fromRow, int toRow) {
        int first = at.firstAtPosition(fromRow);
        int i = 0;
        while (i < b.size() && b.positions()[i] < at.start0(fromRow)) {
            i++;
        }
        i += fromRow - first;
        int rows = toRow - fromRow;
        if (b.size() - i < rows || (rows > 0 && b.positions()[i] != at.start0(fromRow))) {
            throw changed(at, fromRow, toRow);
        }
        return i;
    }

    @Override
    public void close() {
        try (reader) {
            queries.close();
        } finally {
            CarrierCache calls = kept;
            if (calls != null) {
                calls.close();
            }
        }
    }
}
