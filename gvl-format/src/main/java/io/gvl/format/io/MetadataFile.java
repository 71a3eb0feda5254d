package io.gvl.format.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.NaturalSort;
import io.gvl.format.PythonStrings;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps {@code metadata.json} to {@link DatasetMetadata} through a plain tree of the document ({@link JsonTree}) and
 * writes it with Jackson's streaming generator. The tree (rather than data binding) lets the format gate run before
 * anything else, ignores unknown keys, names the offending key in every error and writes keys in pydantic's
 * declaration order; the streaming API alone keeps Jackson's data binding out of a dataset's open. {@link
 * DatasetMetadata} itself does no I/O: this is its reader and writer.
 */
public final class MetadataFile {
    private static final JsonFactory JSON = new JsonFactory();

    private MetadataFile() {
    }

    /**
     * Reads and checks {@code metadata.json}; fails with a migration hint for format 1.x.
     *
     * @param file the {@code metadata.json} file
     * @return the parsed metadata
     * @throws DatasetFormatException if the file is missing, malformed, or of another major format version
     */
    public static DatasetMetadata read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new DatasetFormatException(file + ": file not found; the directory is not a gvl/GVL dataset");
        } catch (IOException e) {
            throw new DatasetFormatException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
        Object parsed;
        try {
            parsed = JsonTree.parse(bytes);
        } catch (JsonProcessingException e) {
            throw new DatasetFormatException(file + ": malformed JSON (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw new DatasetFormatException(file + ": malformed JSON (" + e.getMessage() + ")", e);
        }
        if (!(parsed instanceof Map<?, ?> root)) {
            throw new DatasetFormatException(file + ": expected a JSON object at the top level");
        }
        String formatVersion = checkFormat(file, root.get("format_version"));
        Reader r = new Reader(file, root);
        DatasetMetadata m;
        try {
            m = new DatasetMetadata(r.strings("samples"), r.strings("contigs"), r.intValue("n_regions", null),
                    r.optionalInt("ploidy"), r.intValue("max_jitter", 0), r.optionalSemver("version"),
                    formatVersion, r.svarLink(), r.svar2Link(), r.fingerprint());
        } catch (IllegalArgumentException e) {
            throw new DatasetFormatException(file + ": " + e.getMessage());
        }
        requireUnique(file, "samples", m.samples());
        requireUnique(file, "contigs", m.contigs());
        return m;
    }

    /** A name listed twice would make lookups by name ambiguous; GVL and gvl never write one. */
    private static void requireUnique(Path file, String field, List<String> names) {
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (!seen.add(n)) {
                throw new DatasetFormatException(file + ": " + field + " lists '" + n + "' more than once; the file is"
                        + " corrupt: rewrite the dataset");
            }
        }
    }

    /** The format gate: only major 2 opens; older majors need {@code migrate}, newer need a newer gvl. */
    private static String checkFormat(Path file, Object node) {
        if (node == null || node == JsonTree.NULL) {
            throw new DatasetFormatException(file + ": no format_version, so the dataset uses format 1.x (written by"
                    + " GenVarLoader < 0.27). Migrate it to format 2.0 with `gvl migrate DIR` (or"
                    + " genvarloader.migrate(path)).");
        }
        if (!(node instanceof String text)) {
            throw new DatasetFormatException(file + ": format_version must be a string, got " + JsonTree.text(node));
        }
        int major = DatasetMetadata.semver(text, file + ": format_version")[0];
        if (major < 2) {
            throw new DatasetFormatException(file + ": format_version " + text + " is format 1.x; migrate the"
                    + " dataset to format 2.0 with `gvl migrate DIR` (or genvarloader.migrate(path)).");
        }
        if (major > 2) {
            throw new DatasetFormatException(file + ": format_version " + text + " was written by a newer"
                    + " gvl/GenVarLoader than this one (reads major 2); upgrade gvl.");
        }
        return text;
    }

    /** Reads typed keys with errors that name the file and the key. */
    private record Reader(Path file, Map<?, ?> root) {
        private DatasetFormatException bad(String key, String expected, Object got) {
            return new DatasetFormatException(file + ": key '" + key + "' must be " + expected + ", got "
                    + JsonTree.text(got));
        }

        List<String> strings(String key) {
            Object n = root.get(key);
            if (n == null) {
                throw new DatasetFormatException(file + ": required key '" + key + "' is missing");
            }
            if (!(n instanceof List<?> list)) {
                throw bad(key, "an array of strings", n);
            }
            List<String> out = new ArrayList<>(list.size());
            for (Object e : list) {
                if (!(e instanceof String text)) {
                    throw bad(key, "an array of strings", n);
                }
                out.add(text);
            }
            return out;
        }

        int intValue(String key, Integer dflt) {
            Object n = root.get(key);
            if (n == null) {
                if (dflt == null) {
                    throw new DatasetFormatException(file + ": required key '" + key + "' is missing");
                }
                return dflt;
            }
            if (!(n instanceof Long v) || v < 0 || v > Integer.MAX_VALUE) {
                throw bad(key, "a non-negative integer", n);
            }
            return (int) (long) v;
        }

        Integer optionalInt(String key) {
            Object n = root.get(key);
            return n == null || n == JsonTree.NULL ? null : intValue(key, null);
        }

        long longValue(Map<?, ?> obj, String key, String where) {
            Object n = obj.get(key);
            if (!(n instanceof Long v)) {
                throw bad(where + "." + key, "an integer", n);
            }
            return v;
        }

        String text(Map<?, ?> obj, String key, String where) {
            Object n = obj.get(key);
            if (!(n instanceof String v)) {
                throw bad(where + "." + key, "a string", n);
            }
            return v;
        }

        String optionalSemver(String key) {
            Object n = root.get(key);
            if (n == null || n == JsonTree.NULL) {
                return null;
            }
            if (!(n instanceof String v)) {
                throw bad(key, "a semantic version string or null", n);
            }
            DatasetMetadata.semver(v, file + ": " + key);
            return v;
        }

        Map<?, ?> object(String key) {
            Object n = root.get(key);
            if (n == null || n == JsonTree.NULL) {
                return null;
            }
            if (!(n instanceof Map<?, ?> m)) {
                throw bad(key, "an object or null", n);
            }
            return m;
        }

        Map<?, ?> fingerprintOf(Map<?, ?> link, String key) {
            Object fp = link.get("fingerprint");
            if (!(fp instanceof Map<?, ?> m)) {
                throw bad(key + ".fingerprint", "an object", fp);
            }
            return m;
        }

        DatasetMetadata.SvarLink svarLink() {
            Map<?, ?> n = object("svar_link");
            if (n == null) {
                return null;
            }
            Map<?, ?> fp = fingerprintOf(n, "svar_link");
            return new DatasetMetadata.SvarLink(text(n, "relative_path", "svar_link"),
                    text(n, "absolute_path", "svar_link"), longValue(fp, "n_variants", "svar_link.fingerprint"),
                    longValue(fp, "variant_idxs_bytes", "svar_link.fingerprint"));
        }

        DatasetMetadata.Svar2Link svar2Link() {
            Map<?, ?> n = object("svar2_link");
            if (n == null) {
                return null;
            }
            Map<?, ?> fp = fingerprintOf(n, "svar2_link");
            return new DatasetMetadata.Svar2Link(text(n, "relative_path", "svar2_link"),
                    text(n, "absolute_path", "svar2_link"), longValue(fp, "n_files", "svar2_link.fingerprint"),
                    longValue(fp, "store_bytes", "svar2_link.fingerprint"));
        }

        DatasetMetadata.VariantsFingerprint fingerprint() {
            Map<?, ?> n = object("variants_fingerprint");
            if (n == null) {
                return null;
            }
            String w = "variants_fingerprint";
            return new DatasetMetadata.VariantsFingerprint(text(n, "algorithm", w), longValue(n, "n_bytes_hashed", w),
                    text(n, "digest", w), longValue(n, "size_bytes", w));
        }
    }

    /**
     * Writes {@code metadata.json} the way GVL does (compact, keys in model order) after checking that samples are
     * sorted and unique and contigs natural-sorted and unique, so Python GVL reads the axes exactly as gvl does.
     *
     * @param m the metadata
     * @param file the destination, replaced if it exists
     * @throws DatasetFormatException if the axes are not sorted and unique
     * @throws java.io.UncheckedIOException if the file cannot be written
     */
    public static void write(DatasetMetadata m, Path file) {
        try {
            checkAxes(m);
        } catch (IllegalArgumentException e) {
            throw new DatasetFormatException(file + ": not written: " + e.getMessage());
        }
        try {
            Files.write(file, toJson(m).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(file + ": cannot write metadata", e);
        }
    }

    /**
     * The metadata as compact JSON in GVL's key order, as {@link #write} writes it.
     *
     * @param m the metadata
     * @return the JSON text
     */
    public static String toJson(DatasetMetadata m) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeArrayFieldStart("samples");
            for (String sample : m.samples()) {
                g.writeString(sample);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("contigs");
            for (String contig : m.contigs()) {
                g.writeString(contig);
            }
            g.writeEndArray();
            g.writeNumberField("n_regions", m.nRegions());
            g.writeFieldName("ploidy");
            if (m.ploidy() == null) {
                g.writeNull();
            } else {
                g.writeNumber(m.ploidy());
            }
            g.writeNumberField("max_jitter", m.maxJitter());
            g.writeStringField("version", m.version());
            g.writeStringField("format_version", m.formatVersion());
            g.writeFieldName("svar_link");
            if (m.svarLink() == null) {
                g.writeNull();
            } else {
                g.writeStartObject();
                g.writeStringField("relative_path", m.svarLink().relativePath());
                g.writeStringField("absolute_path", m.svarLink().absolutePath());
                g.writeObjectFieldStart("fingerprint");
                g.writeNumberField("n_variants", m.svarLink().nVariants());
                g.writeNumberField("variant_idxs_bytes", m.svarLink().variantIdxsBytes());
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeFieldName("svar2_link");
            if (m.svar2Link() == null) {
                g.writeNull();
            } else {
                g.writeStartObject();
                g.writeStringField("relative_path", m.svar2Link().relativePath());
                g.writeStringField("absolute_path", m.svar2Link().absolutePath());
                g.writeObjectFieldStart("fingerprint");
                g.writeNumberField("n_files", m.svar2Link().nFiles());
                g.writeNumberField("store_bytes", m.svar2Link().storeBytes());
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeFieldName("variants_fingerprint");
            if (m.variantsFingerprint() == null) {
                g.writeNull();
            } else {
                g.writeStartObject();
                g.writeStringField("algorithm", m.variantsFingerprint().algorithm());
                g.writeNumberField("n_bytes_hashed", m.variantsFingerprint().nBytesHashed());
                g.writeStringField("digest", m.variantsFingerprint().digest());
                g.writeNumberField("size_bytes", m.variantsFingerprint().sizeBytes());
                g.writeEndObject();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialize metadata", e);
        }
        return out.toString();
    }

    private static void checkAxes(DatasetMetadata m) {
        List<String> s = m.samples();
        for (int i = 1; i < s.size(); i++) {
            if (PythonStrings.compare(s.get(i - 1), s.get(i)) >= 0) {
                throw new IllegalArgumentException("samples must be sorted ascending and unique; '" + s.get(i - 1)
                        + "' comes before '" + s.get(i) + "'");
            }
        }
        List<String> c = m.contigs();
        for (int i = 1; i < c.size(); i++) {
            if (NaturalSort.compare(c.get(i - 1), c.get(i)) > 0 || c.get(i - 1).equals(c.get(i))) {
                throw new IllegalArgumentException("contigs must be natural-sorted and unique; '" + c.get(i - 1)
                        + "' comes before '" + c.get(i) + "'");
            }
        }
        if (m.version() != null) {
            DatasetMetadata.semver(m.version(), "version");
        }
        DatasetMetadata.semver(m.formatVersion(), "format_version");
    }
}
