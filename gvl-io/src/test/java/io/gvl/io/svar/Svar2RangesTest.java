package io.gvl.io.svar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.Regions;
import io.gvl.format.io.Svar2RangesFile;
import io.gvl.testing.DirectoryCopy;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The datasets' range caches against an independent re-derivation from the store (spec/svar.md §6.2, §6.4). */
class Svar2RangesTest {
    static Stream<String> datasets() {
        return Stream.of("ds_svar2", "ds_svar2_subset", "ds_svar2_adv", "ds_svar2_jit");
    }

    static Svar2RangesFile openRanges(Path dataset, DerivedRanges d) {
        return Svar2RangesFile.open(dataset.resolve("genotypes/svar2_ranges"), d.regions, d.samples, d.ploidy);
    }

    static DerivedRanges derive(Path dataset, Svar2Store store) {
        return new DerivedRanges(dataset, store, store.contig("z"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("datasets")
    void cacheEqualsTheRederivationAndLookupsHitAndMiss(String name) {
        Path dataset = Svar2Fixtures.svar(name);
        try (Svar2Store store = Svar2Store.open(Svar2Fixtures.svar("z.svar2"))) {
            Svar2Contig z = store.contig("z");
            DerivedRanges d = derive(dataset, store);
            try (Svar2RangesFile f = openRanges(dataset, d)) {
                assertEquals(Svar2RangesFile.Layout.SPARSE, f.layout());
                for (int s = 0; s < d.samples; s++) {
                    assertEquals(d.sampleCols[s], f.sampleColumn(s), "slot " + s);
                }
                long entry = 0;
                int hits = 0;
                int misses = 0;
                for (int r = 0; r < d.regions; r++) {
                    assertEquals(entry, f.regionEntries(r), "region_ptr[" + r + "]");
                    assertEquals(d.dense[r][0], f.denseSnpStart(r), "dense SNP start of region " + r);
                    assertEquals(d.dense[r][1], f.denseSnpEnd(r), "dense SNP end of region " + r);
                    assertEquals(d.dense[r][2], f.denseIndelStart(r), "dense indel start of region " + r);
                    assertEquals(d.dense[r][3], f.denseIndelEnd(r), "dense indel end of region " + r);
                    for (int s = 0; s < d.samples; s++) {
                        for (int p = 0; p < d.ploidy; p++) {
                            long[] w = d.cells[r][s * d.ploidy + p];
                            boolean stored = w[1] > w[0] || w[3] > w[2];
                            long cell = f.cell(r, s, p);
                            String at = "cell (" + r + ", " + s + ", " + p + ")";
                            if (!stored) {
                                assertEquals(Svar2RangesFile.MISS, cell, at);
                                assertEquals(0, f.snpStart(cell) + f.snpLength(cell) + f.indelStart(cell)
                                        + f.indelLength(cell), at);
                                misses++;
                                continue;
                            }
                            hits++;
                            assertEquals(entry, cell, at);
                            assertEquals(s * d.ploidy + p, f.cellId(cell), at);
                            assertEquals(w[0], f.snpStart(cell), at + " snp_start");
                            assertEquals(w[1] - w[0], f.snpLength(cell), at + " snp_len");
                            assertEquals(w[2], f.indelStart(cell), at + " indel_start");
                            assertEquals(w[3] - w[2], f.indelLength(cell), at + " indel_len");
                            entry++;
                        }
                    }
                }
                assertEquals(entry, f.regionEntries(d.regions));
                assertEquals(entry, f.entries());
                assertTrue(hits > 0 && misses > 0, hits + " hits, " + misses + " misses");
            }
            Regions regions = DerivedRanges.regionsFile(dataset);
            for (int r = 0; r < d.regions; r++) {
                assertEquals(d.qs[r], regions.start(r), "regions.npy start of region " + r);
                assertEquals(d.regionEnds[r], regions.end(r), "regions.npy end of region " + r);
            }
        }
    }

    /** GVL 0.42.1's layout as written by GVL: every cell's windows, empty ones at the insertion point. */
    @Test
    void theCommittedLegacyCacheEqualsTheRederivation() {
        Path dataset = Svar2Fixtures.svar("ds_svar2_dense");
        try (Svar2Store store = Svar2Store.open(Svar2Fixtures.svar("z.svar2"))) {
            DerivedRanges d = derive(dataset, store);
            try (Svar2RangesFile f = openRanges(dataset, d)) {
                assertEquals(Svar2RangesFile.Layout.DENSE, f.layout());
                for (int r = 0; r < d.regions; r++) {
                    assertEquals(d.dense[r][0], f.denseSnpStart(r), "dense SNP start of region " + r);
                    assertEquals(d.dense[r][3], f.denseIndelEnd(r), "dense indel end of region " + r);
                    for (int s = 0; s < d.samples; s++) {
                        for (int p = 0; p < d.ploidy; p++) {
                            long[] w = d.cells[r][s * d.ploidy + p];
                            long cell = f.cell(r, s, p);
                            String at = "cell (" + r + ", " + s + ", " + p + ")";
                            assertEquals(w[0], f.snpStart(cell), at);
                            assertEquals(w[1] - w[0], f.snpLength(cell), at);
                            assertEquals(w[2], f.indelStart(cell), at);
                            assertEquals(w[3] - w[2], f.indelLength(cell), at);
                        }
                    }
                }
            }
        }
    }

    @Test
    void theLegacyDenseLayoutGivesTheSameWindows(@TempDir Path tmp) throws IOException {
        Path dataset = Svar2Fixtures.svar("ds_svar2_subset");
        try (Svar2Store store = Svar2Store.open(Svar2Fixtures.svar("z.svar2"))) {
            Svar2Contig z = store.contig("z");
            DerivedRanges d = derive(dataset, store);
            Path legacy = writeLegacy(dataset.resolve("genotypes/svar2_ranges"), tmp.resolve("svar2_ranges"), d);
            try (Svar2RangesFile sparse = openRanges(dataset, d);
                 Svar2RangesFile dense = Svar2RangesFile.open(legacy, d.regions, d.samples, d.ploidy)) {
                assertEquals(Svar2RangesFile.Layout.DENSE, dense.layout());
                assertEquals((long) d.regions * d.samples * d.ploidy, dense.entries());
                Svar2Calls a = new Svar2Calls();
                Svar2Calls b = new Svar2Calls();
                for (int r = 0; r < d.regions; r++) {
                    for (int s = 0; s < d.samples; s++) {
                        for (int p = 0; p < d.ploidy; p++) {
                            long[] w = d.cells[r][s * d.ploidy + p];
                            long cell = dense.cell(r, s, p);
                            assertEquals(w[0], dense.snpStart(cell));
                            assertEquals(w[3] - w[2], dense.indelLength(cell));
                            a.clear();
                            b.clear();
                            Svar2Gather.gather(z, sparse, r, s, p, d.qs[r], a);
                            Svar2Gather.gather(z, dense, r, s, p, d.qs[r], b);
                            assertEquals(Svar2GatherTest.calls(a), Svar2GatherTest.calls(b),
                                    "cell (" + r + ", " + s + ", " + p + ")");
                        }
                    }
                }
                assertThrows(IllegalStateException.class, () -> dense.cellId(0));
            }
        }
    }

    /** GVL <= 0.42.1's layout: {@code (R, S, P, 2)} start/end for every cell, empty ones at their insertion point. */
    static Path writeLegacy(Path sparse, Path out, DerivedRanges d) throws IOException {
        Files.createDirectories(out);
        for (String f : List.of("sample_cols.npy", "dense_snp_range.npy", "dense_indel_range.npy")) {
            Files.copy(sparse.resolve(f), out.resolve(f));
        }
        String vk = "{\"shape\": [" + d.regions + ", " + d.samples + ", " + d.ploidy + ", 2], \"dtype\": \"<i8\"}";
        Files.writeString(out.resolve("svar2_meta.json"), "{\"vk_snp_range\": " + vk + ", \"vk_indel_range\": "
                + vk + ", \"ploidy\": " + d.ploidy + "}");
        List<Long> snp = new ArrayList<>();
        List<Long> indel = new ArrayList<>();
        for (long[][] region : d.cells) {
            for (long[] w : region) {
                snp.add(w[0]);
                snp.add(w[1]);
                indel.add(w[2]);
                indel.add(w[3]);
            }
        }
        writeLongs(out.resolve("vk_snp_range.npy"), snp);
        writeLongs(out.resolve("vk_indel_range.npy"), indel);
        return out;
    }

    static void writeLongs(Path file, List<Long> values) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(8 * values.size()).order(ByteOrder.LITTLE_ENDIAN);
        values.forEach(b::putLong);
        Files.write(file, b.array());
    }

    @Test
    void badCachesAreTypedErrorsNamingTheFile(@TempDir Path tmp) throws IOException {
        Path ranges = tmp.resolve("svar2_ranges");
        DirectoryCopy.copyTree(Svar2Fixtures.svar("ds_svar2/genotypes/svar2_ranges"), ranges);
        DatasetFormatException e = assertThrows(DatasetFormatException.class,
                () -> Svar2RangesFile.open(ranges, 24, 15, 2));
        assertTrue(e.getMessage().contains("svar2_meta.json") && e.getMessage().contains("n_samples"),
                e.getMessage());
        e = assertThrows(DatasetFormatException.class, () -> Svar2RangesFile.open(ranges, 23, 16, 2));
        assertTrue(e.getMessage().contains("n_regions"), e.getMessage());
        Path legacy = tmp.resolve("legacy");
        DirectoryCopy.copyTree(Svar2Fixtures.svar("ds_svar2_dense/genotypes/svar2_ranges"), legacy);
        e = assertThrows(DatasetFormatException.class, () -> Svar2RangesFile.open(legacy, 24, 15, 2));
        assertTrue(e.getMessage().contains("svar2_meta.json") && e.getMessage().contains("shape"), e.getMessage());
        Files.delete(legacy.resolve("svar2_meta.json"));
        e = assertThrows(DatasetFormatException.class, () -> Svar2RangesFile.open(legacy, 24, 16, 2));
        assertTrue(e.getMessage().contains("svar2_meta.json") && e.getMessage().contains("missing"), e.getMessage());

        byte[] vk = Files.readAllBytes(ranges.resolve("cell_vk.npy"));
        Files.write(ranges.resolve("cell_vk.npy"), java.util.Arrays.copyOf(vk, vk.length - 24));
        e = assertThrows(DatasetFormatException.class, () -> Svar2RangesFile.open(ranges, 24, 16, 2));
        assertTrue(e.getMessage().contains("cell_vk.npy"), e.getMessage());
        Files.write(ranges.resolve("cell_vk.npy"), vk);

        byte[] ptr = Files.readAllBytes(ranges.resolve("region_ptr.npy"));
        ByteBuffer.wrap(ptr).order(ByteOrder.LITTLE_ENDIAN).putLong(ptr.length - 8, 188);
        Files.write(ranges.resolve("region_ptr.npy"), ptr);
        e = assertThrows(DatasetFormatException.class, () -> Svar2RangesFile.open(ranges, 24, 16, 2));
        assertTrue(e.getMessage().contains("region_ptr.npy"), e.getMessage());
        ByteBuffer.wrap(ptr).order(ByteOrder.LITTLE_ENDIAN).putLong(ptr.length - 8, 189);
        Files.write(ranges.resolve("region_ptr.npy"), ptr);

        Files.delete(ranges.resolve("dense_indel_range.npy"));
        e = assertThrows(DatasetFormatException.class, () -> Svar2RangesFile.open(ranges, 24, 16, 2));
        assertTrue(e.getMessage().contains("dense_indel_range.npy"), e.getMessage());
    }

    @Test
    void useAfterCloseSaysClosed() {
        Svar2RangesFile f = Svar2RangesFile.open(Svar2Fixtures.svar("ds_svar2/genotypes/svar2_ranges"), 24, 16, 2);
        f.close();
        f.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> f.cell(0, 0, 0));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }
}
