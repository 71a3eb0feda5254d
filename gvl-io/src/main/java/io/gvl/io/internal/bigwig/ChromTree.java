package io.gvl.io.internal.bigwig;

import io.gvl.io.InputFormatException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The chromosome B+ tree: maps each chromosome name to its numeric id and length. */
public final class ChromTree {
    private static final int MAGIC = 0x78CA8C91;

    /** One chromosome; {@code id} is what data sections and the R-tree use. */
    public record Chrom(String name, int id, int length) {}

    private ChromTree() {}

    /** All chromosomes, ordered by id. */
    public static List<Chrom> read(PositionalFile file, long offset) {
        ByteBuffer h = file.read(offset, 32, "chromosome tree header");
        if (h.getInt(0) != MAGIC) {
            throw new InputFormatException(file.path(), "chromosome tree at offset " + offset,
                    "bad chromosome tree magic.", "the bigWig is corrupt; re-create it.");
        }
        int keySize = h.getInt(8);
        int valSize = h.getInt(12);
        if (valSize != 8 || keySize <= 0 || keySize > 4096) {
            throw new InputFormatException(file.path(), "chromosome tree at offset " + offset, "unsupported key size "
                    + keySize + " / value size " + valSize + ".", "the bigWig is corrupt; re-create it.");
        }
        List<Chrom> out = new ArrayList<>();
        walk(file, offset + 32, keySize, out, 0);
        out.sort((a, b) -> Integer.compare(a.id(), b.id()));
        return out;
    }

    private static void walk(PositionalFile file, long node, int keySize, List<Chrom> out, int depth) {
        if (depth > 64) {
            throw new InputFormatException(file.path(), "chromosome tree node at offset " + node,
                    "the tree is deeper than any real file (cycle?).", "the bigWig is corrupt; re-create it.");
        }
        ByteBuffer h = file.read(node, 4, "chromosome tree node");
        boolean leaf = h.get(0) != 0;
        int count = Short.toUnsignedInt(h.getShort(2));
        int item = keySize + 8;
        ByteBuffer items = file.read(node + 4, count * item, "chromosome tree node");
        for (int i = 0; i < count; i++) {
            int at = i * item;
            if (leaf) {
                out.add(new Chrom(key(items, at, keySize), items.getInt(at + keySize), items.getInt(at + keySize + 4)));
            } else {
                walk(file, items.getLong(at + keySize), keySize, out, depth + 1);
            }
        }
    }

    private static String key(ByteBuffer b, int at, int keySize) {
        int len = 0;
        while (len < keySize && b.get(at + len) != 0) {
            len++;
        }
        byte[] bytes = new byte[len];
        b.get(at, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
