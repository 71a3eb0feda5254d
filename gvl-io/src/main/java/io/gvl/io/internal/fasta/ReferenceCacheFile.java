package io.gvl.io.internal.fasta;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.CacheFiles;
import io.gvl.io.internal.Inputs;
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
 * The flat reference cache: every contig's uppercased bases back to back from byte 0 (so the data can be
 * mapped as one segment), followed by a trailer with the contig table and the size and modification time of
 * the FASTA it came from. The cache is rebuilt whenever the FASTA's size or time differ from the recorded
 * ones, and is published by an atomic rename so readers never see half a cache.
 */
public final class ReferenceCacheFile {
    private static final byte[] MAGIC = "GVLREF01".getBytes(StandardCharsets.US_ASCII);
    private static final int FOOTER = 16;

    /** Contig table and provenance read from a cache file. */
    public record Layout(List<CachedContig> contigs, long dataLength, long sourceSize, long sourceMtime) {}

    /** One contig's place in the flat data. */
    public record CachedContig(String name, long length, long offset) {}

    private ReferenceCacheFile() {}

    /** Returns a cache for {@code fasta} in {@code cacheDir}, building it (and a {@code .fai}) when needed. */
    public static Path ensure(Path fasta, Path cacheDir) {
        Inputs.requireReadable(fasta);
        long size;
        long mtime;
        try {
            size = Files.size(fasta);
            mtime = Files.getLastModifiedTime(fasta).toMillis();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stat " + fasta, e);
        }
        Path cache = CacheFiles.derived(cacheDir, fasta, ".gvlref");
        Layout existing = Files.isRegularFile(cache) ? tryRead(cache) : null;
        if (existing != null && existing.sourceSize() == size && existing.sourceMtime() == mtime) {
            return cache;
        }
        build(fasta, cacheDir, cache, size, mtime);
        return cache;
    }

    /** Where the {@code .fai} built for a FASTA without one is kept. */
    public static Path builtFai(Path fasta, Path cacheDir) {
        return CacheFiles.derived(cacheDir, fasta, ".fai");
    }

    private static void build(Path fasta, Path cacheDir, Path cache, long size, long mtime) {
        Path tmp = CacheFiles.tempSibling(cache);
        try {
            List<FaiEntry> entries;
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                entries = FastaDecoder.decode(fasta, ch);
                checkAgainstFai(fasta, cacheDir, entries);
                ByteBuffer trailer = ByteBuffer.wrap(trailer(entries, size, mtime, ch.position()));
                while (trailer.hasRemaining()) {
                    ch.write(trailer);
                }
            }
            CacheFiles.publish(tmp, cache);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build the reference cache " + cache, e);
        } finally {
            CacheFiles.deleteQuietly(tmp);
        }
    }

    private static void checkAgainstFai(Path fasta, Path cacheDir, List<FaiEntry> decoded) {
        Path sibling = fasta.resolveSibling(fasta.getFileName() + ".fai");
        if (!Files.isRegularFile(sibling)) {
            FaiFile.write(builtFai(fasta, cacheDir), decoded);
            return;
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
    }

    private static byte[] trailer(List<FaiEntry> entries, long size, long mtime, long dataLength) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeLong(size);
        out.writeLong(mtime);
        out.writeInt(entries.size());
        for (FaiEntry e : entries) {
            out.writeUTF(e.name());
            out.writeLong(e.length());
        }
        out.writeLong(dataLength);
        out.write(MAGIC);
        return bytes.toByteArray();
    }

    /** The layout of a cache file, or {@code null} when it is not a complete cache (then it is rebuilt). */
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
            if (dataLength < 0 || trailerLength < 20 || trailerLength > Integer.MAX_VALUE) {
                return null;
            }
            ByteBuffer t = ByteBuffer.allocate((int) trailerLength);
            ch.read(t, dataLength);
            DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(t.array()));
            long size = in.readLong();
            long mtime = in.readLong();
            int n = in.readInt();
            List<CachedContig> contigs = new ArrayList<>(n);
            long offset = 0;
            for (int i = 0; i < n; i++) {
                String name = in.readUTF();
                long len = in.readLong();
                contigs.add(new CachedContig(name, len, offset));
                offset += len;
            }
            return offset == dataLength ? new Layout(List.copyOf(contigs), dataLength, size, mtime) : null;
        } catch (IOException e) {
            return null;
        }
    }
}
