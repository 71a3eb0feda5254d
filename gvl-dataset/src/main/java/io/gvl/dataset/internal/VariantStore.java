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
 * counts those loads per field, so tests can prove that unrequested fields are never read.
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
    private final Arena mappings = Arena.ofShared();
    private final RawArray gatheredDosages;
    private final MappedFiles mapped;
    private volatile VariantBuffers.Alleles ref;

    private VariantStore(Path variantsFile, Path dosagesFile, SparseGenotypes genotypes, io.gvl.format.VariantTable t,
                         DatasetMetadata meta, RawArray gatheredDosages, Map<String, Column> memoryFields,
                         Map<String, StoreCallField> callFields, MappedFiles mapped) {
        this.mapped = mapped;
        this.variantsFile = variantsFile;
        this.dosagesFile = dosagesFile;
        this.genotypes = genotypes;
        this.gatheredDosages = gatheredDosages;
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
        if (gatheredDosages != null || dosagesFile != null) {
            fields.add("dosage");
        }
        fields.addAll(infoTypes.keySet());
        this.callFields = Map.copyOf(callFields);
        // GenVarLoader lists a store's per-call fields after the others (a name already listed is not repeated).
        callFields.keySet().stream().filter(f -> !fields.contains(f)).forEach(fields::add);
        this.available = List.copyOf(fields);
    }

    /**
     * Wraps the mapped genotype arrays and the variant table of an opened dataset: {@code variantsFile} is the Arrow
     * table the INFO columns are read from ({@code genotypes/variants.arrow} or a linked store's index; {@code null}
     * when the table was built in memory and has no INFO columns),
     * {@code dosagesFile} the per-call dosages mapped on first use (or {@code null} when there are none), and
     * {@code gatheredDosages} the dosages a sharded dataset joined from its shards (else {@code null}).
     */
    public static VariantStore open(Path variantsFile, Path dosagesFile, GenotypeArrays geno,
                                    io.gvl.format.VariantTable table, DatasetMetadata meta, RawArray gatheredDosages) {
        return new VariantStore(variantsFile, dosagesFile, sparse(geno), table, meta, gatheredDosages, Map.of(),
                Map.of(), null);
    }

    /**
     * As {@link #open(Path, Path, GenotypeArrays, io.gvl.format.VariantTable, DatasetMetadata, RawArray)}, with a
     * linked {@code .svar} store's per-call FORMAT fields by name, and the dataset's record of mapped files, to which
     * the dosage and per-call field files are added when they are first mapped.
     */
    static VariantStore open(Path variantsFile, Path dosagesFile, GenotypeArrays geno, io.gvl.format.VariantTable table,
                             DatasetMetadata meta, RawArray gatheredDosages, Map<String, StoreCallField> callFields,
                             MappedFiles mapped) {
        return new VariantStore(variantsFile, dosagesFile, sparse(geno), table, meta, gatheredDosages, Map.of(),
                callFields, mapped);
    }

    /**
     * A store over genotypes and a table built in memory (a {@code .svar2}-linked dataset), whose per-variant
     * fields are given as columns rather than read from an Arrow table.
     */
    static VariantStore inMemory(GenotypeArrays geno, io.gvl.format.VariantTable table, DatasetMetadata meta,
                                 Map<String, Column> fields) {
        return new VariantStore(null, null, sparse(geno), table, meta, null, fields, Map.of(), null);
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
        return loaded.computeIfAbsent(name, this::load);
    }

    private Column load(String name) {
        count(name);
        if (name.equals("dosage")) {
            RawArray d = gatheredDosages != null ? gatheredDosages
                    : mapped != null ? mapped.map(dosagesFile, RawDtype.FLOAT32, mappings)
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
        loads.computeIfAbsent(field, k -> new AtomicInteger()).incrementAndGet();
    }

    /** How many times each optional field has been loaded from disk (0 when never). */
    public Map<String, Integer> loads() {
        Map<String, Integer> out = new LinkedHashMap<>();
        loads.forEach((k, v) -> out.put(k, v.get()));
        return Collections.unmodifiableMap(out);
    }

    @Override
    public void close() {
        if (mappings.scope().isAlive()) {
            mappings.close();
        }
    }
}
