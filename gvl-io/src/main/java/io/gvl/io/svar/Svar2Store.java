package io.gvl.io.svar;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.io.InputFormatException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An open genoray {@code .svar2} store ({@code meta.json} {@code format_version} 1, genoray 6.x). Why: a GVL dataset
 * linked to a store keeps only call windows into it, so reading the dataset's haplotypes means reading the store.
 *
 * <p>{@link #open} reads {@code meta.json}, maps every contig's streams read-only into one shared {@link Arena} the
 * store owns, and checks that the files agree (positions vs alleles vs offsets vs bit matrices, offsets monotone and
 * ending at the call count, long-allele offsets, {@code max_del} and field shapes), so later reads index without
 * surprises. 0-byte files (empty streams) are not mapped. {@link #close()} unmaps everything; closing twice is
 * harmless, and any use afterwards throws {@link IllegalStateException} saying the store is closed.
 *
 * <p>Thread-safety: all reads may run from several threads at once; {@link #close()} must not race with reads the
 * caller still needs.
 */
public final class Svar2Store implements AutoCloseable {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Path path;
    private final List<String> samples;
    private final int ploidy;
    private final List<Svar2Field> fields;
    private final Arena arena;
    private final Map<String, Svar2Contig> contigs = new LinkedHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    private Svar2Store(Path path, List<String> samples, int ploidy, List<Svar2Field> fields, Arena arena) {
        this.path = path;
        this.samples = samples;
        this.ploidy = ploidy;
        this.fields = fields;
        this.arena = arena;
    }

    /**
     * Opens and checks a store directory.
     *
     * @param store the {@code .svar2} directory
     * @return the open store; the caller must {@link #close()} it to unmap its files
     * @throws InputFormatException naming the file and the problem when {@code meta.json} is missing, malformed or
     *                              of another {@code format_version}, a listed contig's directory or stream file is
     *                              missing, or the files' sizes disagree
     */
    public static Svar2Store open(Path store) {
        Path metaFile = store.resolve("meta.json");
        JsonNode meta = readMeta(metaFile);
        Meta m = new Meta(metaFile, meta);
        Arena arena = Arena.ofShared();
        try {
            Svar2Store s = new Svar2Store(store, m.samples, m.ploidy, m.fields, arena);
            for (String contig : m.contigs) {
                s.contigs.put(contig, Svar2Contig.open(s, contig, m.samples.size(), m.ploidy, m.fields, arena));
            }
            return s;
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    static JsonNode readMeta(Path metaFile) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(metaFile);
        } catch (NoSuchFileException e) {
            throw new InputFormatException(metaFile, "", "is missing, so " + metaFile.getParent()
                    + " is not a genoray .svar2 store.", "pass the .svar2 directory written by genoray.", e);
        } catch (IOException e) {
            throw new InputFormatException(metaFile, "", "cannot be read (" + e.getMessage() + ").",
                    "check that the file is readable.", e);
        }
        try {
            JsonNode root = MAPPER.readTree(bytes);
            if (root == null || !root.isObject()) {
                throw new InputFormatException(metaFile, "", "is not a JSON object.", StoreFiles.REBUILD);
            }
            return root;
        } catch (JsonProcessingException e) {
            throw new InputFormatException(metaFile, "", "is not valid JSON (" + e.getOriginalMessage() + ").",
                    StoreFiles.REBUILD, e);
        } catch (IOException e) {
            throw new InputFormatException(metaFile, "", "cannot be read (" + e.getMessage() + ").",
                    "check that the file is readable.", e);
        }
    }

    /** The parsed and checked {@code meta.json}. */
    static final class Meta {
        final List<String> samples;
        final List<String> contigs;
        final int ploidy;
        final List<Svar2Field> fields;

        Meta(Path file, JsonNode root) {
            JsonNode version = root.get("format_version");
            if (version == null || !version.isIntegralNumber() || version.asLong() != 1) {
                throw new InputFormatException(file, "format_version", "is " + version + "; this reader knows only"
                        + " .svar2 format_version 1 (genoray 6.x).", "rewrite the store with genoray 6.x, or use a"
                        + " gvl release that reads this format version.");
            }
            samples = strings(file, root, "samples");
            contigs = strings(file, root, "contigs");
            JsonNode p = root.get("ploidy");
            if (p == null || !p.isIntegralNumber() || p.asLong() < 1 || p.asLong() > 255) {
                throw new InputFormatException(file, "ploidy", "is " + p + ", not a positive integer.",
                        StoreFiles.REBUILD);
            }
            ploidy = p.asInt();
            fields = fields(file, root.get("fields"));
        }

        private static List<String> strings(Path file, JsonNode root, String key) {
            JsonNode n = root.get(key);
            if (n == null || !n.isArray()) {
                throw new InputFormatException(file, key, "is missing or not a list.", StoreFiles.REBUILD);
            }
            List<String> out = new ArrayList<>();
            for (JsonNode e : n) {
                if (!e.isTextual()) {
                    throw new InputFormatException(file, key, "holds " + e + ", not a string.", StoreFiles.REBUILD);
                }
                out.add(e.asText());
            }
            return List.copyOf(out);
        }

        private static List<Svar2Field> fields(Path file, JsonNode n) {
            if (n == null || n.isNull()) {
                return List.of();
            }
            if (!n.isArray()) {
                throw new InputFormatException(file, "fields", "is not a list.", StoreFiles.REBUILD);
            }
            List<Svar2Field> out = new ArrayList<>();
            for (JsonNode f : n) {
                JsonNode name = f.get("name");
                JsonNode category = f.get("category");
                JsonNode dtype = f.get("dtype");
                JsonNode dflt = f.get("default");
                try {
                    Svar2Field.Category c = Svar2Field.Category.valueOf(category.asText().toUpperCase(Locale.ROOT));
                    out.add(new Svar2Field(name.textValue(), c, dtype.textValue(),
                            dflt == null || dflt.isNull() ? null : dflt.toString()));
                } catch (RuntimeException e) {
                    throw new InputFormatException(file, "fields", "holds an entry genoray does not write: " + f
                            + " (" + e.getMessage() + ").", StoreFiles.REBUILD, e);
                }
            }
            return List.copyOf(out);
        }
    }

    /**
     * The store directory.
     *
     * @return the path given to {@link #open}
     */
    public Path path() {
        return path;
    }

    /**
     * The store's samples, in store column order.
     *
     * @return an immutable list
     */
    public List<String> samples() {
        return samples;
    }

    /**
     * The ploidy {@code P}.
     *
     * @return at least 1
     */
    public int ploidy() {
        return ploidy;
    }

    /**
     * The contig names, in {@code meta.json} order.
     *
     * @return an immutable list
     */
    public List<String> contigs() {
        return List.copyOf(contigs.keySet());
    }

    /**
     * The stored INFO/FORMAT fields, in {@code meta.json} order.
     *
     * @return an immutable list, empty when none were stored
     */
    public List<Svar2Field> fields() {
        return fields;
    }

    /**
     * One contig.
     *
     * @param name a contig name as in {@link #contigs()}
     * @return the contig, valid until the store closes
     * @throws IllegalArgumentException if the store has no such contig
     * @throws IllegalStateException if the store is closed
     */
    public Svar2Contig contig(String name) {
        checkOpen();
        Svar2Contig c = contigs.get(name);
        if (c == null) {
            throw new IllegalArgumentException(path + " has no contig '" + name + "' (it has " + contigs.keySet()
                    + ")");
        }
        return c;
    }

    /** Throws the "closed" {@link IllegalStateException} if the store is closed. */
    private void checkOpen() {
        if (closed.get()) {
            throw closedError(null);
        }
    }

    IllegalStateException closedError(Throwable cause) {
        return new IllegalStateException(path + ": the .svar2 store is closed; open it again to read", cause);
    }

    /** Unmaps every file; closing twice is harmless. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            arena.close();
        }
    }
}
