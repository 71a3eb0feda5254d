package io.gvl.format.build;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.gvl.format.DatasetMetadata.VariantsFingerprint;
import io.gvl.format.PartException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code part.json}: which block of the write grid a part holds and which variant table it indexes. A part's
 * content is a pure function of the plan and its block, so the manifest is what the merge checks before it trusts
 * a part's files: the block and its ranges against the plan, the fingerprint against the plan's variant table.
 * Written and read with Jackson's streaming API (a write's cold start would otherwise load its data binding).
 *
 * @param kind {@link #GENOTYPES} or {@link #TRACKS}
 * @param regionBlock the region block index
 * @param sampleBlock the sample block index
 * @param regionFrom first sorted region of the block
 * @param regionTo one past the last sorted region
 * @param sampleFrom first sorted sample of the block
 * @param sampleTo one past the last sorted sample
 * @param variantsFingerprint fingerprint of the plan's {@code variants.arrow}, or {@code null} without variants
 */
public record PartManifest(String kind, int regionBlock, int sampleBlock, int regionFrom, int regionTo,
                           int sampleFrom, int sampleTo, VariantsFingerprint variantsFingerprint) {
    /** The kind of a part holding {@code genotypes/} and the extended window ends. */
    public static final String GENOTYPES = "genotypes";
    /** The kind of a part holding sample tracks (and, in sample block 0, annotation tracks). */
    public static final String TRACKS = "tracks";
    /** The manifest's file name inside a part directory. */
    public static final String FILE = "part.json";

    private static final JsonFactory JSON = new JsonFactory();

    /**
     * The directory name of a part, {@code <kind>-r<regionBlock>-s<sampleBlock>}.
     *
     * @param kind the part kind
     * @param regionBlock the region block index
     * @param sampleBlock the sample block index
     * @return the name
     */
    public static String name(String kind, int regionBlock, int sampleBlock) {
        return kind + "-r" + regionBlock + "-s" + sampleBlock;
    }

    /**
     * This part's directory name.
     *
     * @return {@link #name(String, int, int)} of this part
     */
    public String name() {
        return name(kind, regionBlock, sampleBlock);
    }

    /**
     * Writes the manifest as {@code dir/part.json}.
     *
     * @param dir the part's (temporary) directory
     * @throws UncheckedIOException if the file cannot be written
     */
    public void write(Path dir) {
        try (OutputStream out = Files.newOutputStream(dir.resolve(FILE));
             JsonGenerator g = JSON.createGenerator(out).useDefaultPrettyPrinter()) {
            g.writeStartObject();
            g.writeStringField("kind", kind);
            g.writeNumberField("regionBlock", regionBlock);
            g.writeNumberField("sampleBlock", sampleBlock);
            g.writeNumberField("regionFrom", regionFrom);
            g.writeNumberField("regionTo", regionTo);
            g.writeNumberField("sampleFrom", sampleFrom);
            g.writeNumberField("sampleTo", sampleTo);
            if (variantsFingerprint == null) {
                g.writeNullField("variantsFingerprint");
            } else {
                g.writeObjectFieldStart("variantsFingerprint");
                g.writeStringField("algorithm", variantsFingerprint.algorithm());
                g.writeNumberField("nBytesHashed", variantsFingerprint.nBytesHashed());
                g.writeStringField("digest", variantsFingerprint.digest());
                g.writeNumberField("sizeBytes", variantsFingerprint.sizeBytes());
                g.writeEndObject();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(dir.resolve(FILE) + ": cannot write", e);
        }
    }

    /**
     * Reads {@code dir/part.json}.
     *
     * @param dir a part directory
     * @return the manifest
     * @throws PartException.Mismatch if the file is missing or is not a part manifest
     */
    public static PartManifest read(Path dir) {
        try (JsonParser p = JSON.createParser(Files.readAllBytes(dir.resolve(FILE)))) {
            Map<String, Object> top = object(p, p.nextToken());
            Object fp = top.get("variantsFingerprint");
            VariantsFingerprint fingerprint = null;
            if (fp instanceof Map<?, ?> m) {
                fingerprint = new VariantsFingerprint(text(m, "algorithm"), number(m, "nBytesHashed"),
                        text(m, "digest"), number(m, "sizeBytes"));
            } else if (fp != null || !top.containsKey("variantsFingerprint")) {
                throw new IOException("variantsFingerprint is " + fp + ", not an object or null");
            }
            if (p.nextToken() != null) {
                throw new IOException("content after the manifest object");
            }
            return new PartManifest(text(top, "kind"), (int) number(top, "regionBlock"),
                    (int) number(top, "sampleBlock"), (int) number(top, "regionFrom"), (int) number(top, "regionTo"),
                    (int) number(top, "sampleFrom"), (int) number(top, "sampleTo"), fingerprint);
        } catch (IOException | RuntimeException e) {
            throw new PartException.Mismatch("part " + dir + " has no readable " + FILE + " (" + e.getMessage()
                    + ").");
        }
    }

    /** A flat JSON object of strings, integers, nulls and (one level of) nested objects. */
    private static Map<String, Object> object(JsonParser p, JsonToken start) throws IOException {
        if (start != JsonToken.START_OBJECT) {
            throw new IOException("expected an object at " + p.currentLocation() + ", found " + start);
        }
        Map<String, Object> m = new HashMap<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
            String key = p.currentName();
            JsonToken v = p.nextToken();
            m.put(key, switch (v) {
                case VALUE_STRING -> p.getText();
                case VALUE_NUMBER_INT -> p.getLongValue();
                case VALUE_NULL -> null;
                case START_OBJECT -> object(p, v);
                default -> throw new IOException("unexpected " + v + " for " + key + " at " + p.currentLocation());
            });
        }
        return m;
    }

    private static String text(Map<?, ?> m, String key) throws IOException {
        if (m.get(key) instanceof String s) {
            return s;
        }
        throw new IOException(key + " is missing or not a string");
    }

    private static long number(Map<?, ?> m, String key) throws IOException {
        if (m.get(key) instanceof Long l) {
            return l;
        }
        throw new IOException(key + " is missing or not an integer");
    }
}
