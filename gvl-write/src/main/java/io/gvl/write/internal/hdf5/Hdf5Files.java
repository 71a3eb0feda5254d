package io.gvl.write.internal.hdf5;

import io.gvl.format.GvlException;
import io.gvl.io.InputFormatException;
import io.jhdf.HdfFile;
import io.jhdf.api.Group;
import io.jhdf.api.Node;
import io.jhdf.exceptions.HdfException;
import io.jhdf.exceptions.HdfInvalidPathException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Opening HDF5 inputs through jhdf with gvl's typed errors, so a bad file is reported by name, not by jhdf. */
public final class Hdf5Files {
    private Hdf5Files() {
    }

    /** Opens {@code file} for reading; the caller closes it. */
    public static HdfFile open(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new InputFormatException(file, "", "the HDF5 file does not exist.",
                    "check the path (relative paths in a sample table are resolved against the table's directory).");
        }
        Hdf5Superblock.checkLength(file);
        try {
            return new HdfFile(file);
        } catch (RuntimeException e) {
            throw rethrow(file, e);
        }
    }

    /**
     * jhdf's failure to parse {@code file} (it reads structures lazily, so this can come after opening). A damaged
     * file makes jhdf throw its {@link HdfException} but also plain runtime exceptions (an arithmetic overflow, a
     * buffer underflow, a bad argument), so every {@code RuntimeException} from a jhdf call is read this way; gvl's
     * own typed errors pass through {@link #rethrow}.
     */
    public static InputFormatException unreadable(Path file, RuntimeException e) {
        return new InputFormatException(file, "", "is not a readable HDF5 file (" + e.getMessage() + ").",
                "give an HDF5 file (as written by h5py or h5py-compatible tools); a damaged copy must be fetched"
                + " again.", e);
    }

    /** The group at {@code path} inside {@code hdf} (opened from {@code file}). */
    public static Group group(HdfFile hdf, Path file, String path) {
        if (path.equals("/")) {
            return hdf;
        }
        Node n;
        try {
            n = hdf.getByPath(path);
        } catch (RuntimeException e) {
            if (!(e instanceof HdfInvalidPathException)) {
                throw rethrow(file, e);
            }
            String top;
            try {
                top = preview(topGroups(hdf));
            } catch (RuntimeException unreadable) {
                throw rethrow(file, unreadable);
            }
            throw new InputFormatException(file, "group '" + path + "'", "the file has no such group (top level: "
                    + top + ").", "give the group that holds the sample's contig datasets.", e);
        }
        if (!(n instanceof Group g)) {
            throw new InputFormatException(file, "'" + path + "'", "is a dataset, not a group.",
                    "give the group that holds the sample's contig datasets.");
        }
        return g;
    }

    /** The names of the groups at the root of {@code file}, in the file's order. */
    public static List<String> topGroups(Path file) {
        try (HdfFile hdf = open(file)) {
            return topGroups(hdf);
        } catch (RuntimeException e) {
            throw rethrow(file, e);
        }
    }

    private static List<String> topGroups(HdfFile hdf) {
        List<String> out = new ArrayList<>();
        hdf.getChildren().forEach((name, node) -> {
            if (node.isGroup()) {
                out.add(name);
            }
        });
        return out;
    }

    /**
     * What a jhdf call's {@code e} becomes: gvl's own typed errors as they are, anything else as
     * {@link #unreadable}.
     *
     * @param file the HDF5 file
     * @param e the exception a call into jhdf raised
     * @return the exception to throw
     */
    public static RuntimeException rethrow(Path file, RuntimeException e) {
        return e instanceof GvlException ? e : unreadable(file, e);
    }

    public static String preview(List<String> names) {
        return names.size() > 10 ? names.subList(0, 10) + "... (" + names.size() + ")" : names.toString();
    }
}
