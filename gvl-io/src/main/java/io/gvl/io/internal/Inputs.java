package io.gvl.io.internal;

import htsjdk.samtools.util.BlockCompressedInputStream;
import io.gvl.io.InputFormatException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** Opens a text input as a byte stream whether it is plain, gzip or BGZF, chosen by its magic bytes. */
public final class Inputs {
    private static final int BUFFER = 1 << 20;

    private Inputs() {}

    /** The decompressed contents of {@code file}; a missing file is an {@link InputFormatException}. */
    public static InputStream openDecompressed(Path file) {
        requireReadable(file);
        try {
            InputStream raw = new BufferedInputStream(Files.newInputStream(file), BUFFER);
            raw.mark(4);
            int b0 = raw.read();
            int b1 = raw.read();
            raw.reset();
            if (b0 != 0x1f || b1 != 0x8b) {
                return raw;
            }
            if (BlockCompressedInputStream.isValidFile(raw)) {
                return new BufferedInputStream(new BlockCompressedInputStream(raw), BUFFER);
            }
            return new BufferedInputStream(new GZIPInputStream(raw, BUFFER), BUFFER);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + file, e);
        }
    }

    /** Throws a typed error naming {@code file} when it does not exist or cannot be read. */
    public static void requireReadable(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new InputFormatException(file, "", "file not found.", "check the path.",
                    new NoSuchFileException(file.toString()));
        }
        if (!Files.isReadable(file)) {
            throw new InputFormatException(file, "", "file is not readable.", "check its permissions.");
        }
    }

    /** Whether {@code file} starts with the gzip magic bytes. */
    public static boolean isGzip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
