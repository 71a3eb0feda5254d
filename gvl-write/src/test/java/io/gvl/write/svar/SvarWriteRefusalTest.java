package io.gvl.write.svar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.io.RegionsFile;
import io.gvl.io.InputFormatException;
import io.gvl.testing.DirectoryCopy;
import io.gvl.testing.TestFiles;
import io.gvl.write.Gvl;
import io.gvl.write.VariantSources;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a linked write refuses, and that a refused or finished write leaves the store and the destination as they were. */
class SvarWriteRefusalTest {
    static final Path ROOT = TestFiles.gvl043("svar");
    static final Path REGIONS = ROOT.resolve("inputs/regions.bed");

    @TempDir
    Path tmp;

    Path copy(String store) throws IOException {
        Path to = tmp.resolve(store);
        DirectoryCopy.copyTree(ROOT.resolve(store), to);
        return to;
    }

    /** Nothing was published at {@code out} and no build directory is left beside it. */
    void nothingLeft(Path out) throws IOException {
        assertFalse(Files.exists(out), out + " exists");
        try (Stream<Path> s = Files.list(out.getParent())) {
            assertEquals(List.of(), s.map(p -> p.getFileName().toString()).filter(n -> n.contains(".tmp.")).toList());
        }
    }

    @Test
    void svar2WithoutExtendToLengthIsRefusedAsGvlRefusesIt() throws IOException {
        Path store = copy("z.svar2");
        Path out = tmp.resolve("ds");
        WriteException e = assertThrows(WriteException.class, () -> Gvl.write(out,
                WriteOptions.builder(REGIONS).variants(store).extendToLength(false).build()));
        assertTrue(e.getMessage().contains("extend_to_length=false is not supported for a .svar2"), e.getMessage());
        nothingLeft(out);
    }

    @Test
    void unknownSamplesAreNamed() throws IOException {
        for (String name : List.of("z.svar2", "z.svar")) {
            Path store = copy(name);
            Path out = tmp.resolve("ds-" + name);
            WriteException e = assertThrows(WriteException.class, () -> Gvl.write(out,
                    WriteOptions.builder(REGIONS).variants(store).samples(List.of("S03", "S99", "X1")).build()));
            assertTrue(e.getMessage().contains("[S99, X1]"), e.getMessage());
            nothingLeft(out);
        }
    }

    @Test
    void duplicateSampleNamesAreRefused() throws IOException {
        Path store = copy("z.svar2");
        Path out = tmp.resolve("ds");
        WriteException e = assertThrows(WriteException.class, () -> Gvl.write(out,
                WriteOptions.builder(REGIONS).variants(store).samples(List.of("S03", "S01", "S03")).build()));
        assertTrue(e.getMessage().contains("[S03]") && e.getMessage().contains("more than once"), e.getMessage());
        Path meta = store.resolve("meta.json");
        Files.writeString(meta, Files.readString(meta).replace("\"S01\"", "\"S00\""));
        RuntimeException bad = assertThrows(RuntimeException.class, () -> Gvl.write(out,
                WriteOptions.builder(REGIONS).variants(store).build()));
        assertTrue(bad.getMessage().contains("meta.json") && bad.getMessage().contains("S00"), bad.getMessage());
        nothingLeft(out);
    }

    @Test
    void aBedContigTheSvar2StoreLacksIsRefusedNamingIt() throws IOException {
        Path store = copy("z.svar2");
        Path bed = tmp.resolve("x.bed");
        Files.writeString(bed, "z\t100\t200\nchrQ\t5\t50\n");
        Path out = tmp.resolve("ds");
        InputFormatException e = assertThrows(InputFormatException.class, () -> Gvl.write(out,
                WriteOptions.builder(bed).variants(store).allowMissingContigs(true).build()));
        assertTrue(e.getMessage().contains("chrQ") && e.getMessage().contains("line 2"), e.getMessage());
        nothingLeft(out);
    }

