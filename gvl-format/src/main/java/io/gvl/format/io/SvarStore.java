package io.gvl.format.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.VariantTable;
import io.gvl.format.array.RawArray;
import io.gvl.format.array.RawDtype;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A genoray {@code .svar} store (SVAR1) as a dataset linked to it reads it: {@code metadata.json} (samples, ploidy,
 * contigs), the variant table {@code index.arrow} (genoray's VCF or PGEN index layout), a CSR over haplotypes
 * ({@code offsets.npy}, {@code H + 1} raw int64) and its payload {@code variant_idxs.npy} (raw int32 rows of the
 * table, ascending per haplotype), and optional per-call {@code dosages.npy}. The dataset keeps only start/end pairs
 * into the payload, so the store is the dataset's variant table and genotype list; the link's fingerprint (row count
 * and payload size) guards against a store that changed since the dataset was written.
 */
public final class SvarStore {
    /** The store's JSON header. */
    public static final String METADATA = "metadata.json";
    /** The store's variant table. */
    public static final String INDEX = "index.arrow";
    /** The CSR offsets over haplotypes. */
    public static final String OFFSETS = "offsets.npy";
    /** The per-haplotype variant rows. */
    public static final String VARIANT_IDXS = "variant_idxs.npy";
    /** Per-call dosages, parallel to {@link #VARIANT_IDXS}. */
    public static final String DOSAGES = "dosages.npy";

    /** What to do about a store {@link #contigOrderProblem()} refuses. */
    public static final String CONTIG_ORDER_FIX = "rebuild the store from a VCF whose contigs are in natural order"
            + " (bcftools sort), or convert the VCF to .svar2 (gvl convert), which has no such problem";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Path dir;
    private final List<String> samples;
    private final List<String> contigs;
    private final Map<String, String> callFields;
    private final int ploidy;
    private final RawArray offsets;
    private final RawArray variantIdxs;
    private final VariantTable variants;

    private SvarStore(Path dir, Arena arena) {
        this.dir = dir;
        Path meta = dir.resolve(METADATA);
        JsonNode root = readJson(meta);
        JsonNode version = root.get("version");
        if (version == null || !version.isInt() || version.intValue() != 1) {
            throw new DatasetFormatException(meta + ": version " + version + " is not a .svar store version gvl"
                    + " reads (1); rebuild the store with genoray 6");
        }
        this.samples = strings(root, "samples", meta);
        this.contigs = strings(root, "contigs", meta);
        this.callFields = callFields(root, meta);
        JsonNode p = root.get("ploidy");
        if (p == null || !p.isInt() || p.intValue() < 1) {
            throw new DatasetFormatException(meta + ": 'ploidy' must be a positive integer, found " + p);
        }
        this.ploidy = p.intValue();
        this.offsets = RawArray.map(file(OFFSETS), RawDtype.INT64, arena);
        this.variantIdxs = RawArray.map(file(VARIANT_IDXS), RawDtype.INT32, arena);
        this.variants = VariantTableFile.read(file(INDEX));
    }

    /**
     * Checks that the CSR offsets cover the payload: {@code H + 1} values from 0 to the number of calls. Run after
     * {@link #checkLink}, so a store changed since the write is reported as that.
     *
     * @throws DatasetFormatException if they do not
     */
    public void checkLayout() {
        long haplotypes = (long) samples.size() * ploidy;
        if (offsets.length() != haplotypes + 1 || offsets.getLong(0) != 0
                || offsets.getLong(haplotypes) != variantIdxs.length()) {
            throw new DatasetFormatException(offsets.file() + ": expected " + (haplotypes + 1) + " offsets from 0 to "
                    + variantIdxs.length() + " (the calls in " + VARIANT_IDXS + ") for " + samples.size()
                    + " samples x ploidy " + ploidy + "; the store is truncated or mixed from two stores");
        }
    }

    /**
     * Opens the store at {@code dir}, mapping its arrays into {@code arena} and reading its variant table; the caller
     * checks the link ({@link #checkLink}) and then the layout ({@link #checkLayout}).
     *
     * @param dir the {@code .svar} directory
     * @param arena owns the mappings
     * @return the store
     * @throws DatasetFormatException if a file is missing or the files disagree
     */
    public static SvarStore open(Path dir, Arena arena) {
        return new SvarStore(dir, arena);
    }

    private Path file(String name) {
        Path f = dir.resolve(name);
        if (!Files.isRegularFile(f)) {
            throw new DatasetFormatException(f + ": file not found; " + dir + " is not a complete .svar store");
        }
        return f;
    }

    private static JsonNode readJson(Path file) {
        try {
            JsonNode n = MAPPER.readTree(Files.readAllBytes(file));
            if (n == null || !n.isObject()) {
                throw new DatasetFormatException(file + ": expected a JSON object");
            }
            return n;
        } catch (java.nio.file.NoSuchFileException e) {
            throw new DatasetFormatException(file + ": file not found; " + file.getParent()
                    + " is not a .svar store");
        } catch (IOException e) {
            throw new DatasetFormatException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
    }

    /** {@code fields}: per-call arrays {@code <name>.npy} and their NumPy dtype names, in the file's order. */
    private static Map<String, String> callFields(JsonNode root, Path file) {
        JsonNode f = root.get("fields");
        Map<String, String> out = new LinkedHashMap<>();
        if (f == null || f.isNull()) {
            return out;
        }
        if (!f.isObject()) {
            throw new DatasetFormatException(file + ": 'fields' must map field names to NumPy dtype names");
        }
        for (Map.Entry<String, JsonNode> e : f.properties()) {
            if (!e.getValue().isTextual()) {
                throw new DatasetFormatException(file + ": field '" + e.getKey() + "' has no dtype name");
            }
            out.put(e.getKey(), e.getValue().textValue());
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    private static List<String> strings(JsonNode root, String key, Path file) {
        JsonNode a = root.get(key);
        if (a == null || !a.isArray()) {
            throw new DatasetFormatException(file + ": '" + key + "' must be a list of names");
        }
        List<String> out = new ArrayList<>(a.size());
        for (JsonNode n : a) {
            if (!n.isTextual()) {
                throw new DatasetFormatException(file + ": '" + key + "' holds a non-string " + n);
            }
            out.add(n.textValue());
        }
        return List.copyOf(out);
    }

    /**
     * Why the store's calls cannot be trusted, if they cannot: genoray 6.0.2 numbers {@code variant_idxs.npy} as if
     * the table's rows came in the order of {@code metadata.json}'s (natural-sorted) contigs, while
     * {@code index.arrow} keeps the source order (a VCF ordered {@code ..., chrX, chrY, chrM}); when the two orders
     * differ, haplotypes point at another contig's variants. Readers and writers refuse such a store with this text.
     *
     * @return the problem (without the file name; {@link #CONTIG_ORDER_FIX} says what to do), or empty for a store
     *     whose rows follow its listed contig order
     */
    public Optional<String> contigOrderProblem() {
        LinkedHashSet<String> order = new LinkedHashSet<>(java.util.Arrays.asList(variants.chrom()));
        List<String> inRows = new ArrayList<>(order);
        List<String> inList = contigs.stream().filter(order::contains).toList();
        if (inRows.equals(inList)) {
            return Optional.empty();
        }
        return Optional.of("the rows list the contigs in the order " + inRows + ", but " + METADATA + " lists them as "
                + inList + "; genoray 6.0.2 then numbers variant_idxs.npy in the listed order, so this store's"
                + " haplotypes point at the wrong variants");
    }

    /**
     * Checks the link's fingerprint: the store's variant count and payload size when the dataset was written.
     *
     * @param link the dataset's {@code svar_link}
     * @param dataset the dataset directory, for the message
     * @throws DatasetFormatException naming both values when they differ
     */
    public void checkLink(DatasetMetadata.SvarLink link, Path dataset) {
        long bytes = variantIdxs.length() * 4;
        if (link.nVariants() != variants.size() || link.variantIdxsBytes() != bytes) {
            throw new DatasetFormatException(dir + ": this .svar store does not match the link in "
                    + io.gvl.format.DatasetLayout.metadata(dataset) + " (n_variants " + variants.size() + " found, "
                    + link.nVariants() + " recorded; variant_idxs bytes " + bytes + " found, "
                    + link.variantIdxsBytes() + " recorded); the store changed after the dataset was written: restore"
                    + " it or rewrite the dataset");
        }
    }

    /**
     * The store's call block of every dataset haplotype: for dataset sample {@code s} and ploid {@code p}, entry
     * {@code s·P + p} of the two arrays bounds the calls of the store haplotype of the same sample name.
     *
     * @param datasetSamples the dataset's samples
     * @param dataset the dataset directory, for the message
     * @return {@code {starts, ends}}
     * @throws DatasetFormatException if a dataset sample is not in the store
     */
    public long[][] haplotypeBlocks(List<String> datasetSamples, Path dataset) {
        Object2IntOpenHashMap<String> column = new Object2IntOpenHashMap<>();
        column.defaultReturnValue(-1);
        for (int i = 0; i < samples.size(); i++) {
            column.putIfAbsent(samples.get(i), i);
        }
        long[] starts = new long[datasetSamples.size() * ploidy];
        long[] ends = new long[starts.length];
        for (int s = 0; s < datasetSamples.size(); s++) {
            int c = column.getInt(datasetSamples.get(s));
            if (c < 0) {
                throw new DatasetFormatException(io.gvl.format.DatasetLayout.metadata(dataset) + ": sample '"
                        + datasetSamples.get(s) + "' is not in the linked store " + dir + "; the link points at"
                        + " another store");
            }
            for (int p = 0; p < ploidy; p++) {
                long h = (long) c * ploidy + p;
                starts[s * ploidy + p] = offsets.getLong(h);
                ends[s * ploidy + p] = offsets.getLong(h + 1);
            }
        }
        return new long[][] {starts, ends};
    }

    /**
     * The store directory.
     *
     * @return the directory
     */
    public Path dir() {
        return dir;
    }

    /**
     * The store's per-call FORMAT fields ({@code metadata.json} {@code fields}): each is a raw array
     * {@code <name>.npy} parallel to {@code variant_idxs.npy}, of the given NumPy dtype ({@code dosages} is the one
     * genoray writes for {@code with_dosages}).
     *
     * @return field name to NumPy dtype name ({@code float32}, {@code int16}, ...), in the file's order
     */
    public Map<String, String> callFields() {
        return callFields;
    }

    /**
     * The per-call array of one of {@link #callFields()}.
     *
     * @param name the field name
     * @return {@code <name>.npy} in the store
     */
    public Path callFieldFile(String name) {
        return dir.resolve(name + ".npy");
    }

    /**
     * The contigs {@code metadata.json} lists (natural-sorted by genoray).
     *
     * @return the contig names
     */
    public List<String> contigs() {
        return contigs;
    }

    /**
     * Haplotypes per sample.
     *
     * @return the ploidy
     */
    public int ploidy() {
        return ploidy;
    }

    /**
     * The store's samples in its own order.
     *
     * @return the sample names
     */
    public List<String> samples() {
        return samples;
    }

    /**
     * The per-haplotype variant rows (int32), the payload dataset ranges index.
     *
     * @return the mapped array, valid while the arena is open
     */
    public RawArray variantIdxs() {
        return variantIdxs;
    }

    /**
     * The variant table, read at open.
     *
     * @return the table
     */
    public VariantTable variants() {
        return variants;
    }

    /**
     * The variant table file, for its optional INFO columns.
     *
     * @return {@code index.arrow}
     */
    public Path indexFile() {
        return dir.resolve(INDEX);
    }

    /**
     * The per-call dosages, when the store was built with them.
     *
     * @return {@code dosages.npy}, or empty
     */
    public Optional<Path> dosagesFile() {
        Path d = dir.resolve(DOSAGES);
        return Files.isRegularFile(d) ? Optional.of(d) : Optional.empty();
    }
}
