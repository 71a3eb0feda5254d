package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.dataset.Dataset;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import io.gvl.testkit.Oracle;
import io.gvl.write.spec.WriteProgress;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Option parsing traps: {@code @file} after a space, progress bar endings, header styles, {@code gvl cache}. */
class CliOptionsTest {
    static final Path SYN = Path.of(System.getProperty("gvl.shared.data")).resolve("gvl-fixtures/synthetic");

    @TempDir
    Path tmp;

    private Path names(String... lines) throws Exception {
        return Files.write(tmp.resolve("names-" + lines.length + ".txt"), List.of(lines));
    }

    private List<String> writtenSamples(String... samplesArgs) throws Exception {
        Path ds = tmp.resolve("ds-" + String.join("", samplesArgs).hashCode());
        List<String> args = new java.util.ArrayList<>(List.of("write", ds.toString(), "--bed",
                SYN.resolve("regions.bed").toString(), "--vcf", SYN.resolve("filtered.vcf.gz").toString()));
        args.addAll(List.of(samplesArgs));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r.err());
        try (Dataset d = Dataset.open(ds)) {
            return d.samples();
        }
    }

    @Test
    void samplesAtFileWorksWithASpaceAndWithAnEqualsSign() throws Exception {
        Path file = names("s2", "", " s0 "); // kept in the VCF's order, as GVL does
        assertEquals(List.of("s0", "s2"), writtenSamples("--samples", "@" + file));
        assertEquals(List.of("s0", "s2"), writtenSamples("--samples=@" + file));
    }

    @Test
    void fetchTakesSamplesFromAFileAndOffersSamtoolsHeaders() throws Exception {
        SyntheticDataset t = new SyntheticDataset(5, 0);
        Path dir = t.writeDataset(tmp.resolve("ds"));
        Path fa = t.writeFasta(tmp);
        Path file = names("c", "a");
        CliRun bed = CliRun.of("fetch", dir.toString(), "--reference", fa.toString(), "--regions", "1",
                "--samples", "@" + file);
        assertEquals(0, bed.exitCode(), bed.err());
        SyntheticDataset.Region g = t.inputRegion(1);
        String chrom = SyntheticDataset.CONTIGS.get(g.contig());
        String strand = g.strand() == 1 ? "+" : "-";
        List<String> headers = bed.out().lines().filter(l -> l.startsWith(">")).toList();
        assertEquals(List.of(">1|" + chrom + ":" + g.start() + "-" + g.end() + "|" + strand + "|c|hap0",
                ">1|" + chrom + ":" + g.start() + "-" + g.end() + "|" + strand + "|c|hap1",
                ">1|" + chrom + ":" + g.start() + "-" + g.end() + "|" + strand + "|a|hap0",
                ">1|" + chrom + ":" + g.start() + "-" + g.end() + "|" + strand + "|a|hap1"), headers);

        CliRun sam = CliRun.of("fetch", dir.toString(), "--reference", fa.toString(), "--regions", "1",
                "--samples", "@" + file, "--header-style", "samtools");
        assertEquals(0, sam.exitCode(), sam.err());
        assertEquals(headers.stream().map(h -> h.replace(":" + g.start() + "-", ":" + (g.start() + 1) + "-")).toList(),
                sam.out().lines().filter(l -> l.startsWith(">")).toList());
        assertEquals(bed.out().lines().filter(l -> !l.startsWith(">")).toList(),
                sam.out().lines().filter(l -> !l.startsWith(">")).toList(), "only headers change");

        CliRun bad = CliRun.of("fetch", dir.toString(), "--reference", fa.toString(), "--header-style", "ucsc");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().contains("bed") && bad.err().contains("samtools"), bad.err());
    }

    @Test
    void samtoolsHeadersAreWhatSamtoolsFaidxReads() throws Exception {
        Oracle.SAMTOOLS.require();
        SyntheticDataset t = new SyntheticDataset(9, 0);
        Path dir = t.writeDataset(tmp.resolve("ds"));
        Path fa = t.writeFasta(tmp);
        CliRun r = CliRun.of("fetch", dir.toString(), "--reference", fa.toString(), "--seqs", "reference", "--no-rc",
                "--header-style", "samtools");
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = r.out().lines().toList();
        for (int i = 0; i < lines.size(); i += 2) {
            String region = lines.get(i).split("\\|")[1];
            String want = String.join("", Oracle.SAMTOOLS.run("faidx", fa.toString(), region).lines()
                    .skip(1).toList());
            assertEquals(want, lines.get(i + 1), region);
        }
    }

    @Test
    void aDrawnProgressBarEndsWithANewlineOnStandardError() {
        StringWriter err = new StringWriter();
        WriteCommand.ProgressPrinter p = new WriteCommand.ProgressPrinter(new PrintWriter(err, true), true);
        p.report(WriteProgress.Stage.GENOTYPES, 1, 2, 1024);
        p.report(WriteProgress.Stage.GENOTYPES, 2, 2, 2048);
        assertFalse(err.toString().endsWith("\n"), "a bar is redrawn in place while it runs");
        p.finish();
        assertTrue(err.toString().endsWith("regions, 0.0 MiB\n"), err.toString());
        p.finish();
        assertEquals(1, err.toString().chars().filter(c -> c == '\n').count(), "finishing twice adds nothing");

        CliRun r = CliRun.of("write", tmp.resolve("p.gvl").toString(), "--bed", SYN.resolve("regions.bed").toString(),
                "--vcf", SYN.resolve("filtered.vcf.gz").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(tmp.resolve("p.gvl") + ": written\n", r.out(), "progress never goes to standard output");
        assertEquals("", r.err(), "off a terminal no progress is drawn (it is an INFO line, shown with -v)");
    }

    @Test
    void cacheListShowsEntriesAndClearRemovesThem() throws Exception {
        SyntheticDataset t = new SyntheticDataset(3, 0);
        Path fa = t.writeFasta(tmp);
        Path cache = tmp.resolve("cache");
        try (Reference ref = Reference.open(fa, cache)) {
            assertTrue(ref.cacheFile().isPresent());
        }
        CliRun list = CliRun.of("cache", "list", "--dir", cache.toString());
        assertEquals(0, list.exitCode(), list.err());
        List<String> lines = list.out().lines().toList();
        assertEquals(2, lines.size(), list.out());
        assertTrue(lines.get(0).startsWith("# " + cache.toAbsolutePath() + ": 1 entry, "), lines.get(0));
        String[] cols = lines.get(1).split("\t");
        assertEquals(4, cols.length, lines.get(1));
        assertEquals(fa.toAbsolutePath().toString(), cols[2]);
        assertTrue(cols[3].endsWith(".gvlref"), cols[3]);

        CliRun clear = CliRun.of("cache", "clear", "--dir", cache.toString());
        assertEquals(0, clear.exitCode(), clear.err());
        assertTrue(clear.out().contains("removed 1 entry"), clear.out());
        CliRun empty = CliRun.of("cache", "list", "--dir", cache.toString());
        assertEquals(1, empty.out().lines().count(), empty.out());
        assertTrue(empty.out().contains(": 0 entries"), empty.out());
    }
}
