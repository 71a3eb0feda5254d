package io.gvl.dataset.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantBuffers;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.Regions;
import io.gvl.format.io.StoreLinks;
import io.gvl.format.io.Svar2RangesFile;
import io.gvl.io.fasta.Reference;
import io.gvl.io.svar.Svar2Calls;
import io.gvl.io.svar.Svar2Contig;
import io.gvl.io.svar.Svar2Field;
import io.gvl.io.svar.Svar2Fingerprint;
import io.gvl.io.svar.Svar2Gather;
import io.gvl.io.svar.Svar2Origin;
import io.gvl.io.svar.Svar2Store;
import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The genotypes of a dataset linked to a genoray {@code .svar2} store, gathered per query batch
 * ({@link ShardBatch}) in the shape the read engine uses for every other source: a CSR of variant rows per
 * {@code (batch cell, ploid)} slot and a variant table of the batch's distinct variants. Each slot is gathered as
 * GenVarLoader 0.43.1 gathers a query: the cached {@code var_key} windows of the slot and the region's dense ranges,
 * filtered at the region's stored start and merged in GenVarLoader's order (so the haplotype, track and variant
 * kernels see exactly the calls GenVarLoader reconstructs from). A stored variant is one table row however many of
 * the batch's haplotypes carry it. A pure deletion carries no ALT in the store; its row takes the reference anchor
 * base, which is what both reconstruction and the VCF spelling of the call need, and its REF comes from the
 * reference as for every row.
 *
 * <p>Opening checks the link, the store and the range cache and reads no slot, so open time and memory do not grow
 * with regions × samples; a batch's gather, table and calls live in memory the batch leases
 * ({@link BatchMemory}) and on the heap for its table, and are dropped with the batch.
 */
final class Svar2Genotypes implements AutoCloseable {
    /** Batch cells gathered per task when a batch is large enough to split. */
    private static final int BLOCK = 16;

    private final Svar2Store store;
    private final Svar2RangesFile ranges;
    private final DatasetMetadata meta;
    private final Regions regions;
    private final Reference reference;
    private final BatchMemory memory = new BatchMemory();
    /** Calls per cell in the last batch: the first guess at the next batch's list sizes. */
    private volatile int callsPerCell = 64;

    private Svar2Genotypes(Svar2Store store, Svar2RangesFile ranges, DatasetMetadata meta, Regions regions,
                           Reference reference) {
        this.store = store;
        this.ranges = ranges;
        this.meta = meta;
        this.regions = regions;
        this.reference = reference;
    }

    /** One batch's gather: the calls of each batch cell's ploids in turn, the batch's table and its fields. */
    record Gathered(SparseGenotypes calls, VariantStore.PackedTable table, Map<String, VariantStore.Column> fields) {
    }

