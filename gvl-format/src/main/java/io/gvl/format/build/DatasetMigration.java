package io.gvl.format.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.TrackScope;
import io.gvl.format.internal.FileTrees;
import io.gvl.format.io.ArrowTableFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Upgrades a format 1.x dataset to 2.0 in place: array-of-structs track files become struct-of-arrays, the
 * legacy {@code genotypes/link.svar} symlink becomes a {@code svar_link} entry, and {@code format_version} is set.
 * Crash-safe by ordering: new files are complete (written to a temporary name, fsynced, renamed) before
 * {@code metadata.json} is replaced atomically, and old files are deleted only after that. An interrupted run
 * leaves the original 1.x files intact and can simply be run again; running it on a 2.0 dataset only removes
 * leftovers.
 */
public final class DatasetMigration {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * What a migration did.
     *
     * @param fromFormatVersion the format version found ({@code null} when the key was missing)
     * @param convertedTracks   track directories converted, relative to the dataset
     * @param svarLinkMigrated  whether a {@code link.svar} symlink was turned into {@code svar_link}
     */
    public record Result(String fromFormatVersion, List<String> convertedTracks, boolean svarLinkMigrated) {
        /** Copies the list of converted tracks. */
        public Result {
            convertedTracks = List.copyOf(convertedTracks);
        }
    }

    private DatasetMigration() {
    }

    /**
     * Migrates the dataset at {@code dir} to format 2.0 (idempotent).
     *
     * @param dir the dataset directory
     * @return what was converted; nothing for a dataset already at 2.0
     * @throws DatasetFormatException if {@code dir} is not a dataset or a file cannot be converted
     */
    public static Result migrate(Path dir) {
        Path metaFile = DatasetLayout.metadata(dir);
        if (!Files.isRegularFile(metaFile)) {
            throw new DatasetFormatException(dir + " is not a gvl/GVL dataset (no metadata.json)");
        }
        ObjectNode meta = readRaw(metaFile);
        JsonNode fv = meta.get("format_version");
        String from = fv == null || fv.isNull() ? null : fv.asText();
        int major = from == null ? 1 : DatasetMetadata.semver(from, metaFile + ": format_version")[0];
        if (major > 2) {
            throw new DatasetFormatException(metaFile + ": format_version " + from + " is newer than gvl knows;"
                    + " upgrade gvl");
        }
        List<Path> aosTracks = aosTracks(dir);
        List<String> converted = new ArrayList<>();
        if (major < 2) {
            for (Path t : aosTracks) {
                AosIntervals.convert(t);
                converted.add(dir.relativize(t).toString());
            }
        }
        Path link = DatasetLayout.genotypes(dir).resolve("link.svar");
        boolean relink = Files.isSymbolicLink(link) && (meta.get("svar_link") == null
                || meta.get("svar_link").isNull());
        if (relink) {
            meta.set("svar_link", svarLink(dir, link));
        }
        if (major < 2 || relink) {
            meta.put("format_version", DatasetMetadata.FORMAT_VERSION);
            replaceMetadata(metaFile, meta);
        }
        for (Path t : aosTracks) {
            if (Files.exists(t.resolve(DatasetLayout.STARTS))) {
                delete(t.resolve(DatasetLayout.AOS_INTERVALS));
            }
        }
        if (relink) {
            delete(link);
        }
        return new Result(from, converted, relink);
    }

    private static ObjectNode readRaw(Path metaFile) {
        try {
            JsonNode n = MAPPER.readTree(metaFile.toFile());
            if (n instanceof ObjectNode o) {
                return o;
            }
            throw new DatasetFormatException(metaFile + ": expected a JSON object at the top level");
        } catch (IOException e) {
            throw new DatasetFormatException(metaFile + ": malformed JSON (" + e.getMessage() + ")", e);
        }
    }

    /** Track directories (sorted, both kinds) that still hold an array-of-structs {@code intervals.npy}. */
    private static List<Path> aosTracks(Path dir) {
        List<Path> out = new ArrayList<>();
        for (TrackScope kind : TrackScope.values()) {
            Path root = dir.resolve(kind.directory());
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> s = Files.list(root)) {
                s.filter(Files::isDirectory).filter(p -> DatasetLayout.isTrackName(p.getFileName().toString()))
                        .filter(p -> Files.exists(p.resolve(DatasetLayout.AOS_INTERVALS))).sorted()
                        .forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(root + ": cannot list tracks", e);
            }
        }
        return out;
    }

    private static ObjectNode svarLink(Path dir, Path link) {
        Path store;
        try {
            store = link.toRealPath();
        } catch (IOException e) {
            throw new DatasetFormatException(link + ": the legacy link.svar symlink is dangling ("
                    + e.getMessage() + "); restore the .svar store or remove the link", e);
        }
        Path idx = store.resolve(DatasetLayout.VARIANT_IDXS);
        long nVariants = ArrowTableFile.read(store.resolve("index.arrow")).rowCount();
        long bytes;
        try {
            bytes = Files.size(idx);
        } catch (IOException e) {
            throw new DatasetFormatException(idx + ": required file of the .svar store is missing", e);
        }
        Path base;
        try {
            base = dir.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ObjectNode o = MAPPER.createObjectNode();
        o.put("relative_path", base.relativize(store).toString().replace('\\', '/'));
        o.put("absolute_path", store.toString());
        ObjectNode fp = o.putObject("fingerprint");
        fp.put("n_variants", nVariants);
        fp.put("variant_idxs_bytes", bytes);
        return o;
    }

    private static void replaceMetadata(Path metaFile, ObjectNode meta) {
        Path tmp = metaFile.resolveSibling(DatasetLayout.METADATA + ".tmp");
        try {
            Files.write(tmp, MAPPER.writeValueAsBytes(meta));
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            Files.move(tmp, metaFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            FileTrees.fsyncDirectory(metaFile.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(metaFile + ": cannot replace metadata", e);
        }
    }

    private static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException(p + ": cannot delete after migration; delete it by hand", e);
        }
        if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            throw new UncheckedIOException(new IOException(p + " still exists after deletion"));
        }
    }
}
