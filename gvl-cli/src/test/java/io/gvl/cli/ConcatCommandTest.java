package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testing.DirectoryCopy;
import io.gvl.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gvl concat} on GenVarLoader-written goldens: GVL's bytes on success, exit code 1 and one line on refusal. */
class ConcatCommandTest {
    @TempDir
    Path tmp;
    Path goldens;

    @BeforeEach
    void copy() throws IOException {
        goldens = tmp.resolve("goldens");
        DirectoryCopy.copyTree(TestFiles.gvl043("concat"), goldens);
    }

    @Test
    void joinsAlongSamplesAsGenVarLoaderDoes() throws IOException {
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("concat", out.toString(), goldens.resolve("syn_s0").toString(),
                goldens.resolve("syn_s1").toString(), "--axis", "samples", "--max-mem", "64m");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("joined 2 datasets along samples"), r.out());
        for (String f : new String[] {"metadata.json", "regions.npy", "genotypes/offsets.npy",
            "genotypes/variant_idxs.npy", "intervals/bw/offsets.npy", "intervals/bw/values.npy"}) {
            assertArrayEquals(Files.readAllBytes(goldens.resolve("syn_samples").resolve(f)),
                    Files.readAllBytes(out.resolve(f)), f);
        }
        CliRun again = CliRun.of("concat", out.toString(), goldens.resolve("syn_s0").toString(),
                goldens.resolve("syn_s1").toString(), "--axis", "samples");
        assertEquals(1, again.exitCode());
        assertTrue(again.err().contains("--overwrite"), again.err());
    }

    @Test
    void refusalIsOneLineNamingTheInput() {
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("concat", out.toString(), goldens.resolve("demo_s0").toString(),
                goldens.resolve("demo_s1").toString(), "--axis", "regions");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().startsWith("gvl concat: "), r.err());
        assertTrue(r.err().contains(goldens.resolve("demo_s1").toString()), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void anUnknownAxisIsRefused() {
        CliRun r = CliRun.of("concat", tmp.resolve("out").toString(), goldens.resolve("demo_r0").toString(),
                goldens.resolve("demo_r1").toString(), "--axis", "variants");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("axis must be 'regions' or 'samples'"), r.err());
    }
}
