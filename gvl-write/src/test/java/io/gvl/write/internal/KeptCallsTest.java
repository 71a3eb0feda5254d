package io.gvl.write.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.VariantTable;
import io.gvl.testkit.AwkwardVcf;
import io.gvl.testkit.Oracle;
import io.gvl.testkit.Seeds;
import io.gvl.write.spec.CarrierBlock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The calls a VCF or BCF source keeps from its table read ({@link VcfVariantSource#keepCalls}, {@link CarrierCache})
 * are the calls it reads from the file: on seeded cohorts with every awkward GT shape (plain, bgzipped and BCF), with
 * one and three table readers, for every sample and for a subset in another order, windows that keep some rows and
 * not others, and random runs of rows read in random passes of samples, the carriers equal those of a source that
 * keeps nothing, row for row. A call the genotype decode refuses leaves the source keeping nothing, its table whole.
 */
class KeptCallsTest {
    @TempDir
    static Path tmp;

    @BeforeAll
    static void needsTools() {
        Oracle.BCFTOOLS.require();
    }

    static Stream<Long> seeds() {
        return Seeds.range(1, 6);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void keptCallsAreTheCallsReadFromTheFile(long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        int samples = 40 + r.nextInt(200);
        Path dir = Files.createTempDirectory(tmp, "kept" + seed);
        AwkwardVcf.Files3 files = AwkwardVcf.write(dir, seed, samples, 600 + r.nextInt(900));
        int[] selection = r.nextBoolean() ? identity(samples) : shuffledSubset(r, samples);
        Map<String, int[]> windows = Map.of("c1", new int[] {r.nextInt(3000), 6000 + r.nextInt(4000),
            12_000, 12_000 + r.nextInt(8000)}, "c2", new int[] {0, 1 + r.nextInt(20_000)});
        for (Path input : List.of(files.plain(), files.bgzipped(), files.bcf())) {
            for (int threads : new int[] {1, 3}) {
                String where = input.getFileName() + ", " + threads + " readers, seed " + seed;
                try (VcfVariantSource kept = VcfVariantSource.open(input, List.of(), true);
                        VcfVariantSource file = VcfVariantSource.open(input, List.of(), true)) {
                    kept.readTableWith(threads);
                    kept.keepCalls(selection, dir, windows);
                    VariantTable table = kept.variants();
                    assertTrue(kept.keepsCalls(), where);
                    assertEquals(file.variants().size(), table.size(), where);
                    int n = table.size();
                    for (int trial = 0; trial < 60; trial++) {
                        int from = r.nextInt(n);
                        int to = from + 1 + r.nextInt(Math.min(300, n - from));
                        while (!table.chrom()[to - 1].equals(table.chrom()[from])) {
                            to--;
                        }
                        int s0 = r.nextInt(selection.length);
                        int s1 = s0 + 1 + r.nextInt(selection.length - s0);
                        int[] pass = Arrays.copyOfRange(selection, s0, s1);
                        assertSameCarriers(kept, file, from, to, pass, where + ", rows " + from + "-" + to
                                + ", samples " + s0 + "-" + s1);
                    }
                }
            }
        }
    }

    /** A pass that is not a run of the selection is read from the file, and reads the same. */
    @Test
    void aPassOutsideTheSelectionIsReadFromTheFile() throws IOException {
        Path dir = Files.createTempDirectory(tmp, "outside");
        AwkwardVcf.Files3 files = AwkwardVcf.write(dir, 7, 50, 400);
        try (VcfVariantSource kept = VcfVariantSource.open(files.bgzipped(), List.of(), true);
                VcfVariantSource file = VcfVariantSource.open(files.bgzipped(), List.of(), true)) {
            kept.keepCalls(new int[] {0, 2, 4, 6}, dir, Map.of("c1", new int[] {0, 1_000_000}));
            int n = kept.variants().size();
            assertTrue(kept.keepsCalls());
            assertSameCarriers(kept, file, 0, Math.min(100, n), new int[] {2, 4}, "a run of the selection");
            assertSameCarriers(kept, file, 0, Math.min(100, n), new int[] {2, 6}, "not a run");
            assertSameCarriers(kept, file, 0, Math.min(100, n), new int[] {1, 3, 5}, "other samples");
        }
    }

    /** A call the genotype decode refuses, in a record the sites accept: nothing kept, the table whole. */
    @Test
    void aRefusedCallKeepsNothing() throws IOException {
        Path vcf = Files.writeString(tmp.resolve("refused.vcf"), "##fileformat=VCFv4.2\n"
                + "##contig=<ID=c1,length=1000>\n##FORMAT=<ID=GT,Number=1,Type=String,Description=\"GT\">\n"
                + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB\n"
                + "c1\t10\t.\tA\tC\t.\t.\t.\tGT\t0|1\t1|1\n" + "c1\t20\t.\tA\tC\t.\t.\t.\tGT\t0|x\t0|0\n"
                + "c1\t30\t.\tA\tC\t.\t.\t.\tGT\t1|0\t0|0\n");
        try (VcfVariantSource kept = VcfVariantSource.open(vcf, List.of(), true)) {
            kept.keepCalls(new int[] {0, 1}, tmp, Map.of("c1", new int[] {0, 1000}));
            assertEquals(3, kept.variants().size());
            assertFalse(kept.keepsCalls());
            CarrierBlock block = new CarrierBlock(4);
            kept.carriers(0, 1, new int[] {0, 1}, block);
            assertArrayEquals(new int[] {1, 2, 3}, Arrays.copyOfRange(block.slots(), 0, block.carriers()));
            assertThrows(RuntimeException.class, () -> kept.carriers(1, 2, new int[] {0, 1}, new CarrierBlock(4)));
        }
    }

    /** The kept calls are closed with their source; closing twice is harmless. */
    @Test
    void keptCallsCloseWithTheirSource() throws IOException {
        Path dir = Files.createTempDirectory(tmp, "close");
        AwkwardVcf.Files3 files = AwkwardVcf.write(dir, 3, 20, 200);
        VcfVariantSource kept = VcfVariantSource.open(files.bgzipped(), List.of(), true);
        kept.keepCalls(identity(20), dir, Map.of("c1", new int[] {0, 1_000_000}));
        kept.variants();
        assertTrue(kept.keepsCalls());
        try (var listing = Files.list(dir)) {
            assertTrue(listing.noneMatch(p -> p.getFileName().toString().startsWith(".gvl-carriers-")),
                    "the spill file is unlinked while open");
        }
        kept.close();
        kept.close();
        assertThrows(IllegalStateException.class, () -> kept.carriers(0, 1, identity(20), new CarrierBlock(40)));
    }

    private static void assertSameCarriers(VcfVariantSource kept, VcfVariantSource file, int from, int to,
            int[] pass, String where) {
        CarrierBlock a = new CarrierBlock(pass.length * 2);
        CarrierBlock b = new CarrierBlock(pass.length * 2);
        kept.carriers(from, to, pass, a);
        file.carriers(from, to, pass, b);
        assertEquals(b.rows(), a.rows(), where);
        for (int row = 0; row < b.rows(); row++) {
            assertArrayEquals(Arrays.copyOfRange(b.slots(), b.start(row), b.end(row)),
                    Arrays.copyOfRange(a.slots(), a.start(row), a.end(row)), where + ", row " + (from + row));
        }
    }

    private static int[] identity(int n) {
        int[] out = new int[n];
        Arrays.setAll(out, i -> i);
        return out;
    }

    private static int[] shuffledSubset(SplittableRandom r, int n) {
        int[] all = identity(n);
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        return Arrays.copyOf(all, 1 + r.nextInt(n));
    }
}
