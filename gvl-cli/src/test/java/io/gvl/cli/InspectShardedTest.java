package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.write.Gvl;
import io.gvl.write.PartWriter;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code gvl inspect} of a sharded root, whose calls and intervals stay in its shards, reports the calls, slots and
 * intervals of the single directory written from the same inputs (summed over the shards), and the grid.
 */
class InspectShardedTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));

    @TempDir
    Path tmp;

    @Test
    void aShardedRootReportsTheCountsOfTheSingleDirectory() throws IOException {
        Path bed = Files.writeString(tmp.resolve("r.bed"), "chr2\t995\t1012\nchr2\t1000\t1001\nchr2\t1015\t1100\n"
                + "chr2\t1050\t1200\nchr2\t1185\t1300\nchr2\t1100\t1102\n");
        Path annot = Files.writeString(tmp.resolve("a.bed"), "chr2\t990\t1003\tf0\t1\nchr2\t1090\t1190\tf1\t2\n"
                + "chr2\t1150\t1160\tf2\t3\n");
        WriteOptions o = WriteOptions.builder(bed).variants(DATA.resolve("pgen-examples/many.pgen"))
                .annotation(new AnnotationTrack("peaks", annot)).overwrite(true).build();
        Path single = tmp.resolve("single.gvl");
        Gvl.write(single, o);
        Path root = tmp.resolve("sharded.gvl");
        WritePlan plan = Gvl.plan(root, o, 4, 301);
        for (WritePlan.Part p : plan.parts()) {
            PartWriter.write(plan, p);
        }
        plan.publishSharded();

        List<String> want = counts(inspect(single));
        List<String> got = inspect(root);
        assertEquals(want, counts(got));
        assertTrue(want.stream().anyMatch(l -> l.startsWith("track          peaks (annotation), ")), want.toString());
        assertTrue(got.contains("sharded        8 shards (2 region blocks x 4 sample blocks) under shards/"),
                got.toString());
    }

    private static List<String> inspect(Path dir) {
        StringWriter out = new StringWriter();
        CommandLine cli = new CommandLine(new InspectCommand());
        cli.setOut(new PrintWriter(out));
        assertEquals(0, cli.execute(dir.toString()), out.toString());
        return out.toString().lines().toList();
    }

    private static List<String> counts(List<String> lines) {
        return lines.stream().filter(l -> l.startsWith("ploidy") || l.startsWith("genotypes")
                || l.startsWith("track")).toList();
    }
}
