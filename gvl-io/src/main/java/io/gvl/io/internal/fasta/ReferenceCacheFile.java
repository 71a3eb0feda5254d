package io.gvl.io.internal.fasta;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.CacheFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One entry of the flat reference cache: every contig's uppercased bases back to back from byte 0 (so the data
 * can be mapped as one segment), followed by a trailer with the contig table, the size of the FASTA it came from
 * and the path it was last built from (shown by {@code gvl cache list}). Entries are named by the FASTA's
 * {@link ContentKey}, so an entry never goes stale: a changed FASTA has another key. Entries are published by an
 * atomic rename so readers never see half of one.
 */
public final class ReferenceCacheFile {
    /** File name suffix of cache entries. */
    public static final String SUFFIX = ".gvlref";
    private static final byte[] MAGIC = "GVLREF02".getBytes(StandardCharsets.US_ASCII);
    private static final int FOOTER = 16;

    /** Contig table and provenance read from a cache file. */
    public record Layout(List<CachedContig> contigs, long dataLength, long sourceSize, String source) {}

    /** One contig's place in the flat data. */
    public record CachedContig(String name, long length, long offset) {}

    /** The cache directory cannot take the entry (read-only, full, not a directory); the input is not at fault. */
    public static final class UnwritableException extends UncheckedIOException {
        private static final long serialVersionUID = 1L;

        UnwritableException(String message, IOException cause) {
            super(message, cause);
        }
    }

    private ReferenceCacheFile() {}

    /** The entry for {@code key} in {@code cacheDir}. */
    public static Path entry(Path cacheDir, ContentKey key) {
        return cacheDir.resolve(key.stem() + SUFFIX);
    }

    /** Where the {@code .fai} built for a FASTA without one is kept: beside its entry. */
    public static Path builtFai(Path cacheDir, ContentKey key) {
        return cacheDir.resolve(key.stem() + ".fai");
    }

    /**
     * Decodes {@code fasta} into the entry {@code target} (and writes a {@code .fai} beside it when the FASTA has
     * none). A problem of the input raises {@link InputFormatException}; a problem of the cache directory raises
     * {@link UnwritableException}.
     */
    public static void build(Path fasta, Path cacheDir, ContentKey key) {
        Path target = entry(cacheDir, key);
        Path tmp;
        try {
            tmp = CacheFiles.tempSibling(target);
        } catch (UncheckedIOException e) {
            throw unwritable(cacheDir, fasta, e.getCause());
        }
        try {
            List<FaiEntry> entries;
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                entries = FastaDecoder.decode(fasta, ch);
                if (!checkSiblingFai(fasta, entries)) {
                    FaiFile.write(builtFai(cacheDir, key), entries);
                }
                ByteBuffer trailer = ByteBuffer.wrap(trailer(entries, key.size(), fasta, ch.position()));
                while (trailer.hasRemaining()) {
                    ch.write(trailer);
                }
            }
            CacheFiles.publish(tmp, target);
        } catch (IOException e) {
            throw unwritable(target, fasta, e);
        } catch (InputFormatException e) {
            throw e;
        } catch (UncheckedIOException e) {
            throw unwritable(target, fasta, e.getCause());
        } finally {
            CacheFiles.deleteQuietly(tmp);
        }
    }

    /** Names the cache file (or directory), the FASTA being cached and the operating system's reason. */
    private static UnwritableException unwritable(Path where, Path fasta, IOException e) {
        String reason = e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null
                ? fse.getReason() : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        return new UnwritableException("cannot write the reference cache file " + where + " for " + fasta + " ("
                + reason + ")", e);
    }

    /**
     * Checks the decoded contigs against the FASTA's own {@code .fai}; returns false when there is none.
     *
     * @throws InputFormatException the {@code .fai} names other contigs or lengths (it is out of date)
     */
    static boolean checkSiblingFai(Path fasta, List<FaiEntry> decoded) {
        Path sibling = siblingFai(fasta);
        if (!Files.isRegularFile(sibling)) {
            return false;
        }
        List<FaiEntry> listed = FaiFile.read(sibling);
        String fix = "the .fai does not describe this FASTA (out of date?); re-run `samtools faidx " + fasta + "`.";
        if (listed.size() != decoded.size()) {
            throw new InputFormatException(sibling, "", "it lists " + listed.size() + " contigs but the FASTA has "
                    + decoded.size() + ".", fix);
        }
        for (int i = 0; i < listed.size(); i++) {
            FaiEntry a = listed.get(i);
            FaiEntry b = decoded.get(i);
            if (!a.name().equals(b.name()) || a.length() != b.length()) {
                boolean endsEarly = i == listed.size() - 1 && a.name().equals(b.name()) && b.length() < a.length();
                throw new InputFormatException(sibling, "line " + (i + 1), "it lists " + a.name() + " of length "
                        + a.length() + " but the FASTA has " + b.name() + " of length " + b.length() + ".",
                        endsEarly ? "the FASTA ends early, so it is probably truncated: re-download or re-copy " + fasta
                                + "; if it really is complete, re-run `samtools faidx " + fasta + "`." : fix);
            }
        }
        return true;
    }

    static Path siblingFai(Path fasta) {
        return fasta.resolveSibling(fasta.getFileName() + ".fai");
    }

    private static byte[] trailer(List<FaiEntry> entries, long size, Path fasta, long dataLength) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeLong(size);
        out.writeUTF(fasta.toAbsolutePath().normalize().toString());
        out.writeInt(entries.size());
        for (FaiEntry e : entries) {
            out.writeUTF(e.name());
            out.writeLong(e.length());
        }
        out.writeLong(dataLength);
        out.write(MAGIC);
        return bytes.toByteArray();
    }

    /** The layout of a cache file, or {@code null} when it is not a complete entry (then it is rebuilt). */
    public static Layout tryRead(Path cache) {
        try (FileChannel ch = FileChannel.open(cache, StandardOpenOption.READ)) {
            long fileSize = ch.size();
            if (fileSize < FOOTER) {
                return null;
            }
            ByteBuffer foot = ByteBuffer.allocate(FOOTER);
            ch.read(foot, fileSize - FOOTER);
            if (!Arrays.equals(foot.array(), 8, 16, MAGIC, 0, 8)) {
                return null;
            }
            long dataLength = foot.getLong(0);
            long trailerLength = fileSize - FOOTER - dataLength;
            if (dataLength < 0 || trailerLength < 14 || trailerLength > Integer.MAX_VALUE) {
                return null;
            }
            ByteBuffer t = ByteBuffer.allocate((int) trailerLength);
            ch.read(t, dataLength);
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(t.array()));
            long size = in.readLong();
            String source = in.readUTF();
            int n = in.readInt();
            List<CachedContig> contigs = new ArrayList<>(n);
            long offset = 0;
            for (int i = 0; i < n; i++) {
                String name = in.readUTF();
                long len = in.readLong();
                contigs.add(new CachedContig(name, len, offset));
                offset += len;
            }
            return offset == dataLength ? new Layout(List.copyOf(contigs), dataLength, size, source) : null;
        } catch (IOException e) {
            return null;
        }
    }
}
