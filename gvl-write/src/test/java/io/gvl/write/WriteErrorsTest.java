package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.DatasetExistsException;
import io.gvl.io.InputFormatException;
import io.gvl.testing.Stored;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WriteProgress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every rejected input gives one typed error naming the file, the record and the fix, and leaves no dataset. */
class WriteErrorsTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SYN = DATA.resolve("gvl-fixtures/synthetic");

    @TempDir
    Path tmp;

    private WriteOptions.Builder synthetic() {
        return WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("filtered.vcf.gz"));
    }

    private Path bed(String text) throws IOException {
        Path p = tmp.resolve("r" + text.hashCode() + ".bed");
        Files.writeString(p, text);
        return p;
    }

    private void assertNoDataset(Path dest) throws IOException {
        assertFalse(Files.exists(dest), dest + " exists");
        try (Stream<Path> s = Files.list(dest.getParent())) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().contains(".tmp.")), "a temporary build is left");
        }
    }

    @Test
    void multiallelicRecordsAreCountedAndNamed() throws IOException {
        Path dest = tmp.resolve("d.gvl");
        InputFormatException e = assertThrows(InputFormatException.class, () -> Gvl.write(dest,
                WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("source.vcf")).build()));
        assertTrue(e.getMessage().contains("source.vcf") && e.getMessage().contains("multi-allelic")
                && e.getMessage().contains("bcftools norm"), e.getMessage());
        assertNoDataset(dest);
    }

    @Test
    void symbolicRecordsAreRejected() throws IOException {
        Path vcf = DATA.resolve("real/bioc-variantannotation/structural.vcf");
        String contig = Files.readAllLines(vcf).stream().filter(l -> !l.startsWith("#")).findFirst().orElseThrow()
                .split("\t")[0];
        InputFormatException e = assertThrows(InputFormatException.class, () -> Gvl.write(tmp.resolve("d.gvl"),
                WriteOptions.builder(bed(contig + "\t0\t100\n")).variants(vcf).build()));
        assertTrue(e.getMessage().contains("structural.vcf") && e.getMessage().contains("symbolic"), e.getMessage());
    }

    @Test
    void contigMissingFromVariantsNamesBedLine() throws IOException {
        Path b = bed("chr1\t100\t200\nchr3\t5\t10\n");
        InputFormatException e = assertThrows(InputFormatException.class,
                () -> Gvl.write(tmp.resolve("d.gvl"), WriteOptions.builder(b).variants(SYN.resolve("filtered.vcf.gz"))
                        .build()));
        assertEquals(b, e.file());
        assertTrue(e.getMessage().contains("line 2") && e.getMessage().contains("chr3")
                && e.getMessage().contains("allow missing contigs"), e.getMessage());
        Gvl.write(tmp.resolve("ok.gvl"), WriteOptions.builder(b).variants(SYN.resolve("filtered.vcf.gz"))
                .allowMissingContigs(true).build());
        assertTrue(Files.exists(tmp.resolve("ok.gvl/metadata.json")));
    }

    @Test
    void contigMissingFromReferenceIsAnError() throws IOException {
        Path b = bed("chrQ\t1\t10\n");
        InputFormatException e = assertThrows(InputFormatException.class, () -> Gvl.write(tmp.resolve("d.gvl"),
                WriteOptions.builder(b).variants(SYN.resolve("filtered.vcf.gz")).reference(SYN.resolve("ref.fa.bgz"))
                        .build()));
        assertTrue(e.getMessage().contains("chrQ") && e.getMessage().contains("reference"), e.getMessage());
    }

    @Test
    void refMismatchWithTheReferenceIsRefusedUnlessTheCheckIsOff() throws IOException {
        Path real = DATA.resolve("real-derived/vg-z-synth16");
        String text;
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(real.resolve("z_synth16.norm.vcf.gz")))) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        List<String> lines = new java.util.ArrayList<>(List.of(text.split("\n")));
        int at = -1;
        for (int i = lines.size() / 2; i < lines.size(); i++) {
            String[] f = lines.get(i).split("\t");
            if (f[3].length() == 1 && f[4].length() == 1) {
                at = i;
                break;
            }
        }
        String[] f = lines.get(at).split("\t", -1);
        String trueRef = f[3];
        f[3] = f[4].equals("A") || trueRef.equals("A") ? (f[4].equals("C") || trueRef.equals("C") ? "G" : "C") : "A";
        lines.set(at, String.join("\t", f));
        Path vcf = tmp.resolve("edited.vcf");
        Files.writeString(vcf, String.join("\n", lines) + "\n");
        Path fasta = DATA.resolve("real/vg-1mb1kgp/z.fa");
        Path dest = tmp.resolve("d.gvl");
        WriteOptions.Builder b = WriteOptions.builder(real.resolve("regions.bed")).variants(vcf).reference(fasta);
        InputFormatException e = assertThrows(InputFormatException.class, () -> Gvl.write(dest, b.build()));
        assertEquals(vcf, e.file());
        for (String part : List.of("edited.vcf", "record z:" + f[1], "REF " + f[3], "which has " + trueRef,
                "bcftools norm -c", "--no-ref-check")) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' missing from: " + e.getMessage());
        }
        assertNoDataset(dest);
        Gvl.write(dest, b.refCheck(false).build());
        assertTrue(Files.exists(dest.resolve("metadata.json")));
        Gvl.write(tmp.resolve("plain.gvl"), WriteOptions.builder(real.resolve("regions.bed"))
                .variants(real.resolve("z_synth16.norm.vcf.gz")).reference(fasta).build());
        assertTrue(Files.exists(tmp.resolve("plain.gvl/metadata.json")), "a matching VCF passes the check");
    }

    @Test
    void noCommonSamplesAndUnknownSamples() {
        BigWigs other = new BigWigs("t", Map.of("a", SYN.resolve("bw_seed42/s0.bw")));
        WriteException none = assertThrows(WriteException.class,
                () -> Gvl.write(tmp.resolve("d.gvl"), synthetic().track(other).build()));
        assertTrue(none.getMessage().contains("No samples remain"), none.getMessage());
        WriteException unknown = assertThrows(WriteException.class,
                () -> Gvl.write(tmp.resolve("d.gvl"), synthetic().samples(List.of("s1", "zz")).build()));
        assertTrue(unknown.getMessage().contains("zz"), unknown.getMessage());
        assertThrows(WriteException.class, () -> Gvl.write(tmp.resolve("d.gvl"),
                WriteOptions.builder(SYN.resolve("regions.bed"))
                        .annotation(new AnnotationTrack("a", SYN.resolve("bw_seed42/s0.bw"))).build()));
    }

    @Test
    void badBedRowsNameTheLine() throws IOException {
        InputFormatException strand = assertThrows(InputFormatException.class, () -> Gvl.write(tmp.resolve("d.gvl"),
                WriteOptions.builder(bed("chr1\t1\t10\t.\t.\t+\nchr1\t1\t10\t.\t.\tx\n"))
                        .variants(SYN.resolve("filtered.vcf.gz")).build()));
        assertTrue(strand.getMessage().contains("line 2") && strand.getMessage().contains("strand"),
                strand.getMessage());
        InputFormatException coord = assertThrows(InputFormatException.class, () -> Gvl.write(tmp.resolve("d.gvl"),
                WriteOptions.builder(bed("chr1\tten\t20\n")).variants(SYN.resolve("filtered.vcf.gz")).build()));
        assertTrue(coord.getMessage().contains("line 1"), coord.getMessage());
        InputFormatException empty = assertThrows(InputFormatException.class, () -> Gvl.write(tmp.resolve("d.gvl"),
                WriteOptions.builder(bed("track name=x\n")).variants(SYN.resolve("filtered.vcf.gz")).build()));
        assertTrue(empty.getMessage().contains("No regions"), empty.getMessage());
    }

    @Test
    void missingBigWigAndDuplicateNames() {
        BigWigs broken = new BigWigs("t", Map.of("s0", SYN.resolve("bw_seed42/s0.bw"), "s1", tmp.resolve("no.bw")));
        InputFormatException e = assertThrows(InputFormatException.class,
                () -> Gvl.write(tmp.resolve("d.gvl"), synthetic().track(broken).build()));
        assertTrue(e.getMessage().contains("no.bw"), e.getMessage());
        BigWigs t = new BigWigs("t", Map.of("s0", SYN.resolve("bw_seed42/s0.bw")));
        assertThrows(WriteException.class, () -> Gvl.write(tmp.resolve("d.gvl"),
                synthetic().track(t).annotation(new AnnotationTrack("t", SYN.resolve("bw_seed42/s1.bw"))).build()));
    }

    @Test
    void existingDestinationNeedsOverwrite() throws IOException {
        Path dest = tmp.resolve("d.gvl");
        Gvl.write(dest, synthetic().build());
        SortedMap<String, byte[]> before = Stored.tree(dest);
        assertThrows(DatasetExistsException.class, () -> Gvl.write(dest, synthetic().build()));
        Gvl.write(dest, synthetic().maxJitter(3).overwrite(true).build());
        assertFalse(java.util.Arrays.equals(before.get("regions.npy"), Stored.tree(dest).get("regions.npy")));
    }

    @Test
    void failureMidWriteLeavesNoDatasetAndKeepsAnOldOne() throws IOException {
        Path dest = tmp.resolve("d.gvl");
        WriteOptions failing = WriteOptions.builder(SYN.resolve("regions.bed"))
                .variants(new BcftoolsVariants(SYN.resolve("filtered.vcf.gz"), 1)).threads(2).build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Gvl.write(dest, failing));
        assertTrue(e.getMessage().contains("injected"), e.getMessage());
        assertNoDataset(dest);

        Gvl.write(dest, synthetic().build());
        SortedMap<String, byte[]> before = Stored.tree(dest);
        WriteProgress abort = (stage, done, total, bytes) -> {
            if (done > 0) {
                throw new IllegalStateException("cancelled by the progress callback");
            }
        };
        assertThrows(IllegalStateException.class,
                () -> Gvl.write(dest, synthetic().maxJitter(5).overwrite(true).progress(abort).build()));
        SortedMap<String, byte[]> after = Stored.tree(dest);
        assertEquals(before.keySet(), after.keySet());
        before.forEach((k, v) -> assertArrayEquals(v, after.get(k), k));
    }
}
