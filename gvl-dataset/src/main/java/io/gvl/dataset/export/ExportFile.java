package io.gvl.dataset.export;

import io.gvl.format.io.IoFailures;
import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.DatasetCreationOptions;
import io.jhdf.api.WritableDataset;
import io.jhdf.exceptions.HdfException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * Writes one HDF5 file through jhdf and publishes it atomically: the file is built under a temporary sibling name
 * and renamed over {@code out} only once jhdf has closed it, so a failed export leaves no partial file (and an
 * existing one untouched). Numeric arrays are chunked by whole instances with shuffle + deflate.
 */
final class ExportFile {
    private final WritableHdfFile hdf;
    private final int deflateLevel;

    private ExportFile(WritableHdfFile hdf, int deflateLevel) {
        this.hdf = hdf;
        this.deflateLevel = deflateLevel;
    }

    /** Builds {@code out} with {@code contents}; replaces an existing file only when {@code overwrite}. */
    static void write(Path out, boolean overwrite, int deflateLevel, Consumer<ExportFile> contents) {
        Path abs = out.toAbsolutePath();
        if (Files.exists(abs) && !overwrite) {
            throw new ExportException(out + " already exists.", "pass --overwrite (overwrite(true) in the API) or choose another path.");
        }
        Path tmp = abs.resolveSibling("." + abs.getFileName() + ".tmp." + ProcessHandle.current().pid() + "-"
                + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()));
        try {
            try (WritableHdfFile hdf = HdfFile.write(tmp)) {
                contents.accept(new ExportFile(hdf, deflateLevel));
            } catch (HdfException e) {
                IOException os = osFailure(e);
                if (os != null) {
                    throw new UncheckedIOException(out + ": cannot write the output (" + IoFailures.reason(os)
                            + "); nothing was left there. " + IoFailures.fix(os, "export again"), os);
                }
                throw new ExportException(out + ": jhdf could not write the file (" + e.getMessage() + ").",
                        "check free disk space and that the directory is writable.", e);
            }
            Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(out + ": cannot publish the export (" + e.getMessage() + ")", e);
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // the temporary name is unique and hidden; a leftover does not affect the published file
            }
        }
    }

    /** The operating system's refusal under a jhdf failure (a full disk, a read-only directory), else null. */
    private static IOException osFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException io) {
                return io;
            }
        }
        return null;
    }

    /** A chunked, shuffled and deflated numeric dataset of {@code shape} holding the nested array {@code data}. */
    WritableDataset putChunked(String name, Object data, int[] shape, int elementSize, boolean unsigned) {
        DatasetCreationOptions.Builder b = DatasetCreationOptions.builder()
                .chunkDimensions(ExportPlan.chunk(shape, elementSize)).shuffle().deflate(deflateLevel);
        if (unsigned) {
            b.unsigned();
        }
        return hdf.putDataset(name, data, b.build());
    }

    /** A contiguous dataset (strings). */
    WritableDataset put(String name, Object data) {
        return hdf.putDataset(name, data);
    }

    void attribute(String name, Object value) {
        hdf.putAttribute(name, value);
    }
}
