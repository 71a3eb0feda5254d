package io.gvl.format.io;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.io.ShardManifest;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.DatasetMetadata.VariantsFingerprint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code manifest.json}: written through a temporary name and read back equal; a file of another layout or not a
 * manifest at all is refused naming the file; the CRC32C is the JDK's over the whole file.
 */
class ShardManifestTest {
    @TempDir
    Path tmp;

    @Test
    void writesAtomicallyAndReadsBack() throws IOException {
        ShardManifest m = new ShardManifest(ShardManifest.LAYOUT, DatasetMetadata.WRITER_VERSION, new int[] {3, 2},
                new int[] {5}, new VariantsFingerprint("blake2b-512", 1024, "ab01", 4096), List.of(
                new ShardManifest.Shard(ShardManifest.shardDir(0, 0), 0, 0, 0, 3, 0, 5, 17, List.of(
                        new ShardManifest.ShardFile("genotypes/offsets.npy", 248, "0a0b0c0d"))),
                new ShardManifest.Shard(ShardManifest.shardDir(1, 0), 1, 0, 3, 5, 0, 5, 0, List.of())));
        m.write(tmp);
        assertFalse(Files.exists(tmp.resolve(ShardManifest.FILE + ".tmp")));
        assertTrue(ShardManifest.isSharded(tmp));
        ShardManifest back = ShardManifest.read(tmp);
        assertArrayEquals(m.regionBlockSizes(), back.regionBlockSizes());
        assertArrayEquals(m.sampleBlockSizes(), back.sampleBlockSizes());
        assertEquals(m.shards(), back.shards());
        assertEquals(m.variantsFingerprint(), back.variantsFingerprint());
        assertEquals("shards/r1-s0", back.shards().get(1).dir());
    }

    @Test
    void anotherLayoutOrAnotherFileIsRefusedNamingIt() throws IOException {
        Path file = tmp.resolve(ShardManifest.FILE);
        Files.writeString(file, "{\"layout\":\"gvl-sharded-9\",\"regionBlockSizes\":[1],\"sampleBlockSizes\":[1],"
                + "\"shards\":[]}");
        DatasetFormatException layout = assertThrows(DatasetFormatException.class, () -> ShardManifest.read(tmp));
        assertTrue(layout.getMessage().contains(file.toString()) && layout.getMessage().contains("gvl-sharded-9"),
                layout.getMessage());
        Files.writeString(file, "[1, 2");
        DatasetFormatException junk = assertThrows(DatasetFormatException.class, () -> ShardManifest.read(tmp));
        assertTrue(junk.getMessage().contains(file.toString()), junk.getMessage());
        Files.delete(file);
        assertFalse(ShardManifest.isSharded(tmp));
        assertThrows(DatasetFormatException.class, () -> ShardManifest.read(tmp));
    }

    @Test
    void crc32cCoversTheWholeFile_seed7() throws IOException {
        byte[] bytes = new byte[3 << 20];
        new java.util.Random(7).nextBytes(bytes);
        Path f = Files.write(tmp.resolve("x.npy"), bytes);
        CRC32C want = new CRC32C();
        want.update(bytes);
        assertEquals(String.format("%08x", want.getValue()), ShardManifest.crc32c(f));
    }
}
