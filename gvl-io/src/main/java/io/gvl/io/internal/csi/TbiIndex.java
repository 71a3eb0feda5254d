package io.gvl.io.internal.csi;

import io.gvl.io.InputFormatException;
import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.io.IOException;
import java.io.InputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Reads a tabix {@code .tbi} index into a {@link CsiIndex}: tabix is the CSI scheme fixed at 16 kb leaf bins and
 * six levels, with a linear index of 16 kb windows in place of per-bin offsets. Reading it ourselves (rather than
 * through htsjdk's tabix reader, which ends a query quietly at a line it cannot parse and drops a last line
 * without a newline) lets every query be checked against the data it indexes.
 */
public final class TbiIndex {
    private static final int MIN_SHIFT = 14;
    private static final int DEPTH = 5;

    private TbiIndex() {}

    /** Reads a BGZF-compressed {@code .tbi}; a damaged or foreign file is an {@link InputFormatException}. */
    public static CsiIndex read(Path tbi) {
        byte[] bytes;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(tbi), 1 << 16)) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw corrupt(tbi, "cannot decompress it (" + e.getMessage() + ")", e);
        }
        try {
            return parse(tbi, ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN));
        } catch (BufferUnderflowException | IllegalArgumentException e) {
            throw corrupt(tbi, "it ends inside its bin table", e);
        }
    }

    private static CsiIndex parse(Path tbi, ByteBuffer in) {
        byte[] magic = new byte[4];
        in.get(magic);
        if (magic[0] != 'T' || magic[1] != 'B' || magic[2] != 'I' || magic[3] != 1) {
            throw corrupt(tbi, "it does not start with the tabix magic 'TBI\\1'", null);
        }
        int nRef = count(tbi, in, in.getInt(), 8, "reference count");
        int format = in.getInt();
        in.position(in.position() + 20); // sequence, begin and end columns, meta character, skipped lines
        int namesLength = count(tbi, in, in.getInt(), 1, "name block length");
        byte[] names = new byte[namesLength];
        in.get(names);
        List<String> contigs = names(names);
        if (contigs.size() != nRef) {
            throw corrupt(tbi, "it names " + contigs.size() + " sequences but describes " + nRef, null);
        }
        List<Int2ObjectMap<CsiIndex.Bin>> refs = new ArrayList<>(nRef);
        List<long[]> linear = new ArrayList<>(nRef);
        for (int r = 0; r < nRef; r++) {
            int nBin = count(tbi, in, in.getInt(), 8, "bin count");
            Int2ObjectMap<CsiIndex.Bin> bins = new Int2ObjectOpenHashMap<>(Math.max(4, nBin));
            for (int b = 0; b < nBin; b++) {
                int bin = in.getInt();
                int nChunk = count(tbi, in, in.getInt(), 16, "chunk count");
                Chunk[] chunks = new Chunk[nChunk];
                for (int c = 0; c < nChunk; c++) {
                    chunks[c] = new Chunk(in.getLong(), in.getLong());
                }
                bins.put(bin, new CsiIndex.Bin(0, chunks));
            }
            int nIntv = count(tbi, in, in.getInt(), 8, "linear index length");
            long[] windows = new long[nIntv];
            for (int i = 0; i < nIntv; i++) {
                windows[i] = in.getLong();
            }
            refs.add(bins);
            linear.add(windows);
        }
        return new CsiIndex(MIN_SHIFT, DEPTH, List.copyOf(refs), List.copyOf(linear),
                new TabixMeta(format & 0xffff, contigs));
    }

    private static List<String> names(byte[] block) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < block.length; i++) {
            if (block[i] == 0) {
                out.add(new String(block, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        return List.copyOf(out);
    }

    private static int count(Path tbi, ByteBuffer in, int n, int minBytesEach, String what) {
        if (n < 0 || (long) n * minBytesEach > in.remaining()) {
            throw corrupt(tbi, "its " + what + " " + n + " does not fit the file", null);
        }
        return n;
    }

    private static InputFormatException corrupt(Path tbi, String why, Throwable cause) {
        String name = tbi.getFileName().toString();
        Path data = name.endsWith(".tbi") ? tbi.resolveSibling(name.substring(0, name.length() - 4)) : tbi;
        return new InputFormatException(tbi, "", "not a valid tabix index: " + why + ".",
                "re-create it: `tabix -f -p vcf " + data + "`.", cause);
    }
}
