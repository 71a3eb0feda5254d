package io.gvl.format.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.AppendixA;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BLAKE2b-512 against RFC 7693 and Python hashlib values, and the variants_fingerprint check at open. */
class FingerprintTest {
    @TempDir
    Path tmp;

    private static String hex(byte[] data) {
        return HexFormat.of().formatHex(Blake2b.digest512(data, data.length));
    }

    @Test
    void knownDigests() {
        assertEquals("ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc"
                + "9518d38aa8dbf1925ab92386edd4009923", hex("abc".getBytes()));
        assertEquals("786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb0"
                + "4b903a685b1448b755d56f701afe9be2ce", hex(new byte[0]));
        assertEquals("865939e120e6805438478841afb739ae4250cf372653078a065cdcfffca4caf798e6d462b65d658fc165782640eded"
                + "70963449ae1500fb0f24981d7727e22c41", hex(new byte[128]));
        byte[] b = new byte[1280];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) i;
        }
        assertEquals("a86b784c748f990b998e6d30d71e20cc95228d2b08dd85e29f63e4de8d8839bdf935f4291537af5014fe44c0b578a0"
                + "73e4c9217c7b05542d0c450784c30bac8a", hex(b));
    }

    @Test
    void openChecksARecordedFingerprint() throws IOException {
        Path ds = AppendixA.publish(tmp.resolve("a.gvl"));
        Path variants = ds.resolve("genotypes/variants.arrow");
        DatasetMetadata m = MetadataFile.read(ds.resolve("metadata.json"));
        DatasetMetadata.VariantsFingerprint fp = VariantTableFile.fingerprint(variants);
        assertEquals(Files.size(variants), fp.sizeBytes());
        assertEquals(Files.size(variants), fp.nBytesHashed());
        MetadataFile.write(new DatasetMetadata(m.samples(), m.contigs(), m.nRegions(), m.ploidy(), m.maxJitter(),
                m.version(), m.formatVersion(), null, null, fp), ds.resolve("metadata.json"));
        DatasetFiles.open(ds).close();
        Files.write(variants, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
        DatasetFormatException e = assertThrows(DatasetFormatException.class, () -> DatasetFiles.open(ds));
        assertTrue(e.getMessage().contains("variants.arrow") && e.getMessage().contains("variants_fingerprint"));
    }
}
