package io.gvl.dataset.internal;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.Regions;
import io.gvl.format.VariantTable;
import io.gvl.format.array.GenotypeArrays;
import io.gvl.format.array.RawArray;
import io.gvl.format.array.RawDtype;
import io.gvl.format.io.StoreLinks;
import io.gvl.format.io.Svar2RangesFile;
import io.gvl.io.fasta.Reference;
import io.gvl.io.svar.Svar2Calls;
import io.gvl.core.buffer.DType;
import io.gvl.io.svar.Svar2Contig;
import io.gvl.io.svar.Svar2Field;
import io.gvl.io.svar.Svar2Fingerprint;
import io.gvl.io.svar.Svar2Gather;
import io.gvl.io.svar.Svar2Store;
import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The genotypes of a dataset linked to a genoray {@code .svar2} store, in the shape the read engine uses for every
 * other source: a CSR of variant rows per {@code (region, sample, ploid)} slot and a variant table. Opening gathers
 * every slot once, as GenVarLoader 0.43.1 gathers a query: the cached {@code var_key} windows of the slot and the
 * region's dense ranges, filtered at the region's stored start and merged in GenVarLoader's order (so the haplotype,
 * track and variant kernels see exactly the calls GenVarLoader reconstructs from). A stored variant is one table
 * row however many haplotypes carry it. A pure deletion carries no ALT in the store; its row takes the reference anchor base, which is what
 * both reconstruction and the VCF spelling of the call need, and its REF comes from the reference as for every row.
 *
 * <p>The memory is that of a VCF-sourced dataset's genotypes held in RAM (an int64 offset per slot, an int32 row
 * per gathered call, the distinct variants of the regions); gathering the slots a query reads on demand would
 * bound it by the query instead, and is not done yet.
 */
final class Svar2Genotypes implements AutoCloseable {
    /** Regions gathered per task when a dataset opens. */
    private static final int BLOCK = 8;

    private final Svar2Store store;
    private final Arena arena;
    private final GenotypeArrays genotypes;
    private final VariantTable table;
    private final Map<String, VariantStore.Column> fields;

    private Svar2Genotypes(Svar2Store store, Arena arena, GenotypeArrays genotypes, VariantTable table,
                           Map<String, VariantStore.Column> fields) {
        this.store = store;
        this.arena = arena;
        this.genotypes = genotypes;
        this.table = table;
        this.fields = fields;
    }

    /**
     * Resolves and checks the link of the dataset at {@code dir}, then gathers every slot.
     *
     * @param dir the dataset directory
     * @param meta its metadata, with {@code svar2_link} set
     * @param regions its stored regions
     * @param reference the reference (deletion anchors and REF alleles come from it)
     * @return the gathered genotypes; the caller closes them
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
            try (Svar2RangesFile ranges = Svar2RangesFile.open(
                    DatasetLayout.genotypes(dir).resolve(DatasetLayout.SVAR2_META).getParent(), meta.nRegions(),
                    meta.samples().size(), meta.ploidy())) {
                return gather(store, ranges, meta, regions, reference, dir);
            }
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

    private static Svar2Genotypes gather(Svar2Store store, Svar2RangesFile ranges, DatasetMetadata meta,
                                         Regions regions, Reference reference, Path dir) {
        int nRegions = meta.nRegions();
        int blocks = (nRegions + BLOCK - 1) / BLOCK;
        Block[] parts = new Block[blocks];
        // Fixed blocks of regions, gathered in parallel and joined in order: the same table at any thread count.
        IntStream.range(0, blocks).parallel().forEach(b -> parts[b] = gatherBlock(store, ranges, meta, regions,
                reference, b * BLOCK, Math.min(nRegions, (b + 1) * BLOCK)));
        long slots = (long) nRegions * meta.samples().size() * meta.ploidy();
        long calls = 0;
        for (Block part : parts) {
            calls += part.idx().size();
        }
        // The join writes straight into the off-heap arrays the engine reads, with no heap copy beside them.
        Arena arena = Arena.ofShared();
        try {
            MemorySegment offsets = arena.allocate(ValueLayout.JAVA_LONG, slots + 1);
            MemorySegment idx = arena.allocate(ValueLayout.JAVA_INT, Math.max(1, calls)).asSlice(0, 4 * calls);
            Rows rows = new Rows(store.fields());
            long slot = 0;
            long call = 0;
            for (Block part : parts) {
                int rowBase = rows.size();
                for (int c = 0; c < part.idx().size(); c++) {
                    idx.setAtIndex(ValueLayout.JAVA_INT, call++, rowBase + part.idx().getInt(c));
                }
                rows.append(part.rows());
                long base = offsets.getAtIndex(ValueLayout.JAVA_LONG, slot);
                for (long end : part.slotEnds()) {
                    offsets.setAtIndex(ValueLayout.JAVA_LONG, ++slot, base + end);
                }
            }
            Path cache = DatasetLayout.genotypes(dir).resolve(DatasetLayout.SVAR2_META).getParent();
            GenotypeArrays arrays = new GenotypeArrays(RawArray.wrap(cache, RawDtype.INT64, offsets),
                    RawArray.wrap(store.path(), RawDtype.INT32, idx), nRegions, meta.samples().size(),
                    meta.ploidy());
            return new Svar2Genotypes(store, arena, arrays, rows.table(), rows.columns());
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** One block's gathered calls: block-local rows, the row of each call, and each slot's cumulative call count. */
    private record Block(Rows rows, IntArrayList idx, long[] slotEnds) {
    }

