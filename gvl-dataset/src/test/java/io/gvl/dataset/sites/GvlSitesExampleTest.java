package io.gvl.dataset.sites;

import static io.gvl.dataset.sites.DatasetWithSitesTest.ints;
import static io.gvl.dataset.sites.DatasetWithSitesTest.str;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.io.fasta.Reference;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GVL's {@code tests/integration/variants/test_sites.py} on its dummy dataset (region 0 of length 3 on contig 8,
 * fixed length 4, sites A>T at the region's first and second base): the sample with the SNP gets the ALT written,
 * the one with the insertion already has it, the two with deletions lose the second base. The other (row, sample)
 * pairs follow GVL's kernel, and a minus-strand row is the reverse complement of its plus-strand result.
 */
class GvlSitesExampleTest {
    @TempDir
    Path tmp;

    @Test
    void gvlsTestSitesExpectations() throws Exception {
        try (Reference ref = Reference.open(GvlDummyDataset.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(GvlDummyDataset.write(tmp.resolve("dummy")), ref)) {
            Dataset view = ds.withLen(OutputLength.fixed(4)).subsetTo(new int[] {0}, null);
            Sites sites = Sites.of(List.of(new Site("8", 6, "A", "T"), new Site("8", 7, "A", "T")));
            DatasetWithSites dws = DatasetWithSites.of(view, sites);
            assertArrayEquals(new int[] {2, 4}, dws.shape());
            int[] rows = {0, 0, 0, 0, 1, 1, 1, 1};
            int[] samples = {0, 1, 2, 3, 0, 1, 2, 3};
            try (SitesOutput out = dws.get(rows, samples)) {
                // wild type: Aang SNP G, Katara deletion of 1 (C), Sokka insertion TT, Toph deletion of 2 (A)
                String[] wt = {"GNNN", "CNNN", "TTNN", "ANNN"};
                int[][] coords = {{5, 6, 7, 8}, {5, 7, 8, 9}, {5, 5, 6, 7}, {5, 8, 9, 10}};
                for (int s = 0; s < 4; s++) {
                    assertEquals(wt[s], str(out.wtHaps().haps(), s));
                    assertArrayEquals(coords[s], ints(out.wtHaps().refCoords(), s));
                }
                // GVL's assertions: first site on the SNP and insertion samples, second on the deletion samples
                assertEquals(SiteFlag.APPLIED, out.flag(0, 0));
                assertEquals("TNNN", str(out.mutHaps().haps(), 0));
                assertArrayEquals(new int[] {-2, -1, -1, -1}, ints(out.mutHaps().varIdxs(), 0));
                assertEquals(SiteFlag.EXISTED, out.flag(2, 0));
                assertEquals("TTNN", str(out.mutHaps().haps(), 2));
                assertEquals(SiteFlag.DELETED, out.flag(5, 0));
                assertEquals("CNNN", str(out.mutHaps().haps(), 5));
                assertEquals(SiteFlag.DELETED, out.flag(7, 0));
                assertEquals("ANNN", str(out.mutHaps().haps(), 7));
                // the remaining pairs, as GVL's kernel computes them
                assertEquals(SiteFlag.APPLIED, out.flag(1, 0));
                assertEquals("TNNN", str(out.mutHaps().haps(), 1));
                assertEquals(SiteFlag.APPLIED, out.flag(3, 0));
                assertEquals(SiteFlag.APPLIED, out.flag(4, 0));
                assertEquals("GTNN", str(out.mutHaps().haps(), 4));
                assertEquals(SiteFlag.APPLIED, out.flag(6, 0));
                assertEquals("TTTN", str(out.mutHaps().haps(), 6));
                assertArrayEquals(new int[] {12 + 3, 12 + 3, -2, -1}, ints(out.mutHaps().varIdxs(), 6));
            }
        }
    }

    @Test
    void minusStrandRowIsTheReverseComplementOfThePlusResult() throws Exception {
        try (Reference ref = Reference.open(GvlDummyDataset.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(GvlDummyDataset.write(tmp.resolve("dummy")), ref)) {
            // region 1: contig 3 [13, 16) on the minus strand; Aang carries the deletion of 2 (A), Toph the
            // insertion TT, Katara the SNP G
            Dataset view = ds.withLen(OutputLength.fixed(4)).subsetTo(new int[] {1}, null);
            DatasetWithSites dws = DatasetWithSites.of(view, Sites.of(List.of(new Site("3", 14, "N", "T"))));
            try (SitesOutput out = dws.get(new int[] {0, 0, 0}, new int[] {0, 3, 1})) {
                assertEquals("NNNT", str(out.wtHaps().haps(), 0));
                assertArrayEquals(new int[] {18, 17, 16, 13}, ints(out.wtHaps().refCoords(), 0));
                assertEquals(SiteFlag.APPLIED, out.flag(0, 0));
                assertEquals("NNNA", str(out.mutHaps().haps(), 0));
                assertArrayEquals(new int[] {-1, -1, -1, -2}, ints(out.mutHaps().varIdxs(), 0));
                // the insertion's anchor T is the last base after reverse complement (A), and matches complement(T)
                assertEquals("NNAA", str(out.wtHaps().haps(), 1));
                assertArrayEquals(new int[] {15, 14, 13, 13}, ints(out.wtHaps().refCoords(), 1));
                assertEquals(SiteFlag.EXISTED, out.flag(1, 0));
                assertEquals("NNAA", str(out.mutHaps().haps(), 1));
                assertEquals("NNNC", str(out.wtHaps().haps(), 2));
                assertEquals(SiteFlag.APPLIED, out.flag(2, 0));
                assertEquals("NNNA", str(out.mutHaps().haps(), 2));
            }
        }
    }
}
