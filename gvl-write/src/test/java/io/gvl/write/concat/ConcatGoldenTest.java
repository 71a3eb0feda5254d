package io.gvl.write.concat;

import io.gvl.format.ConcatAxis;
import io.gvl.testing.DirectoryCopy;
import io.gvl.testing.TestFiles;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * gvl's concat of GVL-written inputs equals GenVarLoader 0.43.1's concat of the same inputs
 * ({@code tools/goldens/gvl043/gen_concat.py}): along regions with interleaving inputs and along samples, with
 * genotypes alone and with a sample track and an annotation track. Every NPY file, the variant table and
 * metadata.json are compared byte for byte; input_regions.arrow by content, since GVL's Arrow bytes depend on
 * polars. A mix of a GVL-written input and a gvl-written one (with GVL's variant index reused) joins as GVL joined
 * it ({@code tools/goldens/gvl043/gen_interchange.py}).
 */
class ConcatGoldenTest {
    @TempDir
    static Path tmp;
    static Path goldens;

    @BeforeAll
    static void copy() throws IOException, URISyntaxException {
        goldens = tmp.resolve("goldens");
        DirectoryCopy.copyTree(TestFiles.gvl043("concat"), goldens);
    }

    @ParameterizedTest(name = "{0} = concat({1}, {2}) along {3}")
    @CsvSource({"demo_regions, demo_r0, demo_r1, regions", "demo_samples, demo_s0, demo_s1, samples",
        "syn_regions, syn_r0, syn_r1, regions", "syn_samples, syn_s0, syn_s1, samples"})
    void joinEqualsGenVarLoaders(String expected, String first, String second, String axis) throws IOException {
        Path out = tmp.resolve("out-" + expected);
        Gvl.concat(out, List.of(goldens.resolve(first), goldens.resolve(second)), ConcatAxis.parse(axis), false, 1 << 30);
        ConcatFiles.assertSameDataset(goldens.resolve(expected), out);
    }

    @Test
    void aGvlAndAGvlWrittenInputJoinAsInGenVarLoader() throws IOException, URISyntaxException {
        Path interchange = tmp.resolve("interchange");
        DirectoryCopy.copyTree(TestFiles.gvl043("interchange"), interchange);
        Path demo = Path.of(System.getProperty("gvl.shared.data")).resolve("real-derived/vg-z-synth16");
        Path dir = Files.createDirectories(tmp.resolve("vcf"));
        Path vcf = Files.copy(demo.resolve("z_synth16.norm.vcf.gz"), dir.resolve("z_synth16.norm.vcf.gz"));
        Files.copy(demo.resolve("z_synth16.norm.vcf.gz.tbi"), dir.resolve("z_synth16.norm.vcf.gz.tbi"));
        Path gvi = Files.copy(interchange.resolve("seed_ds/genotypes/variants.arrow"),
                dir.resolve("z_synth16.norm.vcf.gz.gvi.zst"));
        Files.setLastModifiedTime(gvi, FileTime.fromMillis(Files.getLastModifiedTime(vcf).toMillis() + 10_000));
        Path bed = dir.resolve("next.bed");
        Files.write(bed, Files.readAllLines(demo.resolve("regions.bed")).subList(6, 12));
        Path ours = tmp.resolve("next_ds");
        Gvl.write(ours, WriteOptions.builder(bed).variants(vcf).maxJitter(16).reuseGvlIndex(true).build());

        Path out = tmp.resolve("mixed");
        Gvl.concat(out, List.of(interchange.resolve("seed_ds"), ours), ConcatAxis.REGIONS, false, 1 << 30);
        ConcatFiles.assertSameDataset(interchange.resolve("mixed_ds"), out);
    }
}