    private static Block gatherBlock(Svar2Store store, Svar2RangesFile ranges, DatasetMetadata meta, Regions regions,
                                     Reference reference, int from, int to) {
        int nSamples = meta.samples().size();
        int ploidy = meta.ploidy();
        Rows rows = new Rows(store.fields());
        IntArrayList idx = new IntArrayList();
        long[] slotEnds = new long[(to - from) * nSamples * ploidy];
        Svar2Calls calls = new Svar2Calls();
        int slot = 0;
        for (int r = from; r < to; r++) {
            String contigName = meta.contigs().get(regions.contig(r));
            Svar2Contig contig = store.contig(contigName);
            int refContig = reference.normalizer().indexOf(contigName);
            for (int s = 0; s < nSamples; s++) {
                int column = (int) ranges.sampleColumn(s);
                for (int p = 0; p < ploidy; p++) {
                    if (contig != null) {
                        calls.clear();
                        Svar2Gather.gather(contig, ranges, r, s, p, regions.start(r), calls);
                        for (int i = 0; i < calls.size(); i++) {
                            idx.add(rows.rowOf(contig, refContig, reference, calls, i));
                            rows.addCallFields(contig, calls.origin(i), column);
                        }
                    }
                    slotEnds[slot++] = idx.size();
                }
            }
        }
        return new Block(rows, idx, slotEnds);
    }

    /**
     * The table being built: one row per distinct stored variant (a dense variant that many haplotypes carry is one
     * row; each {@code var_key} call is its own), keyed by contig and origin. INFO values are per row; FORMAT values,
     * which differ between the samples carrying a dense variant, are kept per call.
     */
    private static final class Rows {
        private final Map<String, Long2IntOpenHashMap> byOrigin = new LinkedHashMap<>();
        private final List<String> chrom = new ArrayList<>();
        private final LongArrayList pos = new LongArrayList();
        private final List<String> ref = new ArrayList<>();
        private final List<String> alt = new ArrayList<>();
        private final IntArrayList ilen = new IntArrayList();
        private final List<Svar2Field> fields;
        private final List<DoubleArrayList> values = new ArrayList<>();

        Rows(List<Svar2Field> fields) {
            this.fields = fields;
            fields.forEach(f -> values.add(new DoubleArrayList()));
        }

        int rowOf(Svar2Contig contig, int refContig, Reference reference, Svar2Calls calls, int i) {
            Long2IntOpenHashMap rows = byOrigin.computeIfAbsent(contig.name(), k -> {
                Long2IntOpenHashMap m = new Long2IntOpenHashMap();
                m.defaultReturnValue(-1);
                return m;
            });
            long origin = calls.origin(i);
            int row = rows.get(origin);
            if (row >= 0) {
                return row;
            }
            row = pos.size();
            rows.put(origin, row);
            long at = calls.position(i);
            int len = calls.ilen(i);
            long contigLength = reference.length(refContig);
            if (at < 0 || at >= contigLength || len < 0 && at + 1 - (long) len > contigLength) {
                throw new DatasetFormatException(contig.directory() + ": a call at position " + at + " (length "
                        + len + ") lies outside contig '" + contig.name() + "' of the reference (" + contigLength
                        + " bp); the store is corrupt or was built on another reference");
            }
            String anchor = bases(reference, refContig, at, at + 1);
            chrom.add(contig.name());
            pos.add(at + 1);
            ilen.add(len);
            ref.add(len < 0 ? bases(reference, refContig, at, at + 1 - len) : anchor);
            alt.add(calls.isPureDeletion(i) ? anchor : new String(calls.alt(i), StandardCharsets.US_ASCII));
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
            return pos.size();
        }

        /** Appends another block's rows and field values after this one's (its row ids shift by {@link #size()}). */
        void append(Rows other) {
            chrom.addAll(other.chrom);
            pos.addAll(other.pos);
            ref.addAll(other.ref);
            alt.addAll(other.alt);
            ilen.addAll(other.ilen);
            for (int f = 0; f < fields.size(); f++) {
                values.get(f).addAll(other.values.get(f));
            }
        }

        VariantTable table() {
            return new VariantTable(chrom.toArray(String[]::new), pos.toLongArray(), ref.toArray(String[]::new),
                    alt.toArray(String[]::new), ilen.toIntArray());
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

    private static String bases(Reference reference, int contig, long from, long to) {
        if (contig < 0) {
            return "N".repeat((int) (to - from));
        }
        return new String(reference.fetch(reference.contigs().get(contig), from, to), StandardCharsets.US_ASCII);
    }

    GenotypeArrays genotypes() {
        return genotypes;
    }

    VariantTable table() {
        return table;
    }

    /** The store's fields by name: INFO values per table row, FORMAT values per call. */
    Map<String, VariantStore.Column> fields() {
        return fields;
    }

    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
        store.close();
    }
}
