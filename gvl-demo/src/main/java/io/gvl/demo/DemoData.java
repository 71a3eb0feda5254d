package io.gvl.demo;

import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The small real data set bundled in the repository's {@code demo-data/} folder: a 1 Mb GRCh37 slice (contig
 * {@code z}), 4,715 normalized 1000 Genomes sites with synthetic phased genotypes for 16 samples, and 24 regions.
 * Coverage bigWigs are not bundled: {@link #writeCoverage} makes them (seeded, so every run gets the same bytes)
 * with gvl's own bigWig writer, which also exercises that writer.
 *
 * @param dir the folder holding the files
 */
public record DemoData(Path dir) {
    /** System property that points at the folder explicitly. */
    public static final String PROPERTY = "gvl.demo.data";
    static final String FOLDER = "demo-data";
    static final String FASTA = "z.fa";
    static final String VCF = "z_synth16.norm.vcf.gz";
    static final String BED = "regions.bed";
    /** Name of the coverage track in datasets written from the demo data. */
    public static final String TRACK = "coverage";
    /** Seed of the synthetic coverage. */
    public static final long COVERAGE_SEED = 20261202L;

    public DemoData {
        for (String f : List.of(FASTA, FASTA + ".fai", VCF, VCF + ".tbi", BED)) {
            if (!Files.isRegularFile(dir.resolve(f))) {
                throw new IllegalArgumentException("demo data folder " + dir + " lacks " + f
                        + "; use the repository's demo-data/ folder (or set -D" + PROPERTY + "=DIR)");
            }
        }
    }

    /**
     * Finds {@code demo-data/}: the {@value #PROPERTY} property if set, else the nearest ancestor of this code's
     * jar or classes folder (a source checkout) or of the working directory that has one.
     */
    public static DemoData locate() {
        String prop = System.getProperty(PROPERTY);
        if (prop != null && !prop.isBlank()) {
            return new DemoData(Path.of(prop));
        }
        List<Path> starts = new ArrayList<>();
        try {
            starts.add(Path.of(DemoData.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // no code source (unusual class loader): fall back to the working directory alone
        }
        starts.add(Path.of("").toAbsolutePath());
        for (Path start : starts) {
            for (Path p = start.toAbsolutePath(); p != null; p = p.getParent()) {
                if (Files.isRegularFile(p.resolve(FOLDER).resolve(VCF))) {
                    return new DemoData(p.resolve(FOLDER));
                }
            }
        }
        throw new IllegalStateException("cannot find the demo-data/ folder above " + starts
                + "; run from a gvl source checkout or set -D" + PROPERTY + "=DIR");
    }

    /** @return the reference FASTA (indexed) */
    public Path fasta() {
        return dir.resolve(FASTA);
    }

    /** @return the phased, normalized VCF (tabix-indexed) */
    public Path vcf() {
        return dir.resolve(VCF);
    }

    /** @return the BED file of 24 regions */
    public Path regions() {
        return dir.resolve(BED);
    }

    /** The 16 sample names, {@code S00..S15}. */
    public List<String> samples() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            out.add(String.format("S%02d", i));
        }
        return out;
    }

    /** Contig name to length, from the FASTA index. */
    public Map<String, Integer> contigs() {
        Map<String, Integer> out = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(dir.resolve(FASTA + ".fai"))) {
                String[] f = line.split("\t");
                out.put(f[0], Integer.parseInt(f[1]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve(FASTA + ".fai"), e);
        }
        return out;
    }

    /** Writes one seeded coverage bigWig per sample into {@code outDir}; returns sample to file, in sample order. */
    public Map<String, Path> writeCoverage(Path outDir) {
        try {
            Files.createDirectories(outDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + outDir, e);
        }
        Map<String, Path> out = new LinkedHashMap<>();
        List<String> samples = samples();
        for (int i = 0; i < samples.size(); i++) {
            Path file = outDir.resolve(samples.get(i) + ".coverage.bw");
            SyntheticCoverage.write(file, contigs(), COVERAGE_SEED + i);
            out.put(samples.get(i), file);
        }
        return out;
    }

    /**
     * Write options over {@code regions} with the demo variants and reference, and the coverage track if asked.
     *
     * @param regions a BED file of regions on contig {@code z}
     * @param coverage sample to coverage bigWig, from {@link #writeCoverage}
     * @param withTrack whether to write the coverage as track {@value #TRACK}
     * @return a builder the caller may refine
     */
    public WriteOptions.Builder writeOptions(Path regions, Map<String, Path> coverage, boolean withTrack) {
        WriteOptions.Builder b = WriteOptions.builder(regions).variants(vcf()).reference(fasta());
        if (withTrack) {
            b.track(new BigWigs(TRACK, coverage));
        }
        return b;
    }
}
