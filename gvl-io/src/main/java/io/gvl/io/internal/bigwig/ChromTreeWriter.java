package io.gvl.io.internal.bigwig;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Encodes the chromosome B+ tree as one leaf node holding every chromosome, keys sorted by name bytes (ids are
 * assigned in that order, as bedGraphToBigWig does), so readers that binary-search the keys find them. A node's
 * item count is 16 bits, hence at most 65,535 chromosomes.
 */
public final class ChromTreeWriter {
    static final int MAGIC = 0x78CA8C91;
    public static final int MAX_CHROMS = 0xFFFF;

    private ChromTreeWriter() {}

    /** The tree bytes for {@code names} (sorted, id = position) with their {@code lengths}. */
    public static byte[] encode(List<String> names, int[] lengths) {
        int keySize = 1;
        for (String n : names) {
            keySize = Math.max(keySize, n.getBytes(StandardCharsets.UTF_8).length);
        }
        int count = names.size();
        ByteBuffer b = ByteBuffer.allocate(32 + 4 + count * (keySize + 8)).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(MAGIC).putInt(Math.max(1, count)).putInt(keySize).putInt(8).putLong(count).putLong(0);
        b.put((byte) 1).put((byte) 0).putShort((short) count);
        for (int id = 0; id < count; id++) {
            byte[] key = names.get(id).getBytes(StandardCharsets.UTF_8);
            b.put(key);
            b.put(new byte[keySize - key.length]);
            b.putInt(id).putInt(lengths[id]);
        }
        return b.array();
    }
}
