package io.gvl.write.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.format.DatasetLayout;
import io.gvl.format.Regions;
import io.gvl.format.io.RegionsFile;
import io.gvl.testing.Stored;
import io.gvl.testkit.Oracle;
import io.gvl.write.Gvl;
import io.gvl.write.PartWriter;
import io.gvl.write.VariantSources;
import io.gvl.write.spec.VariantSource;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.SortedMap;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A part reads only its region block's variant rows: on real 1000 Genomes sites with 16 phased samples
 * ({@code real-derived/vg-z-synth16}, as VCF and as a plink2 PGEN), region blocks cut so that each block's last
 * window holds a carried deletion and ends where that haplotype's next variant starts, which the window keeps by
 * extension: the block's walk reads past its own rows into the next block's. Parts written from the plan's JSON equal a single local write byte for byte; each part loads at most
 * its block's range, a small share of the table; the same blocks load the same rows from a table five times longer.
 */
class TaskLocalRowsTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path VCF = DATA.resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz");

    @TempDir
    static Path inputs;
    @TempDir
    Path tmp;
    static Path pgen;
    /** Pairs {@code (deletion start0, next carried start0)}, sorted by the second. */
    static long[] extensions;

    /**
     * The plink2 copy of the VCF, and every place where a haplotype carries a deletion and then, next, a variant
     * that starts past the deletion's end: {@code (deletion start0, next start0)}. A window from before the deletion
     * to the next variant's start keeps that variant by extension (the haplotype is short by the deleted bases).
     */
    @BeforeAll
    static void convert() throws IOException {
        pgen = inputs.resolve("z");
        Oracle.PLINK2.run("--vcf", VCF.toString(), "--allow-extra-chr", "--vcf-half-call", "r", "--make-pgen",
                "--threads", "1", "--out", pgen.toString());
        LongArrayList found = new LongArrayList();
        long[] delStart = new long[32];
        long[] delEnd = new long[32];
        Arrays.fill(delStart, -1);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                Files.newInputStream(VCF)), StandardCharsets.US_ASCII))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                long start0 = Long.parseLong(f[1]) - 1;
                int del = Math.max(0, f[3].length() - f[4].length());
                for (int h = 0; h < 2 * (f.length - 9); h++) {
                    if (f[9 + h / 2].charAt(2 * (h % 2)) != '1') {
                        continue;
                    }
                    if (delStart[h] >= 0 && start0 >= delEnd[h]) {
                        found.add(start0 << 32 | delStart[h]);
                    }
                    delStart[h] = del > 0 ? start0 : -1;
                    delEnd[h] = start0 + 1 + del;
                }
            }
        }
        long[] packed = found.toLongArray(); // (next << 32 | deletion), so sorting orders by the next variant
        Arrays.sort(packed);
        extensions = new long[2 * packed.length];
        for (int k = 0; k < packed.length; k++) {
            extensions[2 * k] = packed[k] & 0xFFFF_FFFFL;
            extensions[2 * k + 1] = packed[k] >>> 32;
        }
    }

    /**
     * {@code blocks} region blocks of {@code rpb} windows each, tiling the stretch between consecutive cuts: every
     * block's last window runs from just before a carried deletion to the start of the variant the same haplotype
     * carries next, which the window keeps by extension, so the block's rows reach into the next block's.
     */
    private Path blocksEndingInExtensions(Random rnd, int blocks, int rpb) throws IOException {
        StringBuilder bed = new StringBuilder();
        int i = rnd.nextInt(extensions.length / 6);
        long cut = extensions[2 * i + 1];
        for (int b = 0; b < blocks; b++) {
            long want = cut + (long) rpb * (200 + rnd.nextInt(1500));
            while (extensions[2 * i + 1] < want || extensions[2 * i] - 20 <= cut + rpb) {
                i++;
            }
            long next = extensions[2 * i + 1];
            long lastStart = extensions[2 * i] - rnd.nextInt(20);
            long tile = (lastStart - cut) / (rpb - 1);
            for (int k = 0; k < rpb - 1; k++) {
                long s = cut + k * tile;
                bed.append("z\t").append(s).append('\t').append(k == rpb - 2 ? lastStart : s + tile).append('\n');
            }
            bed.append("z\t").append(lastStart).append('\t').append(next).append('\n');
            cut = next;
        }
        Path file = tmp.resolve("blocks.bed");
        Files.writeString(file, bed);
        return file;
    }

    /** Tiles {@code [from, to)} with windows of {@code tile} bp, end to end. */
    private Path tiles(String name, int from, int to, int tile) throws IOException {
        StringBuilder bed = new StringBuilder();
        for (int s = from; s < to; s += tile) {
            bed.append("z\t").append(s).append('\t').append(s + tile).append('\n');
        }
        Path file = tmp.resolve(name);
        Files.writeString(file, bed);
        return file;
    }

    private WriteOptions options(Path bed, Path variants) {
        return WriteOptions.builder(bed).variants(variants).threads(1).build();
    }

    @ParameterizedTest(name = "seed 2026120{0}")
    @ValueSource(ints = {1, 2, 3, 4})
    void partsReadTheirBlockRowsAndGiveTheLocalBytes_seed2026120x(int s) throws IOException {
        Random rnd = new Random(20261200L + s);
        Path variants = s % 2 == 1 ? VCF : pgen;
        int rpb = 2 + s % 4;
        int blocks = 10;
        WriteOptions o = options(blocksEndingInExtensions(rnd, blocks, rpb), variants);
        Path single = tmp.resolve("single.gvl");
        Gvl.write(single, o);

        Path dest = tmp.resolve("parts.gvl");
        WritePlan plan = Gvl.plan(dest, o, rpb, 1 + rnd.nextInt(16));
        WritePlan.RowRanges ranges = plan.rowRanges();
        WritePlan back = WritePlan.fromJson(plan.toJson());
        for (WritePlan.Part p : plan.parts()) {
            PartWriter.write(back, p);
        }
        plan.merge();
        SortedMap<String, byte[]> want = Stored.tree(single);
        SortedMap<String, byte[]> got = Stored.tree(dest);
        assertEquals(want.keySet(), got.keySet());
        want.forEach((k, v) -> assertArrayEquals(v, got.get(k), k + " (" + variants.getFileName() + ", blocks of "
                + rpb + ")"));

        Regions stored = RegionsFile.read(dest.resolve(DatasetLayout.REGIONS));
        long[] bedEnds = Files.readAllLines(o.regions()).stream().mapToLong(l -> Long.parseLong(l.split("\t")[2]))
                .toArray();
        for (int b = 0; b + 1 < blocks; b++) {
            int last = (b + 1) * rpb - 1;
            assertTrue(stored.end()[last] > bedEnds[last], "block " + b + "'s last window is extended");
            assertTrue(ranges.blocks()[b][2] > ranges.blocks()[b + 1][1], "block " + b + "'s rows reach into the"
                    + " next block's");
            assertTrue(ranges.rows(b) * 10 < plan.nVariants(), "block " + b + ": " + ranges.rows(b) + " of "
                    + plan.nVariants() + " rows");
        }
    }

    @Test
    void aPartLoadsItsBlockRowsWhateverTheTableLength() throws IOException {
        Path shortVcf = tmp.resolve("short.vcf.gz");
        Oracle.BCFTOOLS.run("view", "-r", "z:1-200000", "-Oz", "-o", shortVcf.toString(), VCF.toString());
        Oracle.BCFTOOLS.run("index", "-t", shortVcf.toString());
        Path bed = tiles("r.bed", 50_000, 50_000 + 24 * 1000, 1000);
        long[] loaded = new long[2];
        int[] total = new int[2];
        List<Path> tables = List.of(shortVcf, VCF);
        for (int t = 0; t < 2; t++) {
            WriteOptions o = options(bed, tables.get(t));
            WritePlan plan = Gvl.plan(tmp.resolve("d" + t + ".gvl"), o, 6, 16);
            try {
                total[t] = plan.nVariants();
                for (WritePlan.Part p : plan.parts()) {
                    try (VariantSource source = VariantSources.open(tables.get(t))) {
                        WriteInputs in = WriteInputs.forPart(plan, p.regionBlock(), source);
                        new PartTasks(plan, in, (stage, done, all, bytes) -> { }, 1).write(p);
                        long range = plan.rowRanges().rows(p.regionBlock());
                        assertTrue(in.rows().loadedRows() <= range, in.rows().loadedRows() + " > " + range);
                        assertEquals(4L * Integer.BYTES * range, in.rows().heapBytes(), "charged to max_mem");
                        loaded[t] += in.rows().loadedRows();
                    }
                }
            } finally {
                plan.discard();
            }
        }
        assertTrue(total[1] > 4 * total[0], total[0] + " and " + total[1] + " rows");
        assertEquals(loaded[0], loaded[1], "rows loaded by the parts of the same blocks");
        assertTrue(loaded[1] * 20 < total[1], loaded[1] + " rows loaded of " + total[1]);
    }

    /**
     * A PGEN part opens the fileset for genotypes only and decodes the records the plan staged for its rows: here
     * every fifth record of the plink2 fileset has no ALT (so rows and records differ, by a growing shift), and the
     * {@code .pvar} is replaced by text that is no variant table once the plan is made; the parts still give the
     * bytes of a local write from the intact fileset.
     */
    @Test
    void aPgenPartDecodesItsStagedRecordsWithoutThePvar_seed20261206() throws IOException {
        Path vcf = tmp.resolve("gapped.vcf");
        int records = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                Files.newInputStream(VCF)), StandardCharsets.US_ASCII));
             Writer out = Files.newBufferedWriter(vcf, StandardCharsets.US_ASCII)) {
            int data = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.startsWith("#") && data++ % 5 == 0) {
                    String[] f = line.split("\t");
                    f[4] = ".";
                    for (int k = 9; k < f.length; k++) {
                        f[k] = "0|0";
                    }
                    out.write(String.join("\t", f) + "\n");
                    records++;
                }
                records += line.startsWith("#") ? 0 : 1;
                out.write(line + "\n");
            }
        }
        Path prefix = tmp.resolve("gapped");
        Oracle.PLINK2.run("--vcf", vcf.toString(), "--allow-extra-chr", "--vcf-half-call", "r", "--make-pgen",
                "--threads", "1", "--out", prefix.toString());
        Path gapped = tmp.resolve("gapped.pgen");
        Random rnd = new Random(20261206L);
        WriteOptions o = options(blocksEndingInExtensions(rnd, 6, 3), gapped);
        Path single = tmp.resolve("single.gvl");
        Gvl.write(single, o);

        Path dest = tmp.resolve("parts.gvl");
        WritePlan plan = Gvl.plan(dest, o, 3, 1 + rnd.nextInt(16));
        assertTrue(plan.nVariants() < records * 5 / 6 + 2, plan.nVariants() + " rows of " + records + " records");
        Files.writeString(tmp.resolve("gapped.pvar"), "not a variant table\n");
        WritePlan back = WritePlan.fromJson(plan.toJson());
        for (WritePlan.Part p : plan.parts()) {
            PartWriter.write(back, p);
        }
        plan.merge();
        SortedMap<String, byte[]> want = Stored.tree(single);
        SortedMap<String, byte[]> got = Stored.tree(dest);
        assertEquals(want.keySet(), got.keySet());
        want.forEach((k, v) -> assertArrayEquals(v, got.get(k), k));
    }

    @Test
    void aPartRefusesAVariantFileChangedSinceThePlan() throws IOException {
        Path copy = tmp.resolve("copy.vcf.gz");
        Files.copy(VCF, copy);
        Files.copy(VCF.resolveSibling(VCF.getFileName() + ".tbi"), tmp.resolve("copy.vcf.gz.tbi"));
        WritePlan plan = Gvl.plan(tmp.resolve("d.gvl"), options(tiles("r.bed", 10_000, 20_000, 1000), copy), 4, 16);
        try {
            long then = Files.getLastModifiedTime(copy).toMillis();
            Files.setLastModifiedTime(copy, FileTime.fromMillis(then + 5000));
            Files.setLastModifiedTime(tmp.resolve("copy.vcf.gz.tbi"), FileTime.fromMillis(then + 10_000));
            WriteException e = assertThrows(WriteException.class,
                    () -> PartWriter.write(plan, plan.parts().getFirst()));
            assertTrue(e.getMessage().contains("changed since it was made") && e.getMessage().contains(copy.toString()),
                    e.getMessage());
        } finally {
            plan.discard();
        }
    }

    @Test
    void aPlanWithoutRowRangesIsRefusedNamingTheFix() throws IOException {
        WritePlan plan = Gvl.plan(tmp.resolve("d.gvl"), options(tiles("r.bed", 10_000, 20_000, 1000), VCF), 4, 16);
        try {
            String json = plan.toJson();
            int at = json.indexOf("\"rowRanges\"");
            assertNotEquals(-1, at, json);
            WritePlan old = WritePlan.fromJson(json.substring(0, json.lastIndexOf(',', at)) + "\n}");
            WriteException e = assertThrows(WriteException.class, () -> PartWriter.write(old, old.parts().getFirst()));
            assertTrue(e.getMessage().contains("does not record the variant rows")
                    && e.getMessage().contains("Fix: make a new plan"),
                    e.getMessage());
        } finally {
            plan.discard();
        }
    }
}
