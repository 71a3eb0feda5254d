package io.gvl.io.internal;

import io.gvl.format.io.IoFailures;
import io.gvl.io.InputFormatException;
import io.gvl.io.internal.bgzf.BgzfInputStream;
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
            raw.mark(18);
            byte[] head = raw.readNBytes(18);
            raw.reset();
            if (head.length < 2 || (head[0] & 0xff) != 0x1f || (head[1] & 0xff) != 0x8b) {
                return raw;
            }
            if (BgzfInputStream.isBgzfHeader(head, head.length)) {
                raw.close();
                return new BufferedInputStream(new BgzfInputStream(file), BUFFER);
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
            throw new UncheckedIOException("cannot read " + file + " (" + IoFailures.reason(e) + ")", e);
        }
    }
}
