package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.Regions;
import io.gvl.format.VariantTable;
import io.gvl.format.io.DatasetFiles;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.format.io.VariantTableFile;
import io.gvl.testing.Stored;
import io.gvl.testkit.Oracle;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real reference and sites with 16 synthetic phased samples: the dataset written through gvl-io's VCF reader holds,
 * per (region, sample, haplotype), exactly the ALT calls that {@code bcftools query -r} reports for the stored
 * window, plus only extension variants past the window on haplotypes that carry a deletion.
 */
class RealDataWriteTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SET = DATA.resolve("real-derived/vg-z-synth16");
    static final Path VCF = SET.resolve("z_synth16.norm.vcf.gz");

    @TempDir
    static Path tmp;
    static Path dataset;
    static BcftoolsVariants oracle;

    @BeforeAll
    static void write() {
        dataset = tmp.resolve("z.gvl");
        oracle = new BcftoolsVariants(VCF);
        Gvl.write(dataset, WriteOptions.builder(SET.resolve("regions.bed")).variants(VCF)
                .reference(DATA.resolve("real/vg-1mb1kgp/z.fa")).build());
    }

    @Test
    void datasetOpensWithSixteenSamplesAndTwentyFourRegions() {
        DatasetMetadata m = MetadataFile.read(DatasetLayout.metadata(dataset));
        assertEquals(16, m.samples().size());
        assertEquals(24, m.nRegions());
        try (DatasetFiles files = DatasetFiles.open(dataset)) {
            files.verify();
        }
        VariantTable t = VariantTableFile.read(DatasetLayout.genotypes(dataset).resolve(DatasetLayout.VARIANTS));
        VariantTable fixture = VariantTableFile.read(DATA.resolve("arrow/vg-z-synth16/variants.arrow"));
        assertArrayEquals(fixture.pos(), t.pos());
        assertArrayEquals(fixture.ref(), t.ref());
        assertArrayEquals(fixture.alt(), t.alt());
        assertArrayEquals(fixture.ilen(), t.ilen());
    }

    @Test
    void storedVariantsEqualBcftoolsWindowCalls() throws IOException {
        DatasetMetadata m = MetadataFile.read(DatasetLayout.metadata(dataset));
        Regions regions = RegionsFile.read(dataset.resolve(DatasetLayout.REGIONS));
        Stored.Genotypes g = Stored.genotypes(dataset);
        VariantTable t = oracle.variants();
        int nS = m.samples().size();
        int[] inputEnd = inputEnds(regions);
        for (int r = 0; r < regions.size(); r++) {
            String window = "z:" + (regions.start(r) + 1) + "-" + inputEnd[r];
            String[] lines = Oracle.BCFTOOLS.run(List.of("query", "-r", window, "-f",
                    "%POS\\t%REF\\t%ALT[\\t%GT]\\n", VCF.toString())).split("\n");
            for (int s = 0; s < nS; s++) {
                int fileSample = oracle.samples().indexOf(m.samples().get(s));
                for (int h = 0; h < 2; h++) {
                    List<String> expected = new ArrayList<>();
                    for (String line : lines) {
                        if (!line.isEmpty()) {
                            String[] f = line.split("\t");
                            if (f[3 + fileSample].split("[|/]")[h].equals("1")) {
                                expected.add(f[0] + ":" + f[1] + ">" + f[2]);
                            }
                        }
                    }
                    List<String> inside = new ArrayList<>();
                    boolean deletion = false;
                    for (int v : g.slot(((long) r * nS + s) * 2 + h)) {
                        String id = t.pos()[v] + ":" + t.ref()[v] + ">" + t.alt()[v];
                        if (t.pos()[v] - 1 < inputEnd[r]) {
                            inside.add(id);
                            deletion |= t.ilen()[v] < 0;
                        } else {
                            assertTrue(deletion, "region " + r + " hap " + s + "/" + h + " extends past its window"
                                    + " with " + id + " without carrying a deletion");
                            assertTrue(oracle.carries(v, fileSample, h), id + " is not carried");
                        }
                    }
                    assertEquals(expected, inside, "region " + r + " (" + window + ") sample " + m.samples().get(s)
                            + " hap " + h);
                }
            }
        }
    }

    @Test
    void storedListsFollowTheCanonicalRule() {
        SyntheticFixtureWriteTest.checkCanonical(dataset, oracle, true);
    }

    /** Input window ends in sorted order (the BED is already sorted and unjittered here). */
    private static int[] inputEnds(Regions regions) throws IOException {
        List<String> bed = Files.readAllLines(SET.resolve("regions.bed"));
        int[] out = new int[regions.size()];
        for (int r = 0; r < out.length; r++) {
            out[r] = Integer.parseInt(bed.get(r).split("\t")[2]);
        }
        return out;
    }
}
