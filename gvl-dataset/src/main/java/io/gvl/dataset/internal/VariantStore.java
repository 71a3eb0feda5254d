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

/**
 * The variant side of an opened dataset: sparse genotypes, the positions and ALT alleles every variant output and
 * haplotype needs, and the optional fields ({@code ref}, INFO columns of {@code variants.arrow}, per-call
 * {@code dosages.npy}) which are decoded or mapped only the first time a query asks for them. {@link #loads}
 * counts those loads per field, so tests can prove that unrequested fields are never read. A sharded root's store
 * has no calls of its own: each query batch reads through {@link #withCalls}, a view over the calls and dosages the
 * batch copied from the shards ({@link ShardBatch}) that shares everything else with the root's store.
 */
public final class VariantStore implements AutoCloseable {

    /** One field's values: per variant (indexed by variant index) or per call (indexed by genotype list position). */
    public record Column(DType dtype, MemorySegment data, boolean perCall) {
    }

    private final Path variantsFile;
    private final Path dosagesFile;
    private final SparseGenotypes genotypes;
    private final VariantArrays table;
    private final VariantBuffers.Alleles alt;
    private final String[] refAlleles;
    private final Map<String, ArrowTable.ColumnType> infoTypes;
    /** Per-call FORMAT fields of a linked {@code .svar} store, read on first use. */
    private final Map<String, StoreCallField> callFields;
    /** 64-bit starts, for a table whose {@code POS} is 64-bit (GVL's output then is too); else null. */
    private final MemorySegment wideStarts;
    private final List<String> available;
    private final Map<String, Column> loaded = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> loads = new ConcurrentHashMap<>();
    private final Arena mappings;
    /** Whether the calls are a sharded root's, whose dosages (if any) each batch copies from the shards. */
    private final boolean sharded;
    private final boolean dosages;
    private final MappedFiles mapped;
    /** The root's store this batch view reads through ({@link #withCalls}), else null. */
    private final VariantStore root;
    /** A batch view's copied dosages, or null. */
    private final Column batchDosages;
    private volatile VariantBuffers.Alleles ref;

    private VariantStore(Path variantsFile, Path dosagesFile, SparseGenotypes genotypes, io.gvl.format.VariantTable t,
                         DatasetMetadata meta, boolean sharded, boolean shardedDosages,
                         Map<String, Column> memoryFields,
                         Map<String, StoreCallField> callFields, MappedFiles mapped) {
        this.mapped = mapped;
        this.variantsFile = variantsFile;
        this.dosagesFile = dosagesFile;
        this.genotypes = genotypes;
        this.sharded = sharded;
        this.dosages = shardedDosages || dosagesFile != null;
        this.mappings = Arena.ofShared();
        this.root = null;
        this.batchDosages = null;
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
        // Off-heap copies for the bulk gathers and ALT copies: their segment call sites then see native and mapped
        // memory only (a heap segment beside them makes those sites megamorphic and keeps their checks in the
        // loops). VariantArrays keeps heap copies of starts, ilens and ALT offsets for per-variant reads.
        VariantBuffers.Alleles heapAlt = pack(t.alt());
        this.alt = new VariantBuffers.Alleles(offHeap(heapAlt.bytes()), offHeap(heapAlt.offsets()));
        this.table = new VariantArrays(offHeap(MemorySegment.ofArray(starts)), offHeap(MemorySegment.ofArray(t.ilen())),
                alt.bytes(), alt.offsets());
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
                ? offHeap(MemorySegment.ofArray(java.util.Arrays.stream(starts).asLongStream().toArray())) : null;
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
        return new VariantStore(variantsFile, dosagesFile, sparse(geno), table, meta, false, false, Map.of(),
                callFields, mapped);
    }

    /**
     * The store of a sharded root: the variant table of {@code variantsFile} and no calls, which each batch copies
     * from the shards and reads through {@link #withCalls}; {@code dosages} says whether the shards store them.
     */
    static VariantStore sharded(Path variantsFile, io.gvl.format.VariantTable table, DatasetMetadata meta,
                                boolean dosages) {
        MemorySegment none = MemorySegment.NULL;
        return new VariantStore(variantsFile, null, new SparseGenotypes(none, none, none), table, meta, true, dosages,
                Map.of(), Map.of(), null);
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
     * A store over genotypes and a table built in memory (a {@code .svar2}-linked dataset), whose per-variant
     * fields are given as columns rather than read from an Arrow table.
     */
    static VariantStore inMemory(GenotypeArrays geno, io.gvl.format.VariantTable table, DatasetMetadata meta,
                                 Map<String, Column> fields) {
        return new VariantStore(null, null, sparse(geno), table, meta, false, false, fields, Map.of(), null);
    }

    private static SparseGenotypes sparse(GenotypeArrays geno) {
        return new SparseGenotypes(geno.variantIdxs().segment(), geno.starts().segment(), geno.stops().segment());
    }

    /** A copy of {@code heap} in this store's arena (freed at {@link #close()}). */
    private MemorySegment offHeap(MemorySegment heap) {
        return mappings.allocate(Math.max(1, heap.byteSize()), 8).asSlice(0, heap.byteSize()).copyFrom(heap);
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
                    ref = pack(refAlleles);
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
        if (root == null && mappings.scope().isAlive()) {
            mappings.close();
        }
    }
}
