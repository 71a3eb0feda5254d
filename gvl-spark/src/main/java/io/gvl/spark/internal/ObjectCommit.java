package io.gvl.spark.internal;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gvl.spark.errors.GvlStorageException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The commit marker of a dataset root on a Hadoop file system ({@code <root>/_gvl_commit.json}): every file of the
 * dataset's directory layout and the object that holds it, with its size. An object store has no atomic rename, so
 * a write never moves anything into place: tasks upload their parts under attempt-unique prefixes, the driver
 * uploads the root's own files under the write's prefix, and this one object, written last by a single PUT, is the
 * commit. It names the winning attempt of every part, so a failed, killed or speculative attempt's upload is never
 * read, and a root without it is not a dataset. Readers download exactly the objects it names.
 *
 * @param layout {@link #LAYOUT}
 * @param write the id of the write that committed; all its objects are under {@code _gvl_writes/<write>/}
 * @param files every file of the dataset, in path order
 */
public record ObjectCommit(String layout, String write, List<Entry> files) implements Serializable {
    /** The marker's name under the root. */
    public static final String FILE = "_gvl_commit.json";
    /** The layout this class reads and writes. */
    public static final String LAYOUT = "gvl-object-commit-1";
    /** The directory under the root that holds every write's objects, one sub-directory per write id. */
    public static final String WRITES = "_gvl_writes";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** Copies the list. */
    public ObjectCommit {
        files = List.copyOf(files);
    }

    /**
     * One file of the dataset.
     *
     * @param path its path in the dataset's directory layout, relative to the root, with {@code /} separators
     * @param object the object holding its bytes, relative to the root
     * @param bytes its size
     */
    public record Entry(String path, String object, long bytes) implements Serializable {
    }

    /**
     * Writes the marker, replacing any earlier one. On an object store the object appears whole when the upload
     * completes, or not at all.
     *
     * @param fs the root's file system
     * @param root the dataset root
     * @throws GvlStorageException if the marker cannot be written
     */
    public void write(FileSystem fs, Path root) {
        Path marker = new Path(root, FILE);
        try (OutputStream out = fs.create(marker, true)) {
            out.write(JSON.writeValueAsBytes(this));
        } catch (IOException e) {
            throw new GvlStorageException("cannot write the commit marker " + marker + ": " + e.getMessage()
                    + ". Nothing was committed; fix the storage access and write the dataset again.", e);
        }
    }

    /**
     * Reads the marker of {@code root}.
     *
     * @param fs the root's file system
     * @param root the dataset root
     * @return the commit
     * @throws GvlStorageException if the root has no marker or it is not one
     */
    public static ObjectCommit read(FileSystem fs, Path root) {
        ObjectCommit c = find(fs, root);
        if (c == null) {
            throw new GvlStorageException(root + " holds no committed gvl dataset: " + new Path(root, FILE)
                    + " is missing, so nothing was committed there, or a write of it failed, was killed or is still"
                    + " running (its objects under " + WRITES + "/ are never read). Fix: give the URI that"
                    + " GvlSpark.writeSharded wrote, or write the dataset there again.", null);
        }
        return c;
    }

    /**
     * Reads the marker of {@code root} if there is one.
     *
     * @param fs the root's file system
     * @param root the dataset root
     * @return the commit, or {@code null} when the root has no marker
     * @throws GvlStorageException if the marker cannot be read or is not one
     */
    public static ObjectCommit find(FileSystem fs, Path root) {
        Path marker = new Path(root, FILE);
        ObjectCommit c;
        try (InputStream in = fs.open(marker)) {
            c = JSON.readValue(in, ObjectCommit.class);
        } catch (FileNotFoundException e) {
            return null;
        } catch (IOException e) {
            throw new GvlStorageException("cannot read the commit marker " + marker + ": " + e.getMessage()
                    + ". Fix: check the storage access; if the marker is damaged, write the dataset again.", e);
        }
        if (!LAYOUT.equals(c.layout()) || c.write() == null || c.files().isEmpty()) {
            throw new GvlStorageException(marker + " is not a gvl commit marker of layout " + LAYOUT + " (layout "
                    + c.layout() + "). Fix: write the dataset again with this gvl, or upgrade gvl.", null);
        }
        return c;
    }
}
