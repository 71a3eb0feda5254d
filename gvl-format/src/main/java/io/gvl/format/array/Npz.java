package io.gvl.format.array;

import io.gvl.format.DatasetFormatException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/** NumPy {@code .npz} archives: a zip of {@code NAME.npy} entries (stored or deflated). */
public final class Npz {
    private Npz() {
    }

    /**
     * Reads every array of the archive into heap memory, keyed by entry name without {@code .npy}, in zip order.
     *
     * @param file an NPZ archive (stored or deflated entries)
     * @return the arrays by entry name, in zip order
     * @throws DatasetFormatException if the file is missing, not a zip, or an entry is not valid NPY
     */
    public static Map<String, NpyArray> read(Path file) {
        Map<String, NpyArray> out = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(file.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                String name = e.getName();
                if (e.isDirectory() || !name.endsWith(".npy")) {
                    continue;
                }
                byte[] bytes;
                try (var in = zip.getInputStream(e)) {
                    bytes = in.readAllBytes();
                }
                String key = name.substring(0, name.length() - 4);
                out.put(key, Npy.parse(file + "!" + name, MemorySegment.ofArray(bytes)));
            }
        } catch (NoSuchFileException e) {
            throw new DatasetFormatException(file + ": file not found");
        } catch (ZipException e) {
            throw new DatasetFormatException(file + ": not a valid .npz archive (" + e.getMessage() + ")", e);
        } catch (IOException e) {
            if (!file.toFile().exists()) {
                throw new DatasetFormatException(file + ": file not found");
            }
            throw new DatasetFormatException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
        return out;
    }
}
