package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --table}, {@code --table-column} and table {@code --annot} on write and update: the tracks equal GVL
 * 0.43.1's arrays (gvl-core's goldens) and an unknown sample on update is refused naming the row.
 */
class TableTrackCommandTest {
    static final Path SYN = BadInputFixture.SYN;
    static final Path TABLES = BadInputFixture.TABLES;

    @TempDir
    Path tmp;

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(new StringWriter(), true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private static void assertGolden(Path golden, Path written) throws Exception {
        for (String f : new String[] {"starts.npy", "ends.npy", "values.npy", "offsets.npy"}) {
            assertArrayEquals(Files.readAllBytes(golden.resolve(f)), Files.readAllBytes(written.resolve(f)), f);
        }
    }

    @Test
    void writeAndUpdateStoreGvlArrays() throws Exception {
        String[] map = {"--table-column", "sample_id=sample", "--table-column", "chrom=chr", "--table-column",
            "start=from", "--table-column", "end=to", "--table-column", "value=signal"};
        Path ds = tmp.resolve("w.gvl");
        String[] write = {"write", ds.toString(), "--bed", SYN.resolve("regions.bed").toString(), "--vcf",
            SYN.resolve("filtered.vcf.gz").toString(), "--max-jitter", "4", "--table",
            "tbl=" + TABLES.resolve("table.parquet"), "--annot", "annot=" + TABLES.resolve("annot.arrow")};
        assertEquals(0, run(concat(write, map)), err.toString());
        assertGolden(TABLES.resolve("intervals/tbl"), ds.resolve("intervals/tbl"));
        assertGolden(TABLES.resolve("annot_intervals/annot"), ds.resolve("annot_intervals/annot"));

        Path bare = tmp.resolve("u.gvl");
        assertEquals(0, run("write", bare.toString(), "--bed", SYN.resolve("regions.bed").toString(), "--vcf",
                SYN.resolve("filtered.vcf.gz").toString(), "--max-jitter", "4"), err.toString());
        assertEquals(0, run(concat(new String[] {"update", bare.toString(), "--table",
            "tbl=" + TABLES.resolve("exact.arrow")}, map)), err.toString());
        assertGolden(TABLES.resolve("intervals/tbl"), bare.resolve("intervals/tbl"));

        assertEquals(1, run(concat(new String[] {"update", bare.toString(), "--table",
            "t2=" + TABLES.resolve("table.csv")}, map)));
        assertTrue(err.toString().contains("table.csv") && err.toString().contains("[sx]")
                && err.toString().contains("line "), err.toString());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
