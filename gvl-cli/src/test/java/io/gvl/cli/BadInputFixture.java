package io.gvl.cli;

import io.gvl.testing.TestFiles;
import io.gvl.testkit.Oracle;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.zip.GZIPInputStream;

/**
 * The working area of one bad-input case: {@code in/} holds copies of real files from the shared data, edited in
 * small deterministic ways, and {@code out/} is where outputs go. Every edit is named by what it breaks, so a case
 * reads as "this file, with that damage".
 */
final class BadInputFixture {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SYN = DATA.resolve("gvl-fixtures/synthetic");
    static final Path SYN_VCF = SYN.resolve("filtered.vcf.gz");
    static final Path SYN_BED = SYN.resolve("regions.bed");
    static final Path SYN_REF = SYN.resolve("ref.fa.bgz");
    static final Path BW_SMALL = DATA.resolve("gvl-fixtures/bigwig_small");
    /** The interval tables committed with the GVL 0.43.1 goldens in gvl-testdata. */
    static final Path TABLES = TestFiles.gvl043("tables");

    final Path in;
    final Path out;

    BadInputFixture(Path root) throws IOException {
        this.in = Files.createDirectories(root.resolve("in"));
        this.out = Files.createDirectories(root.resolve("out"));
    }

    /** The destination every write case aims at. */
    Path dest() {
        return out.resolve("OUT");
    }

    String destArg() {
        return dest().toString();
    }

    /** A byte-for-byte copy of a shared file into {@code in/}. */
    Path copy(Path src) throws IOException {
        return copy(src, src.getFileName().toString());
    }

    Path copy(Path src, String name) throws IOException {
        return Files.copy(src, in.resolve(name));
    }

    Path text(String name, String content) throws IOException {
        return Files.writeString(in.resolve(name), content);
    }

    Path bytes(String name, byte[] content) throws IOException {
        return Files.write(in.resolve(name), content);
    }

    /** The lines of a text file, decompressing gzip/BGZF. */
    static List<String> lines(Path src) throws IOException {
        try (InputStream raw = Files.newInputStream(src)) {
            byte[] head = raw.readNBytes(2);
            boolean gz = head.length == 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
            try (InputStream all = gz ? new GZIPInputStream(Files.newInputStream(src)) : Files.newInputStream(src)) {
                return new ArrayList<>(Arrays.asList(new String(all.readAllBytes(), StandardCharsets.UTF_8)
                        .split("\n", -1)));
            }
        }
    }

    /** Writes {@code src}'s lines (decompressed) edited by {@code edit} as {@code in/name}; lines are joined by \n. */
    Path edited(Path src, String name, UnaryOperator<List<String>> edit) throws IOException {
        List<String> l = lines(src);
        if (!l.isEmpty() && l.getLast().isEmpty()) {
            l.removeLast();
            l = edit.apply(l);
            return Files.writeString(in.resolve(name), String.join("\n", l) + "\n");
        }
        return Files.writeString(in.resolve(name), String.join("\n", edit.apply(l)));
    }

    /** The synthetic VCF as plain text with an edit. */
    Path vcf(String name, UnaryOperator<List<String>> edit) throws IOException {
        return edited(SYN_VCF, name, edit);
    }

    /** The synthetic BED with an edit. */
    Path bed(String name, UnaryOperator<List<String>> edit) throws IOException {
        return edited(SYN_BED, name, edit);
    }

    /** The synthetic reference as plain FASTA with an edit. */
    Path fasta(String name, UnaryOperator<List<String>> edit) throws IOException {
        return edited(SYN_REF, name, edit);
    }

    /** bgzip (in place: {@code f} becomes {@code f.gz}) with the oracle. */
    Path bgzip(Path plain) {
        Oracle.BGZIP.run("-f", plain.toString());
        return plain.resolveSibling(plain.getFileName() + ".gz");
    }

