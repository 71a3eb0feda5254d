package io.gvl.format.build;

import io.gvl.format.AppendixA;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.RandomDataset;
import io.gvl.format.VariantTable;
import io.gvl.format.build.DatasetMigration;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.format.io.DatasetFiles;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.VariantTableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Format 1.x → 2.0: byte-exact struct-of-arrays output, crash safety, idempotence, the legacy svar link. */
class DatasetMigrationTest {
    @TempDir
    Path tmp;

    /** Rewrites a 2.0 track as format 1.x: one array-of-structs intervals.npy instead of three files. */
    private static void toAos(Path track) throws IOException {
        ByteBuffer s = ByteBuffer.wrap(Files.readAllBytes(track.resolve("starts.npy"))).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer e = ByteBuffer.wrap(Files.readAllBytes(track.resolve("ends.npy"))).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer v = ByteBuffer.wrap(Files.readAllBytes(track.resolve("values.npy"))).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer out = ByteBuffer.allocate(s.capacity() * 3).order(ByteOrder.LITTLE_ENDIAN);
        while (s.hasRemaining()) {
            out.putInt(s.getInt()).putInt(e.getInt()).putFloat(v.getFloat());
        }
        Files.write(track.resolve("intervals.npy"), out.array());
        for (String f : List.of("starts.npy", "ends.npy", "values.npy")) {
            Files.delete(track.resolve(f));
        }
    }

    /** A 2.0 reference dataset and the same dataset downgraded to 1.x. */
    private Path[] referenceAndLegacy(long seed, String formatVersionJson) throws IOException {
        RandomDataset d = new RandomDataset(seed, 40, 3, 2, 2, 5);
        Path ref = tmp.resolve("ref.gvl");
        Path old = tmp.resolve("old.gvl");
        DatasetPublisher.publish(ref, false, d::writeInto);
        DatasetPublisher.publish(old, false, d::writeInto);
        toAos(old.resolve("intervals/signal"));
        toAos(old.resolve("annot_intervals/annot"));
        Path meta = old.resolve("metadata.json");
        Files.writeString(meta, Files.readString(meta).replace("\"format_version\":\"2.0.0\"", formatVersionJson));
        return new Path[] {ref, old};
    }

    @Test
    void legacyTracksMigrateToByteExactFiles() throws IOException {
        Path[] p = referenceAndLegacy(41L, "\"format_version\":\"1.0.0\"");
        assertThrows(DatasetFormatException.class, () -> DatasetFiles.open(p[1]).close());
        DatasetMigration.Result r = DatasetMigration.migrate(p[1]);
        assertEquals("1.0.0", r.fromFormatVersion());
        assertEquals(List.of("intervals/signal", "annot_intervals/annot"), r.convertedTracks());
        for (String f : List.of("metadata.json", "intervals/signal/starts.npy", "intervals/signal/ends.npy",
                "intervals/signal/values.npy", "intervals/signal/offsets.npy", "annot_intervals/annot/starts.npy",
                "annot_intervals/annot/ends.npy", "annot_intervals/annot/values.npy", "genotypes/offsets.npy",
                "regions.npy")) {
            assertArrayEquals(Files.readAllBytes(p[0].resolve(f)), Files.readAllBytes(p[1].resolve(f)), f);
        }
        assertFalse(Files.exists(p[1].resolve("intervals/signal/intervals.npy")));
        try (DatasetFiles f = DatasetFiles.open(p[1])) {
            f.verify();
        }
        DatasetMigration.Result again = DatasetMigration.migrate(p[1]);
        assertEquals(List.of(), again.convertedTracks());
    }

    @Test
    void missingFormatVersionIsFormat1() throws IOException {
        Path[] p = referenceAndLegacy(42L, "\"format_version\":null");
        DatasetMigration.migrate(p[1]);
        assertEquals("2.0.0", MetadataFile.read(p[1].resolve("metadata.json")).formatVersion());
    }

