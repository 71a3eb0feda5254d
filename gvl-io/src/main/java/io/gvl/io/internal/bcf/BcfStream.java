package io.gvl.io.internal.bcf;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.bgzf.BgzfInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * A BGZF-compressed BCF file read record by record: the magic and header text once, then length-prefixed
 * records into a reused {@link BcfRecord}. A file that ends inside a record is an {@link InputFormatException}.
 */
final class BcfStream implements AutoCloseable {
    /** Remedy for a damaged BCF. */
    static final String RECREATE = "the file is truncated or corrupt; re-create it with `bcftools view -Ob` and "
            + "re-index it with `bcftools index`.";
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int MAX_RECORD = 1 << 30;

    private final Path file;
    private final BgzfInputStream in;
    private final byte[] lengths = new byte[8];
    private final long firstRecord;
    private final BcfHeader header;

    BcfStream(Path file) {
        this.file = file;
        try {
            in = new BgzfInputStream(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + file, e);
        }
        try {
            byte[] magic = new byte[9];
            if (read(magic, 9) < 9 || magic[0] != 'B' || magic[1] != 'C' || magic[2] != 'F' || magic[3] != 2
                    || (magic[4] != 1 && magic[4] != 2)) {
                throw new InputFormatException(file, "header", "does not start with the BCF 2.1/2.2 magic.",
                        "give a BCF written by `bcftools view -Ob` (or a bgzipped VCF).");
            }
            int textLength = (int) I32.get(magic, 5);
            if (textLength < 0 || textLength > MAX_RECORD) {
                throw new InputFormatException(file, "header", "header length " + textLength + " is impossible.",
                        RECREATE);
            }
            byte[] text = new byte[textLength];
            if (read(text, textLength) < textLength) {
                throw new InputFormatException(file, "header", "the file ends inside the header.", RECREATE);
            }
            int n = textLength;
            while (n > 0 && text[n - 1] == 0) {
                n--;
            }
            header = BcfHeader.parse(file, new String(text, 0, n, StandardCharsets.UTF_8));
            firstRecord = in.getFilePointer();
        } catch (IOException | RuntimeException e) {
            closeQuietly(e);
            if (e instanceof InputFormatException ife) {
                throw ife;
            }
            throw new InputFormatException(file, "header", "cannot read the BCF header (" + e + ").", RECREATE, e);
        }
    }

    BcfHeader header() {
        return header;
    }

    /** Positions the stream at virtual offset {@code offset}, or at the first record when it is negative. */
    void seek(long offset) throws IOException {
        in.seek(offset < 0 ? firstRecord : offset);
    }

    long position() {
        return in.getFilePointer();
    }

    /**
     * Reads the next record into {@code record} (the shared part decoded; the per-sample part only when
     * {@code withSamples}); {@code false} at the end of the file.
     */
    boolean next(BcfRecord record, boolean withSamples) throws IOException {
        long at = in.getFilePointer();
        int got = read(lengths, 8);
        if (got == 0) {
            return false;
        }
        long shared = Integer.toUnsignedLong((int) I32.get(lengths, 0));
        long indiv = Integer.toUnsignedLong((int) I32.get(lengths, 4));
        if (got < 8 || shared + indiv > MAX_RECORD) {
            throw damaged(at, got < 8 ? "the file ends inside a record's length fields"
                    : "record length " + (shared + indiv) + " is impossible");
        }
        int want = (int) (withSamples ? shared + indiv : shared);
        record.ensure(want);
        if (read(record.buf, want) < want) {
            throw damaged(at, "the file ends inside a record");
        }
        if (!withSamples && in.skip(indiv) < indiv) {
            throw damaged(at, "the file ends inside a record's samples");
        }
        try {
            record.decodeShared((int) shared, want);
        } catch (RuntimeException e) {
            throw damaged(at, "the record is malformed (" + e.getMessage() + ")");
        }
        return true;
    }

    /**
     * As {@link #next(BcfRecord, boolean)}, deciding per record: the shared part is read and decoded first, and the
     * per-sample part is read only when {@code wantSamples} accepts the record, else stepped over (a BGZF block that
     * holds only skipped sample bytes is not inflated). Queries use it to pass over the records of an index chunk
     * that lie before their region.
     */
    boolean next(BcfRecord record, Predicate<BcfRecord> wantSamples) throws IOException {
        long at = in.getFilePointer();
        int got = read(lengths, 0, 8);
        if (got == 0) {
            return false;
        }
        long shared = Integer.toUnsignedLong((int) I32.get(lengths, 0));
        long indiv = Integer.toUnsignedLong((int) I32.get(lengths, 4));
        if (got < 8 || shared + indiv > MAX_RECORD) {
            throw damaged(at, got < 8 ? "the file ends inside a record's length fields"
                    : "record length " + (shared + indiv) + " is impossible");
        }
        record.ensure((int) (shared + indiv));
        if (read(record.buf, 0, (int) shared) < shared) {
            throw damaged(at, "the file ends inside a record");
        }
        try {
            record.decodeShared((int) shared, (int) shared);
        } catch (RuntimeException e) {
            throw damaged(at, "the record is malformed (" + e.getMessage() + ")");
        }
        if (!wantSamples.test(record)) {
            if (in.skip(indiv) < indiv) {
                throw damaged(at, "the file ends inside a record's samples");
            }
        } else {
            if (read(record.buf, (int) shared, (int) indiv) < indiv) {
                throw damaged(at, "the file ends inside a record");
            }
            record.length = (int) (shared + indiv);
        }
        return true;
    }

    private InputFormatException damaged(long virtualOffset, String why) {
        return new InputFormatException(file, "record at BGZF offset " + (virtualOffset >>> 16) + "+"
                + (virtualOffset & 0xffff), why + ".", RECREATE);
    }

    private int read(byte[] into, int n) throws IOException {
        return read(into, 0, n);
    }

    /** Reads up to {@code n} bytes into {@code into} from {@code off}; fewer only at the end of the file. */
    private int read(byte[] into, int off, int n) throws IOException {
        int total = 0;
        while (total < n) {
            int r = in.read(into, off + total, n - total);
            if (r < 0) {
                break;
            }
            total += r;
        }
        return total;
    }

    private void closeQuietly(Exception pending) {
        try {
            in.close();
        } catch (IOException e) {
            pending.addSuppressed(e);
        }
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close " + file, e);
        }
    }
}
