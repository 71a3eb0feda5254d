package io.gvl.fuzz;

import io.gvl.testing.Coverage;
import io.gvl.testing.TestFiles;
import io.gvl.write.Gvl;
import io.gvl.write.PartWriter;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes the committed seed corpora ({@code src/test/resources/io/gvl/fuzz/<Target>Inputs/fuzz/}) from the shared
 * data, the GVL 0.43.1 fixtures and inputs made here (a BCF and a BGZF FASTA with bcftools and bgzip, an HDF5 file,
 * a sharded root written in parts). Run by {@code dev/fuzz seeds}; the regression run of the test command and every
 * long fuzz run start from these files. {@code seed-NNN-*} files are a target's base set (see {@link FileSet}),
 * {@code extra-*} files more starting points for the fuzzer.
 */
@EnabledIfSystemProperty(named = "gvl.fuzz.seeds", matches = ".+")
class SeedCorpusMaker {
    /** A store link's {@code absolute_path} up to the store's own name. */
    private static final java.util.regex.Pattern ABSOLUTE_DIR =
            java.util.regex.Pattern.compile("(\"absolute_path\":\")[^\"]*/");

    private static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    private static final Path PGEN = DATA.resolve("pgen-examples");

    @TempDir
    Path tmp;

    private Path out;

    @Test
    void writeSeeds() throws Exception {
        out = Path.of(System.getProperty("gvl.fuzz.seeds"));
        Path svar = TestFiles.gvl043("svar");
        base("VcfTextFuzzTest", Map.of("in.vcf", PGEN.resolve("phased.vcf")));
        extra("VcfTextFuzzTest", PGEN.resolve("multi.vcf"), PGEN.resolve("dosage.vcf"));
        base("VcfGzFuzzTest", ordered("in.vcf.gz", svar.resolve("inputs/yz.vcf.gz"),
                "in.vcf.gz.tbi", svar.resolve("inputs/yz.vcf.gz.tbi")));
        Path bcf = tmp.resolve("yz.bcf");
        run("bcftools", "view", "-Ob", "-o", bcf.toString(), svar.resolve("inputs/yz.vcf.gz").toString());
        run("bcftools", "index", "-c", bcf.toString());
        base("BcfFuzzTest", ordered("in.bcf", bcf, "in.bcf.csi", Path.of(bcf + ".csi")));
        base("PgenFuzzTest", ordered("in.pgen", PGEN.resolve("dosage.pgen"), "in.pvar", PGEN.resolve("dosage.pvar"),
                "in.psam", PGEN.resolve("dosage.psam")));
        base("BedFuzzTest", Map.of("in.bed", svar.resolve("inputs/adv.bed")));
        extra("BedFuzzTest", Files.write(tmp.resolve("knownGene.bed"),
                Files.readAllLines(DATA.resolve("real/bedtools-data/knownGene.hg18.chr21.bed")).subList(0, 20)));
        Path tables = TestFiles.gvl043("tables");
        base("IntervalTableFuzzTest", ordered("in.tsv", tables.resolve("annot.tsv"), "in.csv",
                tables.resolve("table.csv"), "in.parquet", tables.resolve("annot.parquet"), "in.arrow",
                tables.resolve("annot.arrow")));
        base("FastaFuzzTest", ordered("in.fa", svar.resolve("inputs/yz.fa"), "in.fa.fai",
                svar.resolve("inputs/yz.fa.fai"), "gz.fa.gz", bgzip(svar.resolve("inputs/yz.fa"))));
        base("BigWigFuzzTest", Map.of("in.bw", svar.resolve("inputs/sig.bw")));
        extra("BigWigFuzzTest", DATA.resolve("gvl-fixtures/bigwig_small/sample_0.bw"));
        base("Hdf5FuzzTest", Map.of("in.h5", hdf5()));
        base("NpyFuzzTest", ordered("in.npy", svar.resolve("ds_vcf_trk/genotypes/offsets.npy"), "in.npz",
                svar.resolve("outputs_ds_svar2_adv.npz")));
        base("VariantTableFuzzTest", Map.of("variants.arrow", DATA.resolve("arrow/synthetic/variants.arrow")));
        extra("VariantTableFuzzTest", DATA.resolve("arrow/synthetic/variants.pgen-style.arrow"),
                svar.resolve("ds_vcf_trk/genotypes/variants.arrow"));
        base("MetadataFuzzTest", Map.of("metadata.json", svar.resolve("ds_yz_svar2/metadata.json")));
        extra("MetadataFuzzTest", svar.resolve("ds_yz_svar/metadata.json"), svar.resolve("ds_vcf_trk/metadata.json"));
        base("DatasetFuzzTest", tree("ds", svar.resolve("ds_vcf_trk")));
        Map<String, Path> linked = tree("yz.svar", svar.resolve("yz.svar"));
        linked.putAll(tree("ds", svar.resolve("ds_yz_svar")));
        base("SvarFuzzTest", linked);
        Map<String, Path> linked2 = tree("yz.svar2", svar.resolve("yz.svar2"));
        linked2.putAll(tree("ds", svar.resolve("ds_yz_svar2")));
        base("Svar2FuzzTest", linked2);
        base("ShardedRootFuzzTest", tree("root", shardedRoot(svar.resolve("inputs"))));
        Path releases = Files.writeString(tmp.resolve("releases"),
                "{\"type\":\"release\",\"slot\":0}\n{\"type\":\"release\",\"slot\":3}\n\n");
        extra("HandoffReleasesFuzzTest", releases);
    }

