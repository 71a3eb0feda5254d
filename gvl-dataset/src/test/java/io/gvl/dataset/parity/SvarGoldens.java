package io.gvl.dataset.parity;

import io.gvl.io.fasta.Reference;
import io.gvl.testing.TestFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The datasets and genoray stores GenVarLoader 0.43.1 wrote for the store tests ({@code gvl043/svar}) and the
 * reference they were written on, opened once per test class (its cache in the class's temporary directory).
 */
abstract class SvarGoldens {
    static final Path Z_FASTA = Path.of(System.getProperty("gvl.shared.data")).resolve("real/vg-1mb1kgp/z.fa");

    @TempDir
    static Path tmp;
    static Path goldens;
    static Reference z;

    @BeforeAll
    static void openGoldens() {
        goldens = TestFiles.gvl043("svar");
        z = Reference.open(Z_FASTA, tmp.resolve("cache"));
    }

    @AfterAll
    static void closeReference() {
        z.close();
    }
}
