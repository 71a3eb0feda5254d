package io.gvl.format.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.NaturalSort;
import io.gvl.format.PythonStrings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Maps {@code metadata.json} to {@link DatasetMetadata} through Jackson's tree model. The tree (rather than data
 * binding) lets the format gate run before anything else, ignores unknown keys, names the offending key in every
 * error and writes keys in pydantic's declaration order. {@link DatasetMetadata} itself does no I/O: this is its
 * reader and writer.
 */
public final class MetadataFile {
    private static final ObjectMapper MAPPER = new ObjectMapper();

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
        JsonNode root;
        try {
            root = MAPPER.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new DatasetFormatException(file + ": malformed JSON (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw new DatasetFormatException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
        if (root == null || !root.isObject()) {
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
    private static String checkFormat(Path file, JsonNode node) {
        if (node == null || node.isNull()) {
            throw new DatasetFormatException(file + ": no format_version, so the dataset uses format 1.x (written by"
                    + " GenVarLoader < 0.27). Migrate it to format 2.0 with `gvl migrate DIR` (or"
                    + " genvarloader.migrate(path)).");
        }
        if (!node.isTextual()) {
            throw new DatasetFormatException(file + ": format_version must be a string, got " + node);
        }
        String text = node.asText();
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
    private record Reader(Path file, JsonNode root) {
        private DatasetFormatException bad(String key, String expected, JsonNode got) {
            return new DatasetFormatException(file + ": key '" + key + "' must be " + expected + ", got " + got);
        }

        List<String> strings(String key) {
            JsonNode n = root.get(key);
            if (n == null) {
                throw new DatasetFormatException(file + ": required key '" + key + "' is missing");
            }
            if (!n.isArray()) {
                throw bad(key, "an array of strings", n);
            }
            List<String> out = new ArrayList<>(n.size());
            for (JsonNode e : n) {
                if (!e.isTextual()) {
                    throw bad(key, "an array of strings", n);
                }
                out.add(e.asText());
            }
            return out;
        }

        int intValue(String key, Integer dflt) {
            JsonNode n = root.get(key);
            if (n == null) {
                if (dflt == null) {
                    throw new DatasetFormatException(file + ": required key '" + key + "' is missing");
                }
                return dflt;
            }
            if (!n.isIntegralNumber() || !n.canConvertToInt() || n.asInt() < 0) {
                throw bad(key, "a non-negative integer", n);
            }
            return n.asInt();
        }

        Integer optionalInt(String key) {
            JsonNode n = root.get(key);
            return n == null || n.isNull() ? null : intValue(key, null);
        }

        long longValue(JsonNode obj, String key, String where) {
            JsonNode n = obj.get(key);
            if (n == null || !n.isIntegralNumber() || !n.canConvertToLong()) {
                throw bad(where + "." + key, "an integer", n);
            }
            return n.asLong();
        }

        String text(JsonNode obj, String key, String where) {
            JsonNode n = obj.get(key);
            if (n == null || !n.isTextual()) {
                throw bad(where + "." + key, "a string", n);
            }
            return n.asText();
        }

        String optionalSemver(String key) {
            JsonNode n = root.get(key);
            if (n == null || n.isNull()) {
                return null;
            }
            if (!n.isTextual()) {
                throw bad(key, "a semantic version string or null", n);
            }
            DatasetMetadata.semver(n.asText(), file + ": " + key);
            return n.asText();
        }

        JsonNode object(String key) {
            JsonNode n = root.get(key);
            if (n == null || n.isNull()) {
                return null;
            }
            if (!n.isObject()) {
                throw bad(key, "an object or null", n);
            }
            return n;
        }

        JsonNode fingerprintOf(JsonNode link, String key) {
            JsonNode fp = link.get("fingerprint");
            if (fp == null || !fp.isObject()) {
                throw bad(key + ".fingerprint", "an object", fp);
            }
            return fp;
        }

        DatasetMetadata.SvarLink svarLink() {
            JsonNode n = object("svar_link");
            if (n == null) {
                return null;
            }
            JsonNode fp = fingerprintOf(n, "svar_link");
            return new DatasetMetadata.SvarLink(text(n, "relative_path", "svar_link"),
                    text(n, "absolute_path", "svar_link"), longValue(fp, "n_variants", "svar_link.fingerprint"),
                    longValue(fp, "variant_idxs_bytes", "svar_link.fingerprint"));
        }

        DatasetMetadata.Svar2Link svar2Link() {
            JsonNode n = object("svar2_link");
            if (n == null) {
                return null;
            }
            JsonNode fp = fingerprintOf(n, "svar2_link");
            return new DatasetMetadata.Svar2Link(text(n, "relative_path", "svar2_link"),
                    text(n, "absolute_path", "svar2_link"), longValue(fp, "n_files", "svar2_link.fingerprint"),
                    longValue(fp, "store_bytes", "svar2_link.fingerprint"));
        }

        DatasetMetadata.VariantsFingerprint fingerprint() {
            JsonNode n = object("variants_fingerprint");
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
        ObjectNode o = MAPPER.createObjectNode();
        ArrayNode samples = o.putArray("samples");
        m.samples().forEach(samples::add);
        ArrayNode contigs = o.putArray("contigs");
        m.contigs().forEach(contigs::add);
        o.put("n_regions", m.nRegions());
        if (m.ploidy() == null) {
            o.putNull("ploidy");
        } else {
            o.put("ploidy", m.ploidy());
        }
        o.put("max_jitter", m.maxJitter());
        o.put("version", m.version());
        o.put("format_version", m.formatVersion());
        if (m.svarLink() == null) {
            o.putNull("svar_link");
        } else {
            ObjectNode l = o.putObject("svar_link");
            l.put("relative_path", m.svarLink().relativePath());
            l.put("absolute_path", m.svarLink().absolutePath());
            ObjectNode fp = l.putObject("fingerprint");
            fp.put("n_variants", m.svarLink().nVariants());
            fp.put("variant_idxs_bytes", m.svarLink().variantIdxsBytes());
        }
        if (m.svar2Link() == null) {
            o.putNull("svar2_link");
        } else {
            ObjectNode l = o.putObject("svar2_link");
            l.put("relative_path", m.svar2Link().relativePath());
            l.put("absolute_path", m.svar2Link().absolutePath());
            ObjectNode fp = l.putObject("fingerprint");
            fp.put("n_files", m.svar2Link().nFiles());
            fp.put("store_bytes", m.svar2Link().storeBytes());
        }
        if (m.variantsFingerprint() == null) {
            o.putNull("variants_fingerprint");
        } else {
            ObjectNode f = o.putObject("variants_fingerprint");
            f.put("algorithm", m.variantsFingerprint().algorithm());
            f.put("n_bytes_hashed", m.variantsFingerprint().nBytesHashed());
            f.put("digest", m.variantsFingerprint().digest());
            f.put("size_bytes", m.variantsFingerprint().sizeBytes());
        }
        try {
            return MAPPER.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize metadata", e);
        }
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