    private static Map<String, Path> ordered(Object... nameThenPath) {
        Map<String, Path> m = new LinkedHashMap<>();
        for (int i = 0; i < nameThenPath.length; i += 2) {
            m.put((String) nameThenPath[i], (Path) nameThenPath[i + 1]);
        }
        return m;
    }

    private static Map<String, Path> tree(String under, Path dir) throws IOException {
        Map<String, Path> m = new LinkedHashMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                m.put(under + "/" + dir.relativize(p).toString().replace('\\', '/'), p);
            }
        }
        return m;
    }

    /** Replaces the target's seed directory with one {@code seed-NNN-name} file per entry, in the map's order. */
    private void base(String target, Map<String, Path> files) throws IOException {
        Path dir = fresh(target);
        int i = 0;
        for (Map.Entry<String, Path> e : files.entrySet()) {
            String name = FileSet.SEED_PREFIX + String.format("%03d-", i) + e.getKey().replace("/", "__");
            Files.write(dir.resolve(name), FileSet.seed(i, bytesOf(e.getValue())));
            i++;
        }
    }

    /** Adds {@code extra-NN-name} seeds for file 0 of the target. */
    private void extra(String target, Path... files) throws IOException {
        Path dir = Files.createDirectories(out.resolve(target + "Inputs/fuzz"));
        for (int i = 0; i < files.length; i++) {
            Files.write(dir.resolve(String.format("extra-%02d-", i) + files[i].getFileName()),
                    target.startsWith("Handoff") ? Files.readAllBytes(files[i])
                            : FileSet.seed(0, bytesOf(files[i])));
        }
    }

    /**
     * A fixture's bytes; in a {@code metadata.json}, the store's {@code absolute_path} (the scratch directory where
     * the GenVarLoader goldens were made, never followed: the relative path resolves first) becomes a path that
     * names no machine.
     */
    private static byte[] bytesOf(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        if (!file.getFileName().toString().equals("metadata.json")) {
            return bytes;
        }
        return ABSOLUTE_DIR.matcher(new String(bytes, StandardCharsets.UTF_8)).replaceAll("$1/store-moved-away/")
                .getBytes(StandardCharsets.UTF_8);
    }

    private Path fresh(String target) throws IOException {
        Path dir = out.resolve(target + "Inputs/fuzz");
        if (Files.exists(dir)) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        return Files.createDirectories(dir);
    }

    private Path bgzip(Path fasta) throws Exception {
        Path copy = Files.copy(fasta, tmp.resolve("yz.fa"));
        run("bgzip", "-f", copy.toString());
        return Path.of(copy + ".gz");
    }

    private Path hdf5() {
        float[] y = Coverage.seeded(11, 3_000);
        float[] z = Coverage.seeded(12, 70_500);
        Map<String, Map<String, Object>> groups = new LinkedHashMap<>();
        groups.put("S00", new LinkedHashMap<>(Map.of("y", y, "z", z)));
        groups.put("S01", new LinkedHashMap<>(Map.of("z", Coverage.seeded(13, 500))));
        return Coverage.write(tmp.resolve("cov.h5"), groups);
    }

    /** A sharded root of the two-contig fixture (16 samples, 6 regions) in 2 x 2 blocks of 3 regions, 8 samples. */
    private Path shardedRoot(Path inputs) {
        WriteOptions o = WriteOptions.builder(inputs.resolve("yz.bed")).variants(inputs.resolve("yz.vcf.gz")).build();
        WritePlan plan = Gvl.plan(tmp.resolve("root"), o, 3, 8);
        for (WritePlan.Part p : plan.parts()) {
            PartWriter.write(plan, p);
        }
        plan.publishSharded();
        return tmp.resolve("root");
    }

    private static void run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed");
        }
    }
}
