package io.gvl.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A file output written to a hidden temporary sibling ({@link TempSiblings}) and renamed into place by
 * {@link #commit()}, so a failure half way (a full disk, a bad region) leaves no partial file at the destination;
 * {@link #close()} without a commit deletes the temporary file, and so does SIGTERM. Errors name the destination and
 * the cause.
 */
final class OutputFile implements AutoCloseable {
    private final Path target;
    private final Path tmp;
    private final TempSiblings temp;
    private final OutputStream stream;

    private OutputFile(Path target, Path tmp, TempSiblings temp, OutputStream stream) {
        this.target = target;
        this.tmp = tmp;
        this.temp = temp;
        this.stream = stream;
    }

    static OutputFile create(Path out) {
        Path target = requireDirectoryFor(out);
        TempSiblings temp = TempSiblings.beside(target);
        try {
            Path tmp = temp.createFile();
            return new OutputFile(target, tmp, temp, Files.newOutputStream(tmp));
        } catch (IOException e) {
            temp.close();
            throw failure(out, e);
        }
    }

    /**
     * Checks that {@code out} names a file in an existing directory, before any work is done for it.
     *
     * @return {@code out}, absolute and normalized
     */
    static Path requireDirectoryFor(Path out) {
        Path target = out.toAbsolutePath().normalize();
        Path dir = target.getParent();
        if (Files.isDirectory(target)) {
            throw refused(out + ": cannot write the output: it is a directory (give a file name inside it)");
        }
        if (!Files.isDirectory(dir)) {
            throw refused(out + ": cannot write the output: the directory " + dir
                    + (Files.exists(dir) ? " is not a directory" : " does not exist (create it first)"));
        }
        return target;
    }

    private static UncheckedIOException refused(String message) {
        return new UncheckedIOException(message, new IOException(message));
    }

    OutputStream stream() {
        return stream;
    }

    /** Closes the stream and renames the temporary file onto the destination. */
    void commit() {
        try {
            stream.close();
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw failure(target, e);
        }
    }

    /** An I/O failure while writing {@code out}, with the operating system's reason (e.g. no space left). */
    static UncheckedIOException failure(Path out, IOException e) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null) {
            why = fse.getReason();
        }
        return new UncheckedIOException(out + ": cannot write the output (" + why + "); nothing was left there", e);
    }

    /** Closes the stream and, unless {@link #commit()} renamed it into place, deletes the temporary file. */
    @Override
    public void close() {
        try {
            stream.close();
        } catch (IOException e) {
            // the write already failed; the temporary file is removed below
        }
        temp.close();
    }
}
