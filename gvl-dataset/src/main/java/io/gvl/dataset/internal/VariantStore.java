package io.gvl.dataset.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import io.gvl.core.kernel.variant.VariantBuffers;
import io.gvl.format.ArrowTable;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.array.GenotypeArrays;
import io.gvl.format.array.MappedFiles;
import io.gvl.format.array.RawArray;
import io.gvl.format.array.RawDtype;
import io.gvl.format.io.VariantTableFile;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * The variant side of an opened dataset: sparse genotypes, the positions and ALT alleles every variant output and
 * haplotype needs, and the optional fields ({@code ref}, INFO columns of {@code variants.arrow}, per-call
 * {@code dosages.npy}) which are decoded or mapped only the first time a query asks for them. {@link #loads}
 * counts those loads per field, so tests can prove that unrequested fields are never read. A sharded root's store
 * has no calls of its own: each query batch reads through {@link #withCalls}, a view over the calls and dosages the
 * batch copied from the shards ({@link ShardBatch}) that shares everything else with the root's store. A
 * {@code .svar2}-linked dataset's store has no calls and no variants either: each batch reads a store of its own
 * ({@link #svar2Batch}) over the calls and table it gathered, in the batch's memory.
 */
public final class VariantStore implements AutoCloseable {

    /** One field's values: per variant (indexed by variant index) or per call (indexed by genotype list position). */
    public record Column(DType dtype, MemorySegment data, boolean perCall) {
    }

    /**
     * A variant table as a store keeps it: 0-based starts, ILEN and ALT alleles packed on the heap (copied off-heap
     * by the store), and the REF alleles packed when a query first asks for them.
     */
    record PackedTable(int[] starts, int[] ilens, VariantBuffers.Alleles alt, Supplier<VariantBuffers.Alleles> ref) {
    }

    private final Path variantsFile;
    private final Path dosagesFile;
    private final SparseGenotypes genotypes;
    private final VariantArrays table;
    private final VariantBuffers.Alleles alt;
    private final Supplier<VariantBuffers.Alleles> refAlleles;
    private final Map<String, ArrowTable.ColumnType> infoTypes;
    /** Per-call FORMAT fields of a linked {@code .svar} store, read on first use. */
    private final Map<String, StoreCallField> callFields;
    /** 64-bit starts, for a table whose {@code POS} is 64-bit (GVL's output then is too); else null. */
    private final MemorySegment wideStarts;
    private final List<String> available;
    private final Map<String, Column> loaded = new ConcurrentHashMap<>();
    /** Loads per field; a {@code .svar2} batch's store counts into its root's. */
    private final Map<String, AtomicInteger> loads;
    private final Arena mappings;
    /** Whether {@link #mappings} is this store's to close (not a batch's, which lives in its batch's memory). */
    private final boolean ownsMappings;
    /** Whether the calls are a sharded root's, whose dosages (if any) each batch copies from the shards. */
    private final boolean sharded;
    private final boolean dosages;
    private final MappedFiles mapped;
    /** The root's store this batch view reads through ({@link #withCalls}), else null. */
    private final VariantStore root;
    /** A batch view's copied dosages, or null. */
    private final Column batchDosages;
    private volatile VariantBuffers.Alleles ref;

    private VariantStore(Path variantsFile, Path dosagesFile, SparseGenotypes genotypes, PackedTable t,
                         boolean sharded, boolean shardedDosages,
                         Map<String, Column> memoryFields,
                         Map<String, StoreCallField> callFields, MappedFiles mapped, Svar2Batch batch) {
        this.mapped = mapped;
        this.variantsFile = variantsFile;
        this.dosagesFile = dosagesFile;
        this.genotypes = genotypes;
        this.sharded = sharded;
        this.dosages = shardedDosages || dosagesFile != null;
        this.ownsMappings = batch == null;
        this.mappings = batch == null ? Arena.ofShared() : batch.root().mappings;
        this.loads = batch == null ? new ConcurrentHashMap<>() : batch.root().loads;
        LongFunction<MemorySegment> memory = batch == null
                ? bytes -> mappings.allocate(Math.max(1, bytes), 8).asSlice(0, bytes) : batch.lease()::allocate;
        this.root = null;
        this.batchDosages = null;
        // Off-heap copies for the bulk gathers and ALT copies: their segment call sites then see native and mapped
        // memory only (a heap segment beside them makes those sites megamorphic and keeps their checks in the
        // loops). VariantArrays keeps heap copies of starts, ilens and ALT offsets for per-variant reads.
        int[] starts = t.starts();
        this.alt = new VariantBuffers.Alleles(offHeap(t.alt().bytes(), memory), offHeap(t.alt().offsets(), memory));
        this.table = new VariantArrays(offHeap(MemorySegment.ofArray(starts), memory),
                offHeap(MemorySegment.ofArray(t.ilens()), memory), alt.bytes(), alt.offsets());
        this.refAlleles = t.ref();
        Map<String, ArrowTable.ColumnType> info = new LinkedHashMap<>(
                variantsFile == null ? Map.of() : VariantTableFile.numericColumns(variantsFile));
        memoryFields.forEach((name, c) -> {
            info.put(name, c.dtype() == DType.F32 ? ArrowTable.ColumnType.FLOAT32
                    : c.dtype() == DType.I32 ? ArrowTable.ColumnType.INT32 : ArrowTable.ColumnType.INT64);
            loaded.put(name, c);
        });
        this.infoTypes = Collections.unmodifiableMap(info);
        this.wideStarts = variantsFile != null && VariantTableFile.int64Positions(variantsFile)
                ? offHeap(MemorySegment.ofArray(java.util.Arrays.stream(starts).asLongStream().toArray()), memory)
                : null;
        List<String> fields = new ArrayList<>(List.of("alt", "start", "ref", "ilen"));
        if (dosages) {
            fields.add("dosage");
        }
        fields.addAll(infoTypes.keySet());
        this.callFields = Map.copyOf(callFields);
        // GenVarLoader lists a store's per-call fields after the others (a name already listed is not repeated).
        callFields.keySet().stream().filter(f -> !fields.contains(f)).forEach(fields::add);
        this.available = List.copyOf(fields);
    }

    /** A batch view of {@code root} over the calls {@code genotypes} and their {@code dosages} (or null). */
    private VariantStore(VariantStore root, SparseGenotypes genotypes, Column dosages) {
        this.root = root;
        this.genotypes = genotypes;
        this.batchDosages = dosages;
        this.variantsFile = root.variantsFile;
        this.dosagesFile = null;
        this.table = root.table;
        this.alt = root.alt;
        this.refAlleles = root.refAlleles;
        this.infoTypes = root.infoTypes;
        this.callFields = root.callFields;
        this.wideStarts = root.wideStarts;
        this.available = root.available;
        this.mappings = root.mappings;
        this.ownsMappings = false;
        this.loads = root.loads;
        this.sharded = false;
        this.dosages = root.dosages;
        this.mapped = root.mapped;
    }

    /**
     * Wraps the mapped genotype arrays and the variant table of an opened dataset: {@code variantsFile} is the Arrow
     * table the INFO columns are read from ({@code genotypes/variants.arrow} or a linked store's index),
     * {@code dosagesFile} the per-call dosages mapped on first use (or {@code null} when there are none),
     * {@code callFields} a linked {@code .svar} store's per-call FORMAT fields by name, and {@code mapped} the
     * dataset's record of mapped files, to which the dosage and per-call field files are added when first mapped.
     */
    static VariantStore open(Path variantsFile, Path dosagesFile, GenotypeArrays geno, io.gvl.format.VariantTable table,
                             DatasetMetadata meta, Map<String, StoreCallField> callFields, MappedFiles mapped) {
        return new VariantStore(variantsFile, dosagesFile, sparse(geno), packed(table, meta, variantsFile),
                false, false, Map.of(), callFields, mapped, null);
    }

    /**
     * The store of a sharded root: the variant table of {@code variantsFile} and no calls, which each batch copies
     * from the shards and reads through {@link #withCalls}; {@code dosages} says whether the shards store them.
     */
    static VariantStore sharded(Path variantsFile, io.gvl.format.VariantTable table, DatasetMetadata meta,
                                boolean dosages) {
        MemorySegment none = MemorySegment.NULL;
        return new VariantStore(variantsFile, null, new SparseGenotypes(none, none, none),
                packed(table, meta, variantsFile), true, dosages, Map.of(), Map.of(), null, null);
    }

    /**
     * A view of this sharded root's store over one batch's copied calls: the variant table, REF alleles and INFO
     * columns are this store's (loaded once), the calls and dosages the batch's.
     *
     * @param calls the batch's calls, groups addressed by the batch's cells
     * @param dosages the batch's dosages parallel to {@code calls}' variant indices, or null when not copied
     */
    VariantStore withCalls(SparseGenotypes calls, MemorySegment dosages) {
        if (dosages != null) {
            count("dosage");
        }
        return new VariantStore(this, calls, dosages == null ? null : new Column(DType.F32, dosages, true));
    }

    /** Whether this is a sharded root's store whose shards hold per-call dosages. */
    boolean shardedDosages() {
        return sharded && dosages;
    }

    /**
     * The store of a {@code .svar2}-linked dataset: no calls and no variants, which each batch gathers from the store
     * and reads through {@link #svar2Batch}; {@code fieldTypes} are the store's fields with no values (so the
     * available fields and their types are known before any batch).
     */
    static VariantStore svar2Root(Map<String, Column> fieldTypes) {
        MemorySegment none = MemorySegment.NULL;
        VariantBuffers.Alleles noAlleles = pack(new String[0]);
        PackedTable empty = new PackedTable(new int[0], new int[0], noAlleles, () -> noAlleles);
        return new VariantStore(null, null, new SparseGenotypes(none, none, none), empty, false, false,
                fieldTypes, Map.of(), null, null);
    }

    /**
     * A batch's store of this {@code .svar2}-linked dataset's store: the batch's gathered calls, its own table of the
     * variants they name and their field values, in the batch's memory ({@code lease}), counting loads into this
     * store. Nothing needs closing: the batch's memory goes with the lease.
     */
    VariantStore svar2Batch(SparseGenotypes calls, PackedTable batchTable, Map<String, Column> fields,
                            BatchMemory.Lease lease) {
        return new VariantStore(null, null, calls, batchTable, false, false, fields, Map.of(), null,
                new Svar2Batch(this, lease));
    }

    /** Where a {@code .svar2} batch's store lives: its root's loads and mappings, and the batch's memory. */
    private record Svar2Batch(VariantStore root, BatchMemory.Lease lease) {
    }

    /** A stored table as a store keeps it; POS must give 0-based starts in {@code [0, 2^31)}. */
    private static PackedTable packed(io.gvl.format.VariantTable t, DatasetMetadata meta, Path variantsFile) {
        int n = t.size();
        long[] pos = t.pos();
        int shift = meta.oneBasedPositions() ? 1 : 0;
        int[] starts = new int[n];
        for (int v = 0; v < n; v++) {
            long start = pos[v] - shift;
            if (start < 0 || start > Integer.MAX_VALUE) {
                throw new DatasetFormatException((variantsFile == null ? "the variant table" : variantsFile)
                        + ": row " + v + " has POS " + pos[v] + ", outside 1.." + Integer.MAX_VALUE + "; the table is"
                        + " corrupt: rewrite the dataset");
            }
            starts[v] = (int) start;
        }
        String[] ref = t.ref();
        return new PackedTable(starts, t.ilen(), pack(t.alt()), () -> pack(ref));
    }

    private static SparseGenotypes sparse(GenotypeArrays geno) {
        return new SparseGenotypes(geno.variantIdxs().segment(), geno.starts().segment(), geno.stops().segment());
    }

    /** A copy of {@code heap} in {@code memory} (this store's arena, or a batch's memory). */
    private static MemorySegment offHeap(MemorySegment heap, LongFunction<MemorySegment> memory) {
        return memory.apply(heap.byteSize()).copyFrom(heap);
    }

    private static VariantBuffers.Alleles pack(String[] alleles) {
        int n = alleles.length;
        long[] offsets = new long[n + 1];
        byte[][] bytes = new byte[n][];
        for (int v = 0; v < n; v++) {
            bytes[v] = alleles[v].getBytes(StandardCharsets.US_ASCII);
            offsets[v + 1] = offsets[v] + bytes[v].length;
        }
        byte[] packed = new byte[Math.toIntExact(offsets[n])];
        for (int v = 0; v < n; v++) {
            System.arraycopy(bytes[v], 0, packed, (int) offsets[v], bytes[v].length);
        }
        return new VariantBuffers.Alleles(MemorySegment.ofArray(packed), MemorySegment.ofArray(offsets));
    }

    public SparseGenotypes genotypes() {
        return genotypes;
    }

    /** Starts, ILEN and ALT alleles, as the kernels index them. */
    public VariantArrays table() {
        return table;
    }

    /**
     * The variant starts as 64-bit integers when the stored table's {@code POS} is 64-bit (genoray's PGEN index), so
     * the {@code start} output has GenVarLoader's width; empty for a 32-bit table.
     */
    public java.util.Optional<MemorySegment> wideStarts() {
        return java.util.Optional.ofNullable(wideStarts);
    }

    public VariantBuffers.Alleles alt() {
        return alt;
    }

    /** REF alleles, packed on first use. */
    public VariantBuffers.Alleles ref() {
        if (root != null) {
            return root.ref();
        }
        VariantBuffers.Alleles r = ref;
        if (r == null) {
            synchronized (this) {
                if (ref == null) {
                    count("ref");
                    ref = refAlleles.get();
                }
                r = ref;
            }
        }
        return r;
    }

    /** Every field a variant output can carry, in GVL's order: core fields, dosage, then INFO columns. */
    public List<String> availableFields() {
        return available;
    }

    /** Whether {@code name} is a field beside the core ones: an INFO column, or a store's per-call field. */
    public boolean isInfo(String name) {
        return infoTypes.containsKey(name) || callFields.containsKey(name);
    }

    /** The values of {@code dosage} or an INFO column, loaded on first use. */
    public Column column(String name) {
        if (root != null) {
            if (!name.equals("dosage")) {
                return root.column(name);
            }
            if (batchDosages == null) {
                throw new IllegalStateException("the batch did not copy the dosages of its calls");
            }
            return batchDosages;
        }
        return loaded.computeIfAbsent(name, this::load);
    }

    private Column load(String name) {
        if (name.equals("dosage") && sharded) {
            throw new IllegalStateException("the dosages of a sharded dataset are read per batch (withCalls)");
        }
        count(name);
        if (name.equals("dosage")) {
            RawArray d = mapped != null ? mapped.map(dosagesFile, RawDtype.FLOAT32, mappings)
                    : RawArray.map(dosagesFile, RawDtype.FLOAT32, mappings);
            if (d.length() != genotypes.variantIdxs().byteSize() / 4) {
                throw new DatasetFormatException(d.file() + ": " + d.length() + " dosages for "
                        + genotypes.variantIdxs().byteSize() / 4 + " stored calls; rewrite the dataset");
            }
            return new Column(DType.F32, d.segment(), true);
        }
        StoreCallField stored = callFields.get(name);
        if (stored != null && !infoTypes.containsKey(name)) {
            Column c = stored.load(mappings, genotypes.variantIdxs().byteSize() / 4);
            if (mapped != null && c.data().isMapped()) {
                mapped.add(stored.file(), c.data().byteSize());
            }
            return c;
        }
        if (!infoTypes.containsKey(name)) {
            throw new IllegalArgumentException("unknown variant field '" + name + "'; available: " + available);
        }
        return switch (VariantTableFile.readNumeric(variantsFile, name)) {
            case io.gvl.format.VariantTable.NumericColumn.Int32 c ->
                    new Column(DType.I32, MemorySegment.ofArray(c.values()), false);
            case io.gvl.format.VariantTable.NumericColumn.Int64 c ->
                    new Column(DType.I64, MemorySegment.ofArray(c.values()), false);
            case io.gvl.format.VariantTable.NumericColumn.Float32 c ->
                    new Column(DType.F32, MemorySegment.ofArray(c.values()), false);
            case io.gvl.format.VariantTable.NumericColumn.Float64 c -> {
                float[] narrowed = new float[c.size()];
                for (int i = 0; i < narrowed.length; i++) {
                    narrowed[i] = (float) c.values()[i];
                }
                yield new Column(DType.F32, MemorySegment.ofArray(narrowed), false);
            }
        };
    }

    private void count(String field) {
        if (root != null) {
            root.count(field);
            return;
        }
        loads.computeIfAbsent(field, k -> new AtomicInteger()).incrementAndGet();
    }

    /** How many times each optional field has been loaded from disk (0 when never). */
    public Map<String, Integer> loads() {
        if (root != null) {
            return root.loads();
        }
        Map<String, Integer> out = new LinkedHashMap<>();
        loads.forEach((k, v) -> out.put(k, v.get()));
        return Collections.unmodifiableMap(out);
    }

    @Override
    public void close() {
        if (ownsMappings && mappings.scope().isAlive()) {
            mappings.close();
        }
    }
}
