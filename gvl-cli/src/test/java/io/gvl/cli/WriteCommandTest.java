package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.zip.GZIPInputStream;
import io.gvl.testkit.Oracle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code gvl write} and {@code gvl update}: exit codes, one-line errors, progress lines, and an end-to-end run. */
class WriteCommandTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SYN = DATA.resolve("gvl-fixtures/synthetic");
    static final Path Z = DATA.resolve("real-derived/vg-z-synth16");

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(Callable<Integer> command, String... args) {
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private Path bigWigTable() throws IOException {
        Path t = tmp.resolve("bw.tsv");
        Files.writeString(t, "sample\tpath\n" + "s0\t" + SYN.resolve("bw_seed42/s0.bw") + "\ns1\t"
                + SYN.resolve("bw_seed42/s1.bw") + "\ns2\t" + SYN.resolve("bw_seed42/s2.bw") + "\n");
        return t;
    }

    @Test
    void writesAndUpdatesTheSyntheticFixture() throws IOException {
        Path ds = tmp.resolve("syn.gvl");
        int rc = run(new WriteCommand(), ds.toString(), "--bed", SYN.resolve("regions.bed").toString(), "--vcf",
                SYN.resolve("filtered.vcf.gz").toString(), "--bigwig", "bw=" + bigWigTable(), "--max-jitter", "2",
                "--max-mem", "64m", "--samples", "s2,s0,s1");
        assertEquals(0, rc, err.toString());
        assertTrue(Files.exists(ds.resolve("intervals/bw/offsets.npy")));
        assertEquals("", err.toString(), "off a terminal no progress is drawn (it is an INFO line, shown with -v)");

        rc = run(new UpdateCommand(), ds.toString(), "--annot", "a=" + SYN.resolve("bw_seed42/s0.bw"));
        assertEquals(0, rc, err.toString());
        assertTrue(Files.exists(ds.resolve("annot_intervals/a/values.npy")));
    }

    /**
     * {@code --variants} takes a genoray store: the dataset links to it ({@code regions.npy} and the range cache as
     * GenVarLoader wrote them from the same store), and {@code --no-extend-to-length} is refused with one line.
     */
    @Test
    void variantsTakesAGenorayStoreAndLinksToIt() throws IOException {
        Path root = io.gvl.testing.TestFiles.gvl043("svar");
        Path store = tmp.resolve("z.svar2");
        io.gvl.testing.DirectoryCopy.copyTree(root.resolve("z.svar2"), store);
        Path ds = tmp.resolve("ds_svar2");
        assertEquals(0, run(new WriteCommand(), ds.toString(), "--bed", root.resolve("inputs/regions.bed").toString(),
                "--variants", store.toString()), err.toString());
        for (String f : List.of("regions.npy", "genotypes/svar2_ranges/cell_vk.npy",
                "genotypes/svar2_ranges/svar2_meta.json")) {
            assertTrue(java.util.Arrays.equals(Files.readAllBytes(root.resolve("ds_svar2").resolve(f)),
                    Files.readAllBytes(ds.resolve(f))), f);
        }
        assertTrue(Files.readString(ds.resolve("metadata.json")).contains("\"relative_path\":\"../z.svar2\""));
        assertEquals(1, run(new WriteCommand(), tmp.resolve("other").toString(), "--bed",
                root.resolve("inputs/regions.bed").toString(), "--variants", store.toString(),
                "--no-extend-to-length"));
        assertTrue(err.toString().contains("extend_to_length=false is not supported for a .svar2"), err.toString());
    }

    /** {@code --variants} takes a PLINK 2 prefix; the dataset equals the one {@code --vcf} writes from the source VCF. */
    @Test
    void variantsTakesAPgenPrefixAndVcfStaysAnAlias() throws IOException {
        Path prefix = tmp.resolve("z");
        Oracle.PLINK2.run("--vcf", Z.resolve("z_synth16.norm.vcf.gz").toString(), "--allow-extra-chr",
                "--vcf-half-call", "r", "--make-pgen", "--threads", "1", "--out", prefix.toString());
        Path fromPgen = tmp.resolve("pgen.gvl");
        Path fromVcf = tmp.resolve("vcf.gvl");
        assertEquals(0, run(new WriteCommand(), fromPgen.toString(), "--bed", Z.resolve("regions.bed").toString(),
                "--variants", prefix.toString()), err.toString());
        assertEquals(0, run(new WriteCommand(), fromVcf.toString(), "--bed", Z.resolve("regions.bed").toString(),
                "--vcf", Z.resolve("z_synth16.norm.vcf.gz").toString()), err.toString());
        List<Path> files;
        try (var walk = Files.walk(fromVcf)) {
            files = walk.filter(Files::isRegularFile).map(fromVcf::relativize).toList();
        }
        try (var walk = Files.walk(fromPgen)) {
            assertEquals(files.size(), walk.filter(Files::isRegularFile).count());
        }
        assertTrue(files.contains(Path.of("genotypes", "variants.arrow")), files.toString());
        for (Path f : files) {
            assertEquals(-1L, Files.mismatch(fromVcf.resolve(f), fromPgen.resolve(f)), f.toString());
        }
    }

    @Test
    void fixableErrorsGiveExitOneAndOneLine() throws IOException {
        Path ds = tmp.resolve("d.gvl");
        String[] args = {ds.toString(), "--bed", SYN.resolve("regions.bed").toString(), "--vcf",
            SYN.resolve("filtered.vcf.gz").toString()};
        assertEquals(0, run(new WriteCommand(), args));
        err.getBuffer().setLength(0);
        assertEquals(1, run(new WriteCommand(), args));
        List<String> lines = err.toString().lines().filter(l -> l.startsWith("gvl write:")).toList();
        assertEquals(1, lines.size(), err.toString());
        assertTrue(lines.getFirst().contains("already exists"), err.toString());

        Path bad = tmp.resolve("bad.bed");
        Files.writeString(bad, "chr1\t5\t2\n");
        err.getBuffer().setLength(0);
        assertEquals(1, run(new WriteCommand(), tmp.resolve("e.gvl").toString(), "--bed", bad.toString(), "--vcf",
                SYN.resolve("filtered.vcf.gz").toString()));
        assertTrue(err.toString().contains("bad.bed: line 1"), err.toString());

        err.getBuffer().setLength(0);
        assertEquals(1, run(new UpdateCommand(), ds.toString(), "--bigwig", "bw=" + bigWigTable(), "--max-mem",
                "lots"));
        assertTrue(err.toString().contains("gvl update: memory size 'lots'"), err.toString());
    }

    /** Written by {@code gvl write}, read back by {@code gvl fetch}: every haplotype equals bcftools consensus. */
    @Test
    void writtenHaplotypesEqualBcftoolsConsensus() throws IOException {
        Path ds = tmp.resolve("z.gvl");
        assertEquals(0, run(new WriteCommand(), ds.toString(), "--bed", Z.resolve("regions.bed").toString(),
                "--vcf", Z.resolve("z_synth16.norm.vcf.gz").toString(), "--threads", "2"), err.toString());
        Path fasta = DATA.resolve("real/vg-1mb1kgp/z.fa");
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int rc;
        try {
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            rc = run(new FetchCommand(), ds.toString(), "--reference", fasta.toString(), "--no-rc");
        } finally {
            System.setOut(saved);
        }
        assertEquals(0, rc, err.toString());
        String fetched = bytes.size() > 0 ? bytes.toString(StandardCharsets.UTF_8) : out.toString();
        Map<String, String> got = records(fetched);
        Map<String, String> want;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Z.resolve("consensus.fa.gz")))) {
            want = records(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertEquals(768, want.size());
        for (Map.Entry<String, String> e : want.entrySet()) {
            String key = e.getKey().substring(1);
            assertEquals(e.getValue(), got.get(key), "haplotype " + e.getKey());
        }
    }

    private static Map<String, String> records(String fasta) {
        Map<String, String> out = new LinkedHashMap<>();
        String name = null;
        StringBuilder seq = new StringBuilder();
        for (String line : fasta.split("\n")) {
            if (line.startsWith(">")) {
                if (name != null) {
                    out.put(name, seq.toString());
                }
                name = line.substring(1);
                seq.setLength(0);
            } else {
                seq.append(line.strip());
            }
        }
        if (name != null) {
            out.put(name, seq.toString());
        }
        return out;
    }
}
