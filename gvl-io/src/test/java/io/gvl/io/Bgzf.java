package io.gvl.io;

import htsjdk.samtools.util.BlockCompressedOutputStream;
import htsjdk.tribble.index.IndexFactory;
import htsjdk.tribble.index.tabix.TabixFormat;
import htsjdk.variant.vcf.VCFCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** Makes bgzipped, tabix-indexed test inputs in Java (htsjdk), so tests need no external tools. */
public final class Bgzf {
    private Bgzf() {}

    /** The decompressed bytes of a gzip or BGZF file. */
    public static byte[] gunzip(Path file) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code plain} BGZF-compressed to {@code out}. */
    public static Path compress(byte[] plain, Path out) {
        try (BlockCompressedOutputStream z = new BlockCompressedOutputStream(out.toFile())) {
            z.write(plain);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Writes {@code plain} as {@code out} (bgzipped) with a fresh {@code out.tbi}; returns {@code out}. */
    public static Path vcfWithTbi(byte[] plain, Path out) {
        compress(plain, out);
        return tabix(out);
    }

    /** Builds {@code vcfGz.tbi} for a bgzipped VCF; returns {@code vcfGz}. */
    public static Path tabix(Path vcfGz) {
        try {
            IndexFactory.createTabixIndex(vcfGz, new VCFCodec(), TabixFormat.VCF, null)
                    .write(vcfGz.resolveSibling(vcfGz.getFileName() + ".tbi"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return vcfGz;
    }
}
