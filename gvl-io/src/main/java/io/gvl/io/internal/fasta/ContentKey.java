package io.gvl.io.internal.fasta;

import io.gvl.format.io.IoFailures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * What a reference cache entry is keyed by: the FASTA's size and the SHA-256 of all its bytes (as stored, so a
 * gzipped and a plain copy are different entries). A full hash rather than sampled bytes because a same-size edit
 * in an unsampled block would silently serve wrong bases; its cost is one sequential read, less than the decode a
 * cache miss does anyway, and it is paid once per file version: the hash is remembered in the cache directory's
 * {@code sources/} folder under the file's path, size, modification time and file key, so a later open of an
 * unchanged file only stats it. Copies of one FASTA at many paths share one entry.
 *
 * @param size  the FASTA's size in bytes
 * @param sha256 lowercase hex SHA-256 of the FASTA's bytes
 */
public record ContentKey(long size, String sha256) {
    /** The folder, inside a cache directory, that remembers hashes per file version. */
    public static final String SOURCES = "sources";

    public ContentKey {
        Objects.requireNonNull(sha256, "sha256");
    }

    /** The entry name stem: the first 16 hex digits of the hash and the size. */
    public String stem() {
        return sha256.substring(0, 16) + "-" + size;
    }

    /**
     * The key of {@code fasta}, reusing a hash remembered in {@code cacheDir} for the same file version; when
     * {@code remember} is true a freshly computed hash is remembered there (failures to do so are ignored).
     */
    public static ContentKey of(Path fasta, Path cacheDir, boolean remember) {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(fasta, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stat " + fasta, e);
        }
        String version = fasta.toAbsolutePath().normalize() + "\t" + attrs.size() + "\t"
                + attrs.lastModifiedTime().toMillis() + "\t" + attrs.fileKey();
        Path memo = cacheDir.resolve(SOURCES).resolve(memoName(version));
        String known = readMemo(memo, version);
        if (known != null) {
            return new ContentKey(attrs.size(), known);
        }
        ContentKey key = new ContentKey(attrs.size(), hashFile(fasta));
        if (remember) {
            writeMemo(memo, version + "\n" + key.sha256 + "\n");
        }
        return key;
    }

    private static String readMemo(Path memo, String version) {
        try {
            String[] lines = Files.readString(memo, StandardCharsets.UTF_8).split("\n");
            return lines.length == 2 && lines[0].equals(version) && lines[1].length() == 64 ? lines[1] : null;
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
    }

    private static void writeMemo(Path memo, String text) {
        try {
            Files.createDirectories(memo.getParent());
            Path tmp = Files.createTempFile(memo.getParent(), memo.getFileName().toString(), ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, memo, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | UnsupportedOperationException e) {
            // Only a shortcut for the next open: without it the hash is computed again.
        }
    }

    private static String hashFile(Path file) {
        MessageDigest md = digest();
        ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (ch.read(buf) >= 0) {
                buf.flip();
                md.update(buf);
                buf.clear();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (" + IoFailures.reason(e) + ")", e);
        }
        return hex(md.digest());
    }

    /**
     * The memo's file name: two 64-bit multiplicative hashes of the version line. A name, not a check (the memo
     * repeats the line and is ignored when it differs), so no cryptographic digest: setting one up costs a cold JVM
     * about 0.1 s, which an open of an already cached reference would otherwise pay.
     */
    static String memoName(String version) {
        long a = 0xcbf29ce484222325L;
        long b = 0x9e3779b97f4a7c15L;
        for (byte x : version.getBytes(StandardCharsets.UTF_8)) {
            a = (a ^ (x & 0xFF)) * 0x100000001b3L;
            b = Long.rotateLeft(b ^ (x & 0xFF), 23) * 0xff51afd7ed558ccdL;
        }
        return HexFormat.of().toHexDigits(a) + HexFormat.of().toHexDigits(b);
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