    /**
     * Resolves and checks the link of the dataset at {@code dir} and opens the store and the range cache; no slot
     * is read.
     *
     * @param dir the dataset directory
     * @param meta its metadata, with {@code svar2_link} set
     * @param regions its stored regions
     * @param reference the reference (deletion anchors and REF alleles come from it)
     * @return the open genotypes; the caller closes them
     */
    static Svar2Genotypes open(Path dir, DatasetMetadata meta, Regions regions, Reference reference) {
        DatasetMetadata.Svar2Link link = meta.svar2Link();
        if (link == null) {
            throw new DatasetFormatException(DatasetLayout.metadata(dir) + ": genotypes/" + DatasetLayout.SVAR2_META
                    + " says the genotypes live in a .svar2 store but svar2_link is null; rewrite the dataset");
        }
        if (reference == null) {
            throw new IllegalArgumentException(dir + ": a dataset linked to a .svar2 store needs the reference to"
                    + " read its genotypes (the store keeps no REF alleles); open it with the reference FASTA");
        }
        Path storeDir = StoreLinks.resolve(dir, link.relativePath(), link.absolutePath(), ".svar2");
        checkFingerprint(storeDir, link, dir);
        Svar2Store store = Svar2Store.open(storeDir);
        try {
            if (store.ploidy() != meta.ploidy()) {
                throw new DatasetFormatException(storeDir + ": ploidy " + store.ploidy() + " but the dataset's is "
                        + meta.ploidy() + "; the link points at another store");
            }
            Svar2RangesFile ranges = Svar2RangesFile.open(
                    DatasetLayout.genotypes(dir).resolve(DatasetLayout.SVAR2_META).getParent(), meta.nRegions(),
                    meta.samples().size(), meta.ploidy());
            return new Svar2Genotypes(store, ranges, meta, regions, reference);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /**
     * GenVarLoader 0.43.1 fingerprints a store by its payload files; releases up to 0.43.0 counted every array of the
     * store. Either matching is accepted, as GenVarLoader does, so layers added beside the payload later (a mutation
     * catalogue) do not orphan a dataset, while a store changed since the write is refused.
     */
    private static void checkFingerprint(Path store, DatasetMetadata.Svar2Link link, Path dir) {
        Svar2Fingerprint want = new Svar2Fingerprint(link.nFiles(), link.storeBytes());
        Svar2Fingerprint scoped = Svar2Fingerprint.scoped(store);
        if (scoped.equals(want)) {
            return;
        }
        Svar2Fingerprint legacy = Svar2Fingerprint.legacy(store);
        if (!legacy.equals(want)) {
            throw new DatasetFormatException(store + ": this .svar2 store does not match the link in "
                    + DatasetLayout.metadata(dir) + " (" + scoped.nFiles() + " payload files of " + scoped.storeBytes()
                    + " bytes found, " + want.nFiles() + " files of " + want.storeBytes() + " bytes recorded; every"
                    + " array of the store counted: " + legacy.nFiles() + " files of " + legacy.storeBytes()
                    + " bytes); the store changed after the dataset was written: restore it or rewrite the dataset");
        }
    }

    /** The memory the batches' calls are gathered into, reused from batch to batch. */
    BatchMemory memory() {
        return memory;
    }

    /** The store's fields by name with no values, as the root's store lists them: INFO per row, FORMAT per call. */
    Map<String, VariantStore.Column> fieldTypes() {
        return new Rows(store.fields(), 0).columns();
    }

    /**
     * Gathers the slots of the batch cells {@code cells} (region · samples + sample, ascending and distinct): group
     * {@code k · P + p} of the result is ploid {@code p} of {@code cells[k]}. Cells are gathered in fixed blocks, in
     * parallel for a large batch unless the view's queries run on one thread, and joined in order, so the result is
     * the same at any thread count.
     *
     * @param cells the batch's distinct cells
     * @param lease the batch's memory, where the offsets and variant rows go
     * @param parallel whether blocks may be gathered on the common pool's threads
     * @return the batch's calls, table and fields
     */
    Gathered gather(long[] cells, BatchMemory.Lease lease, boolean parallel) {
        int blocks = (cells.length + BLOCK - 1) / BLOCK;
        Block[] parts = new Block[blocks];
        IntStream range = IntStream.range(0, blocks);
        (parallel && blocks > 1 ? range.parallel() : range).forEach(b -> parts[b] = gatherBlock(cells, b * BLOCK,
                Math.min(cells.length, (b + 1) * BLOCK)));
        long slots = (long) cells.length * meta.ploidy();
        long calls = 0;
        for (Block part : parts) {
            calls += part.idx().size();
        }
        MemorySegment offsets = lease.allocate(8 * (slots + 1));
        MemorySegment idx = lease.allocate(4 * calls);
        int rowCount = 0;
        for (Block part : parts) {
            rowCount += part.rows().size();
        }
        Rows rows = parts.length == 1 ? parts[0].rows() : new Rows(store.fields(), rowCount);
        long slot = 0;
        long call = 0;
        offsets.setAtIndex(ValueLayout.JAVA_LONG, 0, 0);
        for (Block part : parts) {
            int rowBase = parts.length == 1 ? 0 : rows.size();
            for (int c = 0; c < part.idx().size(); c++) {
                idx.setAtIndex(ValueLayout.JAVA_INT, call++, rowBase + part.idx().getInt(c));
            }
            if (parts.length > 1) {
                rows.append(part.rows());
            }
            long base = offsets.getAtIndex(ValueLayout.JAVA_LONG, slot);
            for (long end : part.slotEnds()) {
                offsets.setAtIndex(ValueLayout.JAVA_LONG, ++slot, base + end);
            }
        }
        callsPerCell = (int) Math.min(1 << 20, Math.max(16, calls / Math.max(1, cells.length)));
        return new Gathered(SparseGenotypes.fromCumulative(idx, offsets), rows.table(reference), rows.columns());
    }

    /** One block's gathered calls: block-local rows, the row of each call, and each slot's cumulative call count. */
    private record Block(Rows rows, IntArrayList idx, long[] slotEnds) {
    }

    private Block gatherBlock(long[] cells, int from, int to) {
        int nSamples = meta.samples().size();
        int ploidy = meta.ploidy();
        int expected = (to - from) * callsPerCell;
        Rows rows = new Rows(store.fields(), expected);
        IntArrayList idx = new IntArrayList(expected);
        long[] slotEnds = new long[(to - from) * ploidy];
        Svar2Calls calls = new Svar2Calls();
        int shift = meta.oneBasedPositions() ? 1 : 0;
        int slot = 0;
        for (int k = from; k < to; k++) {
            int r = (int) (cells[k] / nSamples);
            int s = (int) (cells[k] % nSamples);
            String contigName = meta.contigs().get(regions.contig(r));
            Svar2Contig contig = store.contig(contigName);
            int refContig = reference.normalizer().indexOf(contigName);
            int column = (int) ranges.sampleColumn(s);
            for (int p = 0; p < ploidy; p++) {
                if (contig != null) {
                    calls.clear();
                    Svar2Gather.gather(contig, ranges, r, s, p, regions.start(r), calls);
                    for (int i = 0; i < calls.size(); i++) {
                        idx.add(rows.rowOf(contig, refContig, reference, shift, calls, i));
                        rows.addCallFields(contig, calls.origin(i), column);
                    }
                }
                slotEnds[slot++] = idx.size();
            }
        }
        return new Block(rows, idx, slotEnds);
    }

    /**
     * The table being built: one row per distinct stored variant (a dense variant that many haplotypes carry is one
     * row, keyed by contig and origin; each {@code var_key} call is its own), kept packed as the store reads it. REF
     * alleles are copied from the reference only when a query asks for them. INFO values are per row; FORMAT values,
     * which differ between the samples carrying a dense variant, are kept per call.
     */
    private static final class Rows {
        private final Map<String, Long2IntOpenHashMap> byOrigin = new LinkedHashMap<>();
        private final IntArrayList starts;
        private final IntArrayList ilens;
        /** Reference contig and 0-based position of each row, where its REF allele is read from. */
        private final IntArrayList refContigs;
        private final LongArrayList positions;
        private byte[] alt;
        private int altSize;
        private final LongArrayList altEnds;
        private final List<Svar2Field> fields;
        private final List<DoubleArrayList> values = new ArrayList<>();

        /** Rows for about {@code expected} variants (the lists grow past it). */
        Rows(List<Svar2Field> fields, int expected) {
            this.fields = fields;
            starts = new IntArrayList(expected);
            ilens = new IntArrayList(expected);
            refContigs = new IntArrayList(expected);
            positions = new LongArrayList(expected);
            altEnds = new LongArrayList(expected);
            alt = new byte[Math.max(256, expected)];
            fields.forEach(f -> values.add(new DoubleArrayList()));
        }

        /**
         * The row of call {@code i}, added if it is new. A dense variant is looked up by origin, as the batch's
         * haplotypes share it; a {@code var_key} call belongs to one haplotype, so within a batch of distinct cells
         * it recurs only where two regions overlap, and a second row then holds the same values.
         */
        int rowOf(Svar2Contig contig, int refContig, Reference reference, int shift, Svar2Calls calls, int i) {
            long origin = calls.origin(i);
            Long2IntOpenHashMap rows = null;
            if (Svar2Origin.kind(origin).dense()) {
                rows = byOrigin.computeIfAbsent(contig.name(), k -> {
                    Long2IntOpenHashMap m = new Long2IntOpenHashMap();
                    m.defaultReturnValue(-1);
                    return m;
                });
                int row = rows.get(origin);
                if (row >= 0) {
                    return row;
                }
                rows.put(origin, starts.size());
            }
            int row = starts.size();
            long at = calls.position(i);
            int len = calls.ilen(i);
            long contigLength = reference.length(refContig);
            long start = at + 1 - shift;
            if (at < 0 || at >= contigLength || len < 0 && at + 1 - (long) len > contigLength
                    || start > Integer.MAX_VALUE) {
                throw new DatasetFormatException(contig.directory() + ": a call at position " + at + " (length "
                        + len + ") lies outside contig '" + contig.name() + "' of the reference (" + contigLength
                        + " bp); the store is corrupt or was built on another reference");
            }
            starts.add((int) start);
            ilens.add(len);
            refContigs.add(refContig);
            positions.add(at);
            if (calls.isPureDeletion(i)) {
                reserve(1);
                alt[altSize++] = reference.bases().get(ValueLayout.JAVA_BYTE, reference.offset(refContig) + at);
            } else {
                reserve(calls.altLength(i));
                System.arraycopy(calls.altBytes(), calls.altStart(i), alt, altSize, calls.altLength(i));
                altSize += calls.altLength(i);
            }
            altEnds.add(altSize);
            for (int f = 0; f < fields.size(); f++) {
                if (fields.get(f).category() == Svar2Field.Category.INFO) {
                    values.get(f).add(contig.fieldValue(fields.get(f), origin, 0));
                }
            }
            return row;
        }

        void addCallFields(Svar2Contig contig, long origin, int sampleColumn) {
            for (int f = 0; f < fields.size(); f++) {
                if (fields.get(f).category() == Svar2Field.Category.FORMAT) {
                    values.get(f).add(contig.fieldValue(fields.get(f), origin, sampleColumn));
                }
            }
        }

        int size() {
            return starts.size();
        }

        /** Appends another block's rows and field values after this one's (its row ids shift by {@link #size()}). */
        void append(Rows other) {
            starts.addAll(other.starts);
            ilens.addAll(other.ilens);
            refContigs.addAll(other.refContigs);
            positions.addAll(other.positions);
            long base = altSize;
            reserve(other.altSize);
            System.arraycopy(other.alt, 0, alt, altSize, other.altSize);
            altSize += other.altSize;
            for (int k = 0; k < other.altEnds.size(); k++) {
                altEnds.add(base + other.altEnds.getLong(k));
            }
            for (int f = 0; f < fields.size(); f++) {
                values.get(f).addAll(other.values.get(f));
            }
        }

        /** The rows as a store keeps them; REF alleles are read from {@code reference} on first use. */
        VariantStore.PackedTable table(Reference reference) {
            int n = starts.size();
            long[] altOffsets = new long[n + 1];
            altEnds.getElements(0, altOffsets, 1, n);
            VariantBuffers.Alleles alleles = new VariantBuffers.Alleles(
                    MemorySegment.ofArray(java.util.Arrays.copyOf(alt, altSize)),
                    MemorySegment.ofArray(altOffsets));
            int[] contigs = refContigs.toIntArray();
            long[] at = positions.toLongArray();
            int[] len = ilens.toIntArray();
            return new VariantStore.PackedTable(starts.toIntArray(), len, alleles, () -> {
                long[] refOffsets = new long[n + 1];
                for (int v = 0; v < n; v++) {
                    refOffsets[v + 1] = refOffsets[v] + (len[v] < 0 ? 1L - len[v] : 1);
                }
                byte[] bases = new byte[Math.toIntExact(refOffsets[n])];
                MemorySegment out = MemorySegment.ofArray(bases);
                for (int v = 0; v < n; v++) {
                    reference.copyPadded(contigs[v], at[v], at[v] + refOffsets[v + 1] - refOffsets[v], out,
                            refOffsets[v]);
                }
                return new VariantBuffers.Alleles(out, MemorySegment.ofArray(refOffsets));
            });
        }

        private void reserve(int bytes) {
            if (altSize + bytes > alt.length) {
                alt = java.util.Arrays.copyOf(alt, Math.max(2 * alt.length, altSize + bytes));
            }
        }

        Map<String, VariantStore.Column> columns() {
            Map<String, VariantStore.Column> out = new LinkedHashMap<>();
            for (int f = 0; f < fields.size(); f++) {
                Svar2Field field = fields.get(f);
                out.put(field.name(), column(field, values.get(f).toDoubleArray(),
                        field.category() == Svar2Field.Category.FORMAT));
            }
            return out;
        }
    }

    /**
     * One field as a column, per row or per call: floating point as float32, integers of up to 32 signed bits (and
     * 8/16-bit unsigned ones, {@code bool}) as int32, wider ones as int64, as gvl widens the INFO columns of a
     * variant table.
     */
    private static VariantStore.Column column(Svar2Field field, double[] v, boolean perCall) {
        return switch (field.dtype()) {
            case "f32", "f64" -> {
                float[] out = new float[v.length];
                for (int i = 0; i < v.length; i++) {
                    out[i] = (float) v[i];
                }
                yield new VariantStore.Column(DType.F32, MemorySegment.ofArray(out), perCall);
            }
            case "i8", "i16", "i32", "u8", "u16", "bool" -> new VariantStore.Column(DType.I32,
                    MemorySegment.ofArray(java.util.Arrays.stream(v).mapToInt(d -> (int) d).toArray()), perCall);
            default -> new VariantStore.Column(DType.I64,
                    MemorySegment.ofArray(java.util.Arrays.stream(v).mapToLong(d -> (long) d).toArray()), perCall);
        };
    }

    @Override
    public void close() {
        try {
            memory.close();
            ranges.close();
        } finally {
            store.close();
        }
    }
}
