package io.gvl.format;

import io.gvl.format.array.GenotypeArrays;
import io.gvl.format.array.IntervalTrack;
import io.gvl.format.io.ArrowTableFile;
import io.gvl.format.io.DatasetFiles;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.format.io.VariantTableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spec's Appendix A worked example, written by gvl and compared byte for byte with the hand-derived files. */
class AppendixATest {
    @TempDir
    Path tmp;

    private static byte[] ints(int... v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int x : v) {
            b.putInt(x);
        }
        return b.array();
    }

    private static byte[] longs(long... v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long x : v) {
            b.putLong(x);
        }
        return b.array();
    }

    private static byte[] floats(float... v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float x : v) {
            b.putFloat(x);
        }
        return b.array();
    }

    @Test
    void filesAreByteExact() throws IOException {
        Path ds = AppendixA.publish(tmp.resolve("example.gvl"));

        // regions.npy: NumPy's exact v1.0 header (128 bytes in total), then 12 int32 in Fortran order (column by
        // column), as GenVarLoader 0.43.1 writes it.
        String dict = "{'descr': '<i4', 'fortran_order': True, 'shape': (3, 4), }";
        String header = dict + " ".repeat(128 - 10 - dict.length() - 1) + "\n";
        ByteBuffer npy = ByteBuffer.allocate(176).order(ByteOrder.LITTLE_ENDIAN);
        npy.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0}).putShort((short) header.length())
                .put(header.getBytes(StandardCharsets.US_ASCII)).put(ints(0, 0, 1, 10, 50, 100, 22, 60, 110, 1, -1, 1));
        assertArrayEquals(npy.array(), Files.readAllBytes(ds.resolve("regions.npy")));

        assertArrayEquals(longs(0, 1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 7),
                Files.readAllBytes(ds.resolve("genotypes/offsets.npy")));
        assertArrayEquals(ints(0, 1, 1, 1, 2, 2, 3), Files.readAllBytes(ds.resolve("genotypes/variant_idxs.npy")));
        assertArrayEquals(longs(0, 2, 3, 4, 4, 4, 4), Files.readAllBytes(ds.resolve("intervals/cov/offsets.npy")));
        assertArrayEquals(ints(10, 15, 12, 55), Files.readAllBytes(ds.resolve("intervals/cov/starts.npy")));
        assertArrayEquals(ints(15, 22, 13, 56), Files.readAllBytes(ds.resolve("intervals/cov/ends.npy")));
        assertArrayEquals(floats(1f, 2f, 3f, 5f), Files.readAllBytes(ds.resolve("intervals/cov/values.npy")));
        assertEquals("{\"samples\":[\"s1\",\"s2\"],\"contigs\":[\"chr1\",\"chr2\"],\"n_regions\":3,\"ploidy\":2,"
                + "\"max_jitter\":0,\"version\":\"0.43.1\",\"format_version\":\"2.0.0\",\"svar_link\":null,"
                + "\"svar2_link\":null,\"variants_fingerprint\":null}",
                Files.readString(ds.resolve("metadata.json")));

        ArrowTable input = ArrowTableFile.read(ds.resolve("input_regions.arrow"));
        assertEquals(List.of("chrom", "chromStart", "chromEnd", "strand", "r_idx_map"), input.columnNames());
        assertEquals(List.of("chr2", "chr1", "chr1"), input.column("chrom", ds).values());
        assertEquals(List.of(100L, 50L, 10L), input.column("chromStart", ds).values());
        assertEquals(List.of(110L, 60L, 20L), input.column("chromEnd", ds).values());
        assertEquals(List.of("+", "-", "+"), input.column("strand", ds).values());
        assertEquals(List.of(2L, 1L, 0L), input.column("r_idx_map", ds).values());

        VariantTable v = VariantTableFile.read(ds.resolve("genotypes/variants.arrow"));
        assertArrayEquals(new long[] {12, 19, 55, 105}, v.pos());
        assertArrayEquals(new int[] {0, -3, 2, 0}, v.ilen());
        assertArrayEquals(new String[] {"A", "ACGT", "C", "G"}, v.ref());
    }

    @Test
    void accessorsFollowTheSlotAndCellNumbering() {
        try (DatasetFiles f = DatasetFiles.open(AppendixA.publish(tmp.resolve("a.gvl")))) {
            f.verify();
            GenotypeArrays g = f.genotypes().orElseThrow();
            int k = 0;
            for (int r = 0; r < 3; r++) {
                for (int s = 0; s < 2; s++) {
                    for (int p = 0; p < 2; p++) {
                        int[] expected = AppendixA.SLOTS[k++];
                        IndexRange range = g.variantRange(r, s, p);
                        assertArrayEquals(expected, g.variantIdxs().toIntArray(range.start(), range.end()));
                        assertEquals(expected.length, g.variants(r, s, p).length());
                    }
                }
            }
            IntervalTrack cov = f.tracks().get("cov");
            assertEquals(new IndexRange(0, 2), cov.intervalRange(0, 0));
            assertEquals(new IndexRange(2, 3), cov.intervalRange(0, 1));
            assertEquals(new IndexRange(4, 4), cov.intervalRange(2, 1));
            assertEquals(22, cov.ends().getInt(1));
            assertEquals(5f, cov.values().getFloat(3));
            assertEquals(DatasetFiles.GenotypeSource.SPARSE, f.genotypeSource());
            assertArrayEquals(new int[] {2, 1, 0}, f.inputRegions().order(f.path()).sortedToInput());
            assertEquals(22, f.regions().end(0));
        }
    }
}
