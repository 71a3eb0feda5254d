package io.gvl.bench.harness;

import io.gvl.demo.DemoData;
import io.gvl.write.Gvl;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code write-sources} suite: the same {@code Gvl.write} of a cohort read from a VCF, a BCF and a PGEN holding
 * the same calls, to show what the variant file's format costs. The cohort ({@link Cohort}: {@value #SAMPLES}
 * samples, or {@value #QUICK_SAMPLES} when quick, on the real 1000 Genomes sites of the shared data) is drawn and
 * converted once per harness run into the fixture's scratch folder. Each cell writes {@code batch} regions of
 * {@value #LENGTH} bp tiling the contig within a {@link #MAX_MEM} budget; bytes are the dataset on disk. After the
 * rates, {@link #summarize} prints the wall time, records read per second and peak RSS per source, the PGEN
 * speed-up over VCF and BCF against the target, and the peak memory of one write part (half the regions, every
 * sample, from the PGEN) written from its plan in a fresh JVM for each of {@link #PART_MAX_MEM}, with the JVM's
 * default heap and with a capped one.
 */
final class WriteSourcesSuite implements Suite, PeakRssProbed {
    static final int SAMPLES = 2504;
    static final int QUICK_SAMPLES = 64;
    static final int REGIONS = 1000;
    static final int QUICK_REGIONS = 100;
    static final int LENGTH = 1000;
    /** The write's memory budget ({@code maxMem}). */
    static final long MAX_MEM = 512L << 20;
    static final List<String> SOURCES = List.of("vcf", "bcf", "pgen");
    /** Target: a write from PGEN at least this many times faster than from VCF. */
    static final double TARGET_PGEN_OVER_VCF = 5;
    /** Target: peak RSS within the memory budget plus this much. */
    static final long RSS_SLACK = 300L << 20;
    /**
     * The two budgets the part probe writes one part with. With 8 MiB a task holds the calls of about 15 regions of
     * the full cohort; with 512 MiB the planner's 64-region cap binds first (so does 32 MiB, which is why it is not
     * used: it plans exactly as 512 MiB does).
     */
    static final List<Long> PART_MAX_MEM = List.of(8L << 20, 512L << 20);
    /**
     * Heap caps of the part probe's JVM in MiB, 0 for the JVM's default (a quarter of the machine's memory): without
     * a cap the collector lets garbage grow the heap, so the capped run shows what a part needs to live in.
     */
    static final List<Integer> PART_HEAP_CAP_MIB = List.of(0, 64);
    /** System property naming the sites VCF (default: the shared data's {@code real/vg-1mb1kgp/z.vcf.gz}). */
    static final String SITES_PROPERTY = "gvl.bench.sites";

    private final BenchFixture fixture;
    private final boolean quick;
    private Cohort cohort;
    private long cohortNanos;
    private int runs;

    WriteSourcesSuite(BenchFixture fixture, boolean quick) {
        this.fixture = fixture;
        this.quick = quick;
    }

    @Override
    public String name() {
        return "write-sources";
    }

    @Override
    public List<Cell> cells(boolean quick) {
        int regions = quick ? QUICK_REGIONS : REGIONS;
        return SOURCES.stream().map(s -> new Cell(name(), LENGTH, regions, s)).toList();
    }

    @Override
    public Workload workload(Cell cell) {
        Path variants = variants(cell);
        Path bed = regions(cell.batch());
        Path out = fixture.scratch("write-sources-" + (runs++) + ".gvl");
        return new Workload() {
            @Override
            public long run() {
                Gvl.write(out, SourceWriteProbe.options(variants, bed, fasta(), MAX_MEM));
                return WriteSuite.sizeOf(out);
            }

            @Override
            public void close() {
                BenchFixture.deleteTree(out);
            }
        };
    }

    @Override
    public long peakRssKib(Cell cell) {
        return SourceWriteProbe.peakRssKib(variants(cell), regions(cell.batch()), fasta(), MAX_MEM,
                fixture.scratch("write-sources-rss-" + (runs++) + ".gvl"));
    }

    @Override
    public void summarize(List<CellResult> results, Map<Cell, Long> peakRssKib, PrintWriter out, PrintWriter log) {
        Cohort c = cohort();
        log.printf(Locale.ROOT, "# %s: cohort of %,d phased samples x %,d records (%,d sites of %s; multiallelic sites"
                        + " split, symbolic ALTs left out), genotypes drawn per haplotype from INFO/AF with seed %d;"
                        + " VCF, BCF and PGEN built in %.1f s%n", name(), c.samples(), c.records(), c.sites(), sites(),
                Cohort.SEED, cohortNanos / 1e9);
        out.printf(Locale.ROOT, "{\"suite\":\"%s\",\"cohort_samples\":%d,\"cohort_records\":%d,\"seed\":%d}%n", name(),
                c.samples(), c.records(), Cohort.SEED);
        Map<String, Double> seconds = new LinkedHashMap<>();
        for (CellResult r : results) {
            if (r.isPeer()) {
                continue;
            }
            Cell cell = r.cell();
            double wall = r.measured().bytesPerRep() / r.measured().median();
            long records = c.recordsIn(starts(cell.batch()), LENGTH);
            long rss = peakRssKib.getOrDefault(cell, -1L);
            seconds.put(cell.mode(), wall);
            out.printf(Locale.ROOT, "{\"suite\":\"%s\",\"cell\":\"%s\",\"source\":\"%s\",\"samples\":%d,"
                            + "\"records\":%d,\"wall_s\":%.4f,\"records_per_s\":%.1f,\"peak_rss_mib\":%.1f,"
                            + "\"max_mem_mib\":%d}%n", name(), cell.id(), cell.mode(), c.samples(), records, wall,
                    records / wall, rss / 1024.0, MAX_MEM >> 20);
            log.printf(Locale.ROOT, "# %s %-4s %,d samples x %,d regions: %.3f s per write, %,.0f records/s"
                            + " (%,d records), peak RSS %,d MiB (maxMem %,d MiB: %s)%n", name(), cell.mode(),
                    c.samples(), cell.batch(), wall, records / wall, records, rss / 1024, MAX_MEM >> 20,
                    rss < 0 ? "not measured" : rss * 1024 <= MAX_MEM + RSS_SLACK ? "within +300 MiB"
                            : "over +300 MiB");
        }
        Double vcf = seconds.get("vcf");
        Double bcf = seconds.get("bcf");
        Double pgen = seconds.get("pgen");
        if (vcf != null && bcf != null && pgen != null) {
            double overVcf = vcf / pgen;
            double overBcf = bcf / pgen;
            out.printf(Locale.ROOT, "{\"suite\":\"%s\",\"pgen_over_vcf\":%.3f,\"pgen_over_bcf\":%.3f,"
                    + "\"target_pgen_over_vcf\":%.1f,\"met\":%b}%n", name(), overVcf, overBcf, TARGET_PGEN_OVER_VCF,
                    overVcf >= TARGET_PGEN_OVER_VCF);
            log.printf(Locale.ROOT, "# %s speed: PGEN/VCF %.2fx, PGEN/BCF %.2fx (target PGEN >= %.0fx VCF: %s)%n",
                    name(), overVcf, overBcf, TARGET_PGEN_OVER_VCF, overVcf >= TARGET_PGEN_OVER_VCF ? "met"
                            : "not met");
        }
        summarizeParts(c, out, log);
        out.flush();
        log.flush();
    }

    /**
     * Peak memory of the first genotype part of a two-region-block plan, for each of {@link #PART_MAX_MEM} and
     * {@link #PART_HEAP_CAP_MIB}.
     */
    private void summarizeParts(Cohort c, PrintWriter out, PrintWriter log) {
        int regions = quick ? QUICK_REGIONS : REGIONS;
        int perBlock = (regions + 1) / 2;
        for (long maxMem : PART_MAX_MEM) {
            for (int cap : PART_HEAP_CAP_MIB) {
                List<String> jvmArgs = cap == 0 ? List.of() : List.of("-Xmx" + cap + "m");
                PartMemoryProbe.Peak p = PartMemoryProbe.firstPart(SourceWriteProbe.options(c.pgen(),
                        regions(regions), fasta(), maxMem), fixture.scratch("write-sources-part-" + (runs++) + ".gvl"),
                        perBlock, c.samples(), jvmArgs);
                out.printf(Locale.ROOT, "{\"suite\":\"%s\",\"part\":\"%s\",\"part_source\":\"pgen\","
                                + "\"part_regions\":%d,\"part_samples\":%d,\"max_mem_mib\":%d,\"heap_cap_mib\":%d,"
                                + "\"part_peak_rss_mib\":%.1f,\"part_peak_heap_mib\":%.1f}%n", name(), p.part(),
                        perBlock, c.samples(), maxMem >> 20, cap, p.rssKib() / 1024.0, p.heapKib() / 1024.0);
                log.printf(Locale.ROOT, "# %s part %s (pgen, %,d regions x %,d samples) with maxMem %,d MiB, heap %s:"
                                + " peak RSS %,d MiB, peak heap %,d MiB (fresh JVM, from plan.json)%n", name(),
                        p.part(), perBlock, c.samples(), maxMem >> 20, cap == 0 ? "JVM default" : "-Xmx" + cap + "m",
                        p.rssKib() / 1024, p.heapKib() / 1024);
            }
        }
    }

    private Path variants(Cell cell) {
        Cohort c = cohort();
        return switch (cell.mode()) {
            case "vcf" -> c.vcf();
            case "bcf" -> c.bcf();
            case "pgen" -> c.pgen();
            default -> throw new IllegalArgumentException("unknown source '" + cell.mode() + "'; one of " + SOURCES);
        };
    }

    /** The cohort, drawn and converted on first use. */
    private synchronized Cohort cohort() {
        if (cohort == null) {
            long t0 = System.nanoTime();
            cohort = Cohort.build(sites(), contigLengths(fasta()), fixture.scratch("cohort"),
                    quick ? QUICK_SAMPLES : SAMPLES);
            cohortNanos = System.nanoTime() - t0;
        }
        return cohort;
    }

    /** Starts of {@code n} regions of {@value #LENGTH} bp from the contig's start to its end. */
    private long[] starts(int n) {
        long contigLength = contigLengths(fasta()).get(cohort().contig());
        long stride = n == 1 ? 0 : (contigLength - LENGTH) / (n - 1);
        long[] starts = new long[n];
        for (int i = 0; i < n; i++) {
            starts[i] = i * stride;
        }
        return starts;
    }

    private Path regions(int n) {
        Path bed = fixture.scratch("write-sources-" + n + ".bed");
        if (!Files.exists(bed)) {
            StringBuilder sb = new StringBuilder();
            for (long start : starts(n)) {
                sb.append(cohort().contig()).append('\t').append(start).append('\t').append(start + LENGTH).append('\n');
            }
            try {
                Files.writeString(bed, sb);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + bed, e);
            }
        }
        return bed;
    }

    /**
     * The sites VCF: the {@value #SITES_PROPERTY} property, else {@code real/vg-1mb1kgp/z.vcf.gz} under the
     * {@code gvl.shared.data} property or the {@code shared/data} folder beside the source checkout.
     */
    static Path sites() {
        String prop = System.getProperty(SITES_PROPERTY);
        Path sites;
        if (prop != null && !prop.isBlank()) {
            sites = Path.of(prop);
        } else {
            String shared = System.getProperty("gvl.shared.data");
            Path data = shared != null && !shared.isBlank() ? Path.of(shared)
                    : DemoData.locate().dir().toAbsolutePath().getParent().resolveSibling("shared").resolve("data");
            sites = data.resolve("real/vg-1mb1kgp/z.vcf.gz");
        }
        if (!Files.isRegularFile(sites)) {
            throw new IllegalStateException("the write-sources suite needs the 1000 Genomes sites VCF, not found at "
                    + sites + "; set -D" + SITES_PROPERTY + "=FILE (a sites VCF of one contig with INFO/AF, its FASTA"
                    + " NAME.fa and NAME.fa.fai beside it)");
        }
        return sites;
    }

    /** The FASTA beside the sites: {@code z.vcf.gz} → {@code z.fa}. */
    static Path fasta() {
        Path sites = sites();
        String name = sites.getFileName().toString().replaceFirst("\\.vcf(\\.b?gz)?$", "");
        return sites.resolveSibling(name + ".fa");
    }

    private static Map<String, Long> contigLengths(Path fasta) {
        Path fai = fasta.resolveSibling(fasta.getFileName() + ".fai");
        try {
            Map<String, Long> lengths = new LinkedHashMap<>();
            for (String line : Files.readAllLines(fai)) {
                String[] f = line.split("\t");
                if (f.length >= 2) {
                    lengths.put(f[0], Long.parseLong(f[1]));
                }
            }
            return lengths;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the FASTA index " + fai + "; index it with samtools faidx", e);
        }
    }
}