    @Test
    void interruptedMigrationLeavesTheOriginalIntactAndCanBeRerun() throws IOException {
        Path[] p = referenceAndLegacy(43L, "\"format_version\":\"1.1.0\"");
        Path old = p[1];
        byte[] meta = Files.readAllBytes(old.resolve("metadata.json"));
        byte[] annot = Files.readAllBytes(old.resolve("annot_intervals/annot/intervals.npy"));
        byte[] signal = Files.readAllBytes(old.resolve("intervals/signal/intervals.npy"));
        // Tracks convert in order intervals/ then annot_intervals/; the second one is cut mid-record, so the run
        // fails after the first track was converted.
        Files.write(old.resolve("annot_intervals/annot/intervals.npy"), java.util.Arrays.copyOf(annot,
                annot.length - 5));
        DatasetFormatException e = assertThrows(DatasetFormatException.class, () -> DatasetMigration.migrate(old));
        assertTrue(e.getMessage().contains("intervals.npy") && e.getMessage().contains("12-byte"), e.getMessage());
        assertArrayEquals(meta, Files.readAllBytes(old.resolve("metadata.json")));
        assertArrayEquals(signal, Files.readAllBytes(old.resolve("intervals/signal/intervals.npy")));
        assertTrue(Files.exists(old.resolve("intervals/signal/starts.npy")));
        assertFalse(Files.exists(old.resolve("annot_intervals/annot/starts.npy.tmp")));
        assertFalse(Files.exists(old.resolve("annot_intervals/annot/starts.npy")));
        DatasetFormatException still1x = assertThrows(DatasetFormatException.class, () -> DatasetFiles.open(old));
        assertTrue(still1x.getMessage().contains("gvl migrate"), still1x.getMessage());
        // Restore the damaged file and run again: the migration completes.
        Files.write(old.resolve("annot_intervals/annot/intervals.npy"), annot);
        DatasetMigration.migrate(old);
        assertArrayEquals(Files.readAllBytes(p[0].resolve("annot_intervals/annot/values.npy")),
                Files.readAllBytes(old.resolve("annot_intervals/annot/values.npy")));
        try (DatasetFiles f = DatasetFiles.open(old)) {
            f.verify();
        }
    }

    @Test
    void legacySvarSymlinkBecomesSvarLink() throws IOException {
        Path store = Files.createDirectories(tmp.resolve("cohort.svar"));
        VariantTableFile.write(new VariantTable(new String[] {"chr1", "chr1", "chr2"}, new long[] {1, 5, 9},
                new String[] {"A", "C", "G"}, new String[] {"T", "G", "A"}, new int[3]), store.resolve("index.arrow"));
        byte[] idx = new byte[4 * 11];
        new Random(44L).nextBytes(idx);
        Files.write(store.resolve("variant_idxs.npy"), idx);
        Path ds = AppendixA.publish(tmp.resolve("svar.gvl"));
        Files.createSymbolicLink(ds.resolve("genotypes/link.svar"), Path.of("../../cohort.svar"));
        DatasetMigration.Result r = DatasetMigration.migrate(ds);
        assertTrue(r.svarLinkMigrated());
        assertFalse(Files.exists(ds.resolve("genotypes/link.svar"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        DatasetMetadata m = MetadataFile.read(ds.resolve("metadata.json"));
        assertEquals("../cohort.svar", m.svarLink().relativePath());
        assertEquals(store.toRealPath().toString(), m.svarLink().absolutePath());
        assertEquals(3, m.svarLink().nVariants());
        assertEquals(44, m.svarLink().variantIdxsBytes());
    }

    @Test
    void notADataset() {
        DatasetFormatException e = assertThrows(DatasetFormatException.class,
                () -> DatasetMigration.migrate(tmp.resolve("nothing")));
        assertTrue(e.getMessage().contains("no metadata.json"));
    }
}
