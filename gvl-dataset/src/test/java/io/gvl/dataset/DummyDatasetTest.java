package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GVL's dummy dataset: haplotype lengths and bytes per input region and sample, {@code ds[0, :3]}, the tracks in
 * reference coordinates, the variants, the spliced grouping, and the temporary directory going away on close.
 */
class DummyDatasetTest {
    static final int[][] LENGTHS = {{3, 2, 4, 1}, {1, 3, 2, 4}, {2, 1, 4, 3}, {4, 2, 3, 1}};
    /** The haplotype of length 1..4 on the plus strand: deletion of 2, deletion of 1, SNP, insertion. */
    static final String[] PLUS = {"A", "CN", "GNN", "TTNN"};
    static final String[] MINUS = {"T", "NG", "NNC", "NNAA"};

    private static String hap(int region, int sample) {
        int len = LENGTHS[region][sample];
        return region == 1 ? MINUS[len - 1] : PLUS[len - 1];
    }

    @Test
    void haplotypesFollowTheDesignedLengths() {
        try (Dataset ds = Dataset.dummy()) {
            assertEquals(List.of("Aang", "Katara", "Sokka", "Toph"), ds.samples());
            assertEquals(25, ds.contigs().size());
            assertEquals(2, ds.maxJitter());
            assertEquals(List.of("read-depth", "annot"), ds.activeTracks());
            assertEquals(SeqKind.HAPLOTYPES, ds.seqKind());
            assertEquals(List.of("8", "3", "6", "2"), ds.regions().stream().map(Region::chrom).toList());
            try (DatasetOutput out = ds.withoutTracks().getAll()) {
                Ragged haps = (Ragged) out.sequences();
                for (int r = 0; r < 4; r++) {
                    for (int s = 0; s < 4; s++) {
                        assertEquals(hap(r, s), new String(haps.rowBytes(r * 4L + s), StandardCharsets.US_ASCII),
                                "region " + r + " sample " + s);
                    }
                }
            }
            try (DatasetOutput first = ds.get(new int[] {0, 0, 0}, new int[] {0, 1, 2})) {
                Ragged haps = (Ragged) first.sequences();
                assertArrayEquals(new long[] {3, 2, 4}, new long[] {haps.rowBytes(0).length, haps.rowBytes(1).length,
                        haps.rowBytes(2).length});
            }
        }
    }

    @Test
    void tracksAndVariantsAreGvls() {
        try (Dataset ds = Dataset.dummy()) {
            try (DatasetOutput out = ds.withSeqs(SeqKind.NONE).getAll()) {
                Ragged t = (Ragged) out.tracks();
                for (int r = 0; r < 4; r++) {
                    for (int s = 0; s < 4; s++) {
                        float[] depth = t.row((r * 4L + s) * 2).toArray(ValueLayout.JAVA_FLOAT);
                        float[] annot = t.row((r * 4L + s) * 2 + 1).toArray(ValueLayout.JAVA_FLOAT);
                        boolean minus = r == 1;
                        assertArrayEquals(minus ? new float[] {5, 4, 3} : new float[] {3, 4, 5}, depth);
                        assertArrayEquals(minus ? new float[] {0, 0, 1} : new float[] {1, 0, 0}, annot);
                    }
                }
            }
            try (DatasetOutput out = ds.withSeqs(SeqKind.NONE).withTracks("read-depth")
                    .withSettings(x -> x.withJitter(2)).get(0, 0)) {
                float[] depth = ((Ragged) out.tracks()).row(0).toArray(ValueLayout.JAVA_FLOAT);
                assertEquals(3, depth.length);
                assertTrue(depth[0] >= 1 && depth[2] <= 7, java.util.Arrays.toString(depth));
            }
            Dataset vars = ds.withoutTracks().withSeqs(SeqKind.VARIANTS);
            try (DatasetOutput out = vars.get(new int[] {0, 0, 0, 0}, new int[] {0, 1, 2, 3})) {
                io.gvl.dataset.variants.Variants v = io.gvl.dataset.variants.Variants.of(out);
                assertArrayEquals(new int[] {5, 5, 5, 5}, v.field("start").data().toArray(ValueLayout.JAVA_INT));
                assertArrayEquals(new int[] {0, -1, 1, -2}, v.field("ilen").data().toArray(ValueLayout.JAVA_INT));
            }
        }
    }

    @Test
    void splicedDummyGroupsByGeneInExonOrder() {
        try (Dataset sp = Dataset.dummy(true)) {
            assertTrue(sp.isSpliced());
            assertEquals(List.of("tp53", "shh"), sp.splicedRowKeys());
            assertArrayEquals(new int[] {2, 3, 0}, sp.spliceMap().orElseThrow().rows(0));
            assertArrayEquals(new int[] {1}, sp.spliceMap().orElseThrow().rows(1));
            try (DatasetOutput out = sp.getAll()) {
                Ragged haps = (Ragged) out.sequences();
                for (int s = 0; s < 4; s++) {
                    assertEquals(hap(2, s) + hap(3, s) + hap(0, s),
                            new String(haps.rowBytes(s), StandardCharsets.US_ASCII), "tp53 sample " + s);
                    assertEquals(hap(1, s), new String(haps.rowBytes(4 + s), StandardCharsets.US_ASCII));
                }
            }
        }
    }

    @Test
    void closingDeletesTheTemporaryDirectory() {
        Dataset ds = Dataset.dummy();
        Path root = ds.path().getParent();
        assertTrue(Files.isDirectory(root));
        ds.close();
        assertFalse(Files.exists(root), root + " is deleted");
        ds.close();
    }
}
