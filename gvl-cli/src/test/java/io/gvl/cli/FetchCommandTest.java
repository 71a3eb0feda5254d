package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testing.SyntheticDataset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gvl fetch} and {@code gvl inspect} on a seeded dataset, checked against its oracle. */
class FetchCommandTest {
    @TempDir
    Path tmp;

    private CliRun last;

    private int run(String... args) {
        last = CliRun.of(args);
        return last.exitCode();
    }

    @Test
    void haplotypesAsFastaInRegionSampleHaplotypeOrder() throws Exception {
        SyntheticDataset t = new SyntheticDataset(5, 0);
        Path dir = t.writeDataset(tmp.resolve("ds"));
        Path fa = t.writeFasta(tmp);
        Path outFile = tmp.resolve("haps.fa");
        int code = run("fetch", dir.toString(), "--reference", fa.toString(), "--regions", "0,2-3", "--samples",
                "c,a", "--out", outFile.toString(), "--batch", "3");
        assertEquals(0, code, last.err());
        List<String> lines = Files.readAllLines(outFile);
        List<String> want = new ArrayList<>();
        for (int region : new int[] {0, 2, 3}) {
            SyntheticDataset.Region g = t.inputRegion(region);
            for (String sample : new String[] {"c", "a"}) {
                int s = SyntheticDataset.SAMPLES.indexOf(sample);
                for (int h = 0; h < 2; h++) {
                    want.add(">" + region + "|" + SyntheticDataset.CONTIGS.get(g.contig()) + ":" + g.start() + "-"
                            + g.end() + "|" + (g.strand() == 1 ? "+" : "-") + "|" + sample + "|hap" + h);
                    String seq = t.haplotype(t.diskRow(region), s, h, g.start(), g.end());
                    want.add(g.strand() == 1 ? seq : SyntheticDataset.reverseComplement(seq));
                }
            }
        }
        assertEquals(want, lines);
        try (var left = Files.list(tmp)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().contains(".tmp.")), "temporary file left");
        }
    }

    @Test
    void outIntoAMissingDirectoryOrAFailedFetchLeavesNothing() throws Exception {
        SyntheticDataset t = new SyntheticDataset(5, 0);
        Path dir = t.writeDataset(tmp.resolve("ds"));
        Path fa = t.writeFasta(tmp);
        Path missing = tmp.resolve("no/such/dir/haps.fa");
        assertEquals(1, run("fetch", dir.toString(), "--reference", fa.toString(), "--out", missing.toString()));
        assertTrue(last.err().contains(missing.toString()) && last.err().contains("does not exist")
                && last.err().contains(tmp.resolve("no/such/dir").toString()), last.err());
        assertTrue(!last.err().contains("\tat "), "no stack trace: " + last.err());
        Path out = tmp.resolve("bad.fa");
        assertEquals(1, run("fetch", dir.toString(), "--reference", fa.toString(), "--length", "nope", "--out",
                out.toString()));
        assertTrue(!Files.exists(out), "nothing at the destination");
        try (var left = Files.list(tmp)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().contains(".tmp.")), "temporary file left");
        }
    }

    @Test
    void referenceModeWritesOneRecordPerRegionAndNoRcKeepsThePlusStrand() throws Exception {
        SyntheticDataset t = new SyntheticDataset(6, 0);
        Path dir = t.writeDataset(tmp.resolve("ds"));
        Path fa = t.writeFasta(tmp);
        assertEquals(0, run("fetch", dir.toString(), "--reference", fa.toString(), "--seqs", "reference", "--no-rc"),
                last.err());
        List<String> lines = last.out().lines().toList();
        assertEquals(2 * t.disk.size(), lines.size());
        for (int i = 0; i < t.disk.size(); i++) {
            SyntheticDataset.Region g = t.inputRegion(i);
            assertTrue(lines.get(2 * i).startsWith(">" + i + "|"), lines.get(2 * i));
            assertEquals(t.reference(g.contig(), g.start(), g.end()), lines.get(2 * i + 1));
        }
    }

    @Test
    void fixedLengthRowsAndBadOptionsAreClearErrors() throws Exception {
        SyntheticDataset t = new SyntheticDataset(7, 0);
        Path dir = t.writeDataset(tmp.resolve("ds"));
        Path fa = t.writeFasta(tmp);
        assertEquals(0, run("fetch", dir.toString(), "--reference", fa.toString(), "--length", "25"), last.err());
        last.out().lines().filter(l -> !l.startsWith(">")).forEach(l -> assertEquals(25, l.length()));
        assertEquals(1, run("fetch", dir.toString(), "--reference", fa.toString(), "--samples", "zed"));
        assertTrue(last.err().contains("unknown sample 'zed'"), last.err());
        assertEquals(1, run("fetch", dir.toString(), "--reference", fa.toString(), "--regions", "99"));
        assertTrue(last.err().contains("region index 99"), last.err());
        assertEquals(1, run("fetch", dir.toString(), "--reference", fa.toString(), "--jitter", "3"));
        assertTrue(last.err().contains("max_jitter"), last.err());
    }

    @Test
    void annotatedModeWritesTheAnnotationTable() throws Exception {
        SyntheticDataset t = new SyntheticDataset(8, 0);
        Path dir = t.writeDataset(tmp.resolve("ds"));
        Path fa = t.writeFasta(tmp);
        Path tsv = tmp.resolve("ann.tsv");
        assertEquals(0, run("fetch", dir.toString(), "--reference", fa.toString(), "--seqs", "annotated",
                "--regions", "1", "--samples", "b", "--annotations", tsv.toString()), last.err());
        List<String> rows = Files.readAllLines(tsv);
        assertEquals(2, rows.size());
        SyntheticDataset.Region g = t.inputRegion(1);
        int[][] ann = t.annotations(t.diskRow(1), 1, 0, g.start(), g.end());
        String[] cols = rows.get(0).split("\t");
        assertEquals(ann.length, cols[1].split(",").length);
        int first = g.strand() == 1 ? ann[0][1] : ann[ann.length - 1][1];
        assertEquals(String.valueOf(first), cols[2].split(",")[0]);
    }

    @Test
    void inspectSummarizesTheDataset() throws Exception {
        SyntheticDataset t = new SyntheticDataset(9, 2);
        Path dir = t.writeDataset(tmp.resolve("ds"));
        assertEquals(0, run("inspect", dir.toString()), last.err());
        String text = last.out();
        assertTrue(text.contains("regions        8 on 2 contigs [chr1, chr2]"), text);
        assertTrue(text.contains("samples        3 [a, b, c]"), text);
        assertTrue(text.contains("ploidy         2"), text);
        assertTrue(text.contains("max jitter     2"), text);
        assertTrue(text.contains("track          cov (per sample)"), text);
        assertTrue(text.contains("format         2.0.0"), text);
        assertEquals(1, run("inspect", tmp.resolve("nope").toString()));
        assertTrue(last.err().startsWith("gvl inspect: "), last.err());
    }

    @Test
    void inspectNamesTheLinkedStoreOfSvarAndSvar2Datasets() {
        Path svar = io.gvl.testing.TestFiles.gvl043("svar");
        assertEquals(0, run("inspect", svar.resolve("ds_svar").toString()), last.err());
        assertTrue(last.out().contains("genotypes      in the linked .svar store " + svar.resolve("ds_svar/../z.svar")
                .normalize() + " (4715 variants, 36840 calls of 16 samples); 768 (region, sample, haplotype) slots"),
                last.out());
        assertEquals(0, run("inspect", svar.resolve("ds_svar2").toString()), last.err());
        assertTrue(last.out().contains("ploidy         2") && last.out().contains(
                "genotypes      in the linked .svar2 store " + svar.resolve("ds_svar2/../z.svar2").normalize()),
                last.out());
    }
}