    /** bgzip and tabix-index a VCF. */
    Path bgzipTabix(Path plainVcf) {
        Path gz = bgzip(plainVcf);
        Oracle.TABIX.run("-f", "-p", "vcf", gz.toString());
        return gz;
    }

    /** Keeps the first {@code keep} bytes of a file (a transfer cut short). */
    static Path truncate(Path f, long keep) throws IOException {
        try (var ch = Files.newByteChannel(f, StandardOpenOption.WRITE)) {
            ch.truncate(keep);
        }
        return f;
    }

    /** Keeps the given fraction of a file. */
    static Path truncateTo(Path f, double fraction) throws IOException {
        return truncate(f, (long) (Files.size(f) * fraction));
    }

    /** Overwrites bytes at {@code offset}. */
    static Path overwrite(Path f, long offset, byte... b) throws IOException {
        try (var ch = Files.newByteChannel(f, StandardOpenOption.WRITE)) {
            ch.position(offset);
            ch.write(java.nio.ByteBuffer.wrap(b));
        }
        return f;
    }

    /** Overwrites the little-endian int64 element {@code k} of a header-less array file. */
    static Path putLong(Path f, long k, long v) throws IOException {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
        return overwrite(f, 8 * k, b);
    }

    /** Deterministic non-text bytes (a file of the wrong kind). */
    static byte[] noise(int n, long seed) {
        byte[] b = new byte[n];
        new java.util.SplittableRandom(seed).nextBytes(b);
        return b;
    }

    /** Sets column {@code col} (0-based) of the {@code k}-th data line (lines not starting with '#'). */
    static UnaryOperator<List<String>> field(int k, int col, String value) {
        return l -> {
            int seen = 0;
            for (int i = 0; i < l.size(); i++) {
                if (!l.get(i).startsWith("#") && seen++ == k) {
                    String[] f = l.get(i).split("\t", -1);
                    f[col] = value;
                    l.set(i, String.join("\t", f));
                    return l;
                }
            }
            throw new IllegalStateException("no data line " + k);
        };
    }

    /** Replaces the {@code k}-th data line by {@code f(line)}. */
    static UnaryOperator<List<String>> dataLine(int k, UnaryOperator<String> f) {
        return l -> {
            int seen = 0;
            for (int i = 0; i < l.size(); i++) {
                if (!l.get(i).startsWith("#") && seen++ == k) {
                    l.set(i, f.apply(l.get(i)));
                    return l;
                }
            }
            throw new IllegalStateException("no data line " + k);
        };
    }

    /** The 1-based line number of the {@code k}-th data line of {@code src}, as a reader counts it. */
    static int lineOf(Path src, int k) {
        try {
            List<String> l = lines(src);
            int seen = 0;
            for (int i = 0; i < l.size(); i++) {
                if (!l.get(i).startsWith("#") && seen++ == k) {
                    return i + 1;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("no data line " + k);
    }

    /** A good synthetic dataset (variants, one bigWig track) in {@code in/ds}, the input of damaged-dataset cases. */
    Path dataset() throws IOException {
        Path table = bigWigTable("bw.tsv", "s0", "s1", "s2");
        Path ds = in.resolve("ds");
        CliRun r = CliRun.of("write", ds.toString(), "--bed", SYN_BED.toString(), "--vcf", SYN_VCF.toString(),
                "--bigwig", "cov=" + table);
        if (r.exitCode() != 0) {
            throw new IllegalStateException("fixture dataset: " + r.err());
        }
        Files.deleteIfExists(in.resolve("ds.lock"));
        return ds;
    }

    /** A sample table naming the synthetic per-sample bigWigs. */
    Path bigWigTable(String name, String... samples) throws IOException {
        StringBuilder sb = new StringBuilder("sample\tpath\n");
        for (String s : samples) {
            sb.append(s).append('\t').append(SYN.resolve("bw_seed42/" + s + ".bw")).append('\n');
        }
        return text(name, sb.toString());
    }
}