    /** GenVarLoader leaves {@code (0, 0)} cells on a contig the {@code .svar} store does not list. */
    @Test
    void aSvarContigTheStoreLacksGetsEmptyCellsWhenAllowed() throws IOException {
        Path store = copy("z.svar");
        Path bed = tmp.resolve("x.bed");
        Files.writeString(bed, "z\t29565\t29685\nq\t5\t50\n");
        Path out = tmp.resolve("ds");
        assertThrows(InputFormatException.class, () -> Gvl.write(out,
                WriteOptions.builder(bed).variants(store).build()));
        Gvl.write(out, WriteOptions.builder(bed).variants(store).allowMissingContigs(true).build());
        long[] off = longs(out.resolve("genotypes/offsets.npy"));
        assertEquals(2 * 2 * 16 * 2, off.length);
        int cells = 16 * 2;
        // region 0 is q (natural order puts "q" before "z"), region 1 is z
        for (int k = 0; k < cells; k++) {
            assertEquals(0, off[k], "start of q cell " + k);
            assertEquals(0, off[2 * cells + k], "end of q cell " + k);
        }
        long kept = 0;
        for (int k = 0; k < cells; k++) {
            kept += off[2 * cells + cells + k] - off[cells + k];
        }
        assertTrue(kept > 0, "the z region keeps calls");
        assertEquals(50, RegionsFile.read(out.resolve("regions.npy")).end(0));
    }

    /** genoray 6.0.2 numbers a store's calls in its listed contig order; rows in another order are refused (§10.2). */
    @Test
    void aSvarStoreWhoseRowsAreNotInItsListedContigOrderIsRefused() throws IOException {
        Path store = copy("yz.svar");
        Path meta = store.resolve("metadata.json");
        Files.writeString(meta, Files.readString(meta).replace("\"contigs\":[\"y\",\"z\"]", "\"contigs\":[\"z\",\"y\"]"));
        Path out = tmp.resolve("ds");
        InputFormatException e = assertThrows(InputFormatException.class, () -> Gvl.write(out,
                WriteOptions.builder(ROOT.resolve("inputs/yz.bed")).variants(store).build()));
        assertTrue(e.getMessage().contains("index.arrow") && e.getMessage().contains("[y, z]")
                && e.getMessage().contains("[z, y]"), e.getMessage());
        nothingLeft(out);
    }

    @Test
    void storesAreNotVariantSourcesNorPlannedInParts() throws IOException {
        Path store = copy("z.svar2");
        WriteException e = assertThrows(WriteException.class, () -> VariantSources.open(store));
        assertTrue(e.getMessage().contains("genoray store"), e.getMessage());
        Path out = tmp.resolve("ds");
        e = assertThrows(WriteException.class, () -> Gvl.plan(out, WriteOptions.builder(REGIONS).variants(store)
                .build(), 4, 4));
        assertTrue(e.getMessage().contains("linked store"), e.getMessage());
        e = assertThrows(WriteException.class, () -> Gvl.write(out, WriteOptions.builder(REGIONS).variants(store)
                .reuseGvlIndex(true).build()));
        assertTrue(e.getMessage().contains("reuseGvlIndex"), e.getMessage());
        nothingLeft(out);
    }

    @Test
    void theStoreIsNeitherCopiedNorModifiedAndOverwriteReplacesOnlyTheDataset() throws IOException {
        for (String name : List.of("z.svar2", "z.svar")) {
            Path store = copy(name);
            Map<String, byte[]> before = SvarWriteGoldenTest.files(store);
            Path out = tmp.resolve("ds-" + name);
            Gvl.write(out, WriteOptions.builder(REGIONS).variants(store).build());
            assertThrows(io.gvl.format.DatasetExistsException.class, () -> Gvl.write(out,
                    WriteOptions.builder(REGIONS).variants(store).build()));
            Gvl.write(out, WriteOptions.builder(REGIONS).variants(store).maxJitter(8).overwrite(true).build());
            Map<String, byte[]> after = SvarWriteGoldenTest.files(store);
            assertEquals(before.keySet(), after.keySet(), name);
            before.forEach((f, b) -> assertArrayEquals(b, after.get(f), name + "/" + f));
            Map<String, byte[]> ds = SvarWriteGoldenTest.files(out);
            assertTrue(ds.keySet().stream().noneMatch(f -> f.endsWith(".bin") || f.equals("genotypes/variants.arrow")
                    || f.equals("genotypes/variant_idxs.npy")), ds.keySet().toString());
            assertTrue(new String(ds.get("metadata.json")).contains("\"max_jitter\":8"));
        }
    }

    static long[] longs(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        long[] out = new long[b.remaining() / 8];
        b.asLongBuffer().get(out);
        return out;
    }
}
