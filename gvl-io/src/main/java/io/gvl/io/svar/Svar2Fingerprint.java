package io.gvl.io.svar;

import com.fasterxml.jackson.databind.JsonNode;
import io.gvl.io.InputFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The fingerprint a GVL dataset records for its linked {@code .svar2} store ({@code svar2_link.fingerprint}): a file
 * count and a summed byte size, compared on open to notice a store that was rewritten. GVL 0.43.1 writes the
 * {@link #scoped} rule; datasets written by GVL 0.43.0 and earlier carry the {@link #legacy} rule, which 0.43.1 still
 * accepts. Why two: since 0.43.1 sibling layers genoray may add later ({@code mutcat/}, cluster sidecars) no longer
 * change the fingerprint (GVL issue #419).
 *
 * @param nFiles the number of counted files
 * @param storeBytes their summed sizes in bytes
 */
public record Svar2Fingerprint(long nFiles, long storeBytes) {
    private static final List<String> SCOPED_DIRS = List.of("dense", "fields", "indel", "var_key");

    /**
     * The GVL 0.43.1 rule: every file ending {@code .bin} or {@code .npy} under each contig directory's
     * {@code dense/}, {@code fields/}, {@code indel/} and {@code var_key/} subtrees, plus each contig's
     * {@code max_del.npy}; contigs as listed in {@code meta.json}.
     *
     * @param store the {@code .svar2} directory
     * @return the fingerprint
     * @throws InputFormatException if {@code meta.json} is missing or malformed, or a file cannot be listed
     */
    public static Svar2Fingerprint scoped(Path store) {
        JsonNode contigs = Svar2Store.readMeta(store.resolve("meta.json")).get("contigs");
        if (contigs == null || !contigs.isArray()) {
            throw new InputFormatException(store.resolve("meta.json"), "contigs", "is missing or not a list.",
                    StoreFiles.REBUILD);
        }
        long[] acc = new long[2];
        for (JsonNode c : contigs) {
            Path dir = store.resolve(c.asText());
            for (String sub : SCOPED_DIRS) {
                count(dir.resolve(sub), acc);
            }
            Path maxDel = dir.resolve("max_del.npy");
            if (Files.isRegularFile(maxDel)) {
                add(maxDel, acc);
            }
        }
        return new Svar2Fingerprint(acc[0], acc[1]);
    }

    /**
     * The rule of GVL 0.43.0 and earlier: every file ending {@code .bin} or {@code .npy} anywhere in the store.
     *
     * @param store the {@code .svar2} directory
     * @return the fingerprint
     * @throws InputFormatException if a file cannot be listed
     */
    public static Svar2Fingerprint legacy(Path store) {
        long[] acc = new long[2];
        count(store, acc);
        return new Svar2Fingerprint(acc[0], acc[1]);
    }

    private static void count(Path root, long[] acc) {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(".bin")
                            || p.getFileName().toString().endsWith(".npy"))
                    .forEach(p -> add(p, acc));
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new InputFormatException(root, "", "cannot be listed (" + e.getMessage() + ").",
                    "check that the store is readable.", e);
        }
    }

    private static void add(Path file, long[] acc) {
        try {
            acc[1] += Files.size(file);
            acc[0]++;
        } catch (IOException e) {
            throw new InputFormatException(file, "", "cannot be read (" + e.getMessage() + ").",
                    "check that the store is readable.", e);
        }
    }
}
