package io.gvl.core.concat;

import io.gvl.core.Gvl;
import io.gvl.format.DatasetConcat.Axis;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * gvl's concat of GVL-written inputs equals GenVarLoader 0.43.1's concat of the same inputs
 * ({@code tools/goldens/gvl043/gen_concat.py}): along regions with interleaving inputs and along samples, with
 * genotypes alone and with a sample track and an annotation track. Every NPY file, the variant table and
 * metadata.json are compared byte for byte; input_regions.arrow by content, since GVL's Arrow bytes depend on
 * polars.
 */
class ConcatGoldenTest {
    @TempDir
    static Path tmp;
    static Path goldens;

    @BeforeAll
    static void copy() throws IOException, URISyntaxException {
        goldens = tmp.resolve("goldens");
        ConcatFiles.copyTree(Path.of(ConcatGoldenTest.class.getResource("/gvl043/concat").toURI()), goldens);
    }

    @ParameterizedTest(name = "{0} = concat({1}, {2}) along {3}")
    @CsvSource({"demo_regions, demo_r0, demo_r1, regions", "demo_samples, demo_s0, demo_s1, samples",
        "syn_regions, syn_r0, syn_r1, regions", "syn_samples, syn_s0, syn_s1, samples"})
    void joinEqualsGenVarLoaders(String expected, String first, String second, String axis) throws IOException {
        Path out = tmp.resolve("out-" + expected);
        Gvl.concat(out, List.of(goldens.resolve(first), goldens.resolve(second)), Axis.parse(axis), false, 1 << 30);
        ConcatFiles.assertSameDataset(goldens.resolve(expected), out);
    }
}
