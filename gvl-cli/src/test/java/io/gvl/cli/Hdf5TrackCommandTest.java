package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.WritableGroup;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code --hdf5-track} on write (a file with a group per sample) and update (a sample table) store equal tracks. */
class Hdf5TrackCommandTest {
    @TempDir
    Path tmp;

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(new StringWriter(), true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void writeFromGroupsAndUpdateFromTableStoreTheSameIntervals() throws Exception {
        SplittableRandom rng = new SplittableRandom(4);
        Path h5 = tmp.resolve("cov.h5");
        try (WritableHdfFile f = HdfFile.write(h5)) {
            for (String sample : new String[] {"x", "y"}) {
                WritableGroup g = f.putGroup(sample);
                for (String contig : new String[] {"chr1", "chr2"}) {
                    float[] v = new float[2000];
                    for (int i = 0; i < v.length; i += 10) {
                        java.util.Arrays.fill(v, i, i + 10, rng.nextInt(3));
                    }
                    g.putDataset(contig, v);
                }
            }
        }
        Path bed = tmp.resolve("r.bed");
        Files.writeString(bed, "chr1\t100\t300\nchr2\t1500\t1990\nchr1\t0\t50\n");
        Path table = tmp.resolve("cov.tsv");
        Files.writeString(table, "sample\tpath\tgroup\ny\tcov.h5\ty\nx\tcov.h5\t/x\n");
        Path ds = tmp.resolve("ds");
        assertEquals(0, run("write", ds.toString(), "--bed", bed.toString(), "--hdf5-track", "a=" + h5,
                "--max-jitter", "5"), err.toString());
        assertEquals(0, run("update", ds.toString(), "--hdf5-track", "b=" + table), err.toString());
        for (String f : new String[] {"starts.npy", "ends.npy", "values.npy", "offsets.npy"}) {
            assertArrayEquals(Files.readAllBytes(ds.resolve("intervals/a/" + f)),
                    Files.readAllBytes(ds.resolve("intervals/b/" + f)), f);
        }
        assertEquals(1, run("update", ds.toString(), "--hdf5-track", "c=" + tmp.resolve("nope.tsv")));
        assertTrue(err.toString().contains("gvl update:") && err.toString().contains("nope.tsv"), err.toString());
    }
}
