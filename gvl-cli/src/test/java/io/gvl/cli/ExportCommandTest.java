package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.testing.SyntheticDataset;
import io.jhdf.HdfFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code gvl export}: the file holds the selected instances exactly as the Dataset API returns them. */
class ExportCommandTest {
    static final int LENGTH = 30;

    @TempDir
    Path tmp;

    private final StringWriter err = new StringWriter();
    private final StringWriter out = new StringWriter();
    private Path dir;
    private Path fasta;

    @BeforeEach
    void dataset() throws Exception {
        SyntheticDataset t = new SyntheticDataset(8, 0);
        dir = t.writeDataset(tmp.resolve("ds"));
        fasta = t.writeFasta(tmp);
    }

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void selectedHaplotypesAndTracksEqualTheDatasetOutputs() throws Exception {
        Path h5 = tmp.resolve("x.h5");
        assertEquals(0, run("export", dir.toString(), "--reference", fasta.toString(), "--hdf5", h5.toString(),
                "--length", String.valueOf(LENGTH), "--regions", "0,2-3", "--samples", "c,a"), err.toString());
        assertTrue(out.toString().contains("6 instances written"), out.toString());
        int[] regions = {0, 0, 2, 2, 3, 3};
        int[] samples = {2, 0, 2, 0, 2, 0};
        try (Dataset ds = Dataset.open(dir, fasta);
             DatasetOutput want = ds.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov")
                     .withLen(OutputLength.fixed(LENGTH)).get(regions, samples);
             HdfFile file = new HdfFile(h5)) {
            int[] seq = (int[]) file.getDatasetByPath("/sequences").getDataFlat();
            byte[] bytes = ((Dense) want.sequences()).data().toArray(ValueLayout.JAVA_BYTE);
            assertEquals(bytes.length, seq.length);
            for (int i = 0; i < seq.length; i++) {
                assertEquals(bytes[i], (byte) seq[i], "byte " + i);
            }
            assertArrayEquals(((Dense) want.tracks()).data().toArray(ValueLayout.JAVA_FLOAT_UNALIGNED),
                    (float[]) file.getDatasetByPath("/tracks").getDataFlat());
            assertArrayEquals(new String[] {"c", "a", "c", "a", "c", "a"},
                    (String[]) file.getDatasetByPath("/sample").getDataFlat());
            assertArrayEquals(new int[] {0, 0, 2, 2, 3, 3}, (int[]) file.getDatasetByPath("/region").getDataFlat());
        }
    }

    @Test
    void oneHotReferenceWithoutTracks() throws Exception {
        Path h5 = tmp.resolve("ref.h5");
        assertEquals(0, run("export", dir.toString(), "--reference", fasta.toString(), "--hdf5", h5.toString(),
                "--length", String.valueOf(LENGTH), "--seqs", "reference", "--tracks", "none", "--samples", "b",
                "--encoding", "onehot"), err.toString());
        try (HdfFile file = new HdfFile(h5)) {
            assertArrayEquals(new int[] {8, LENGTH, 4}, file.getDatasetByPath("/sequences").getDimensions());
            assertFalse(file.getChildren().containsKey("tracks"));
            assertEquals("onehot", file.getAttribute("encoding").getData());
        }
    }

    @Test
    void tracksOnlyNeedNoReference() throws Exception {
        Path h5 = tmp.resolve("t.h5");
        assertEquals(0, run("export", dir.toString(), "--hdf5", h5.toString(), "--length", String.valueOf(LENGTH),
                "--seqs", "none"), err.toString());
        try (HdfFile file = new HdfFile(h5)) {
            assertArrayEquals(new int[] {24, 1, LENGTH}, file.getDatasetByPath("/tracks").getDimensions());
            assertFalse(file.getChildren().containsKey("sequences"));
        }
    }

    @Test
    void fixableErrorsExitWithOneLine() throws Exception {
        Path h5 = tmp.resolve("e.h5");
        String len = String.valueOf(LENGTH);
        assertEquals(1, run("export", dir.toString(), "--hdf5", h5.toString(), "--length", len));
        assertTrue(err.toString().contains("gvl export: --seqs haplotypes needs --reference"), err.toString());
        assertEquals(1, run("export", dir.toString(), "--reference", fasta.toString(), "--hdf5", h5.toString(),
                "--length", len, "--encoding", "hex"));
        assertTrue(err.toString().contains("--encoding must be bytes or onehot"), err.toString());
        assertEquals(1, run("export", dir.toString(), "--reference", fasta.toString(), "--hdf5", h5.toString(),
                "--length", len, "--max-bytes", "1k"));
        assertTrue(err.toString().contains("--max-bytes"), err.toString());
        assertFalse(Files.exists(h5));
        Files.writeString(h5, "keep");
        assertEquals(1, run("export", dir.toString(), "--reference", fasta.toString(), "--hdf5", h5.toString(),
                "--length", len));
        assertTrue(err.toString().contains("already exists"), err.toString());
        assertEquals(0, run("export", dir.toString(), "--reference", fasta.toString(), "--hdf5", h5.toString(),
                "--length", len, "--overwrite"), err.toString());
    }
}
