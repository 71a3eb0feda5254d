package io.gvl.bench.io;

import htsjdk.samtools.util.BlockCompressedOutputStream;
import htsjdk.tribble.index.Index;
import htsjdk.tribble.index.IndexFactory;
import htsjdk.variant.variantcontext.Allele;
import htsjdk.variant.variantcontext.Genotype;
import htsjdk.variant.variantcontext.VariantContext;
import htsjdk.variant.vcf.VCFCodec;
import htsjdk.variant.vcf.VCFFileReader;
import io.gvl.io.variant.VariantBatch;
import io.gvl.io.vcf.VcfReader;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Records per second for reading every genotype of a 100k-record x 100-sample bgzipped, tabix-indexed VCF:
 * gvl-io's text-level GT decoding against htsjdk decoding each record's genotypes into {@link Genotype}
 * objects (the same-run baseline). The VCF is generated in {@code @Setup} into a temporary directory.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class VcfDecodeBench {
    static final int RECORDS = 100_000;
    static final int SAMPLES = 100;
    private static final String CONTIG = "chr1";

    private Path dir;
    private Path vcf;
    private VcfReader gvl;

    @Setup
    public void setup() throws IOException {
        dir = Files.createTempDirectory("gvl-vcf-bench");
        vcf = dir.resolve("bench.vcf.gz");
        write(vcf, new Random(20261202L));
        Index index = IndexFactory.createIndex(vcf, new VCFCodec(), IndexFactory.IndexType.TABIX);
        index.write(dir.resolve("bench.vcf.gz.tbi"));
        gvl = VcfReader.open(vcf);
    }

    private static void write(Path path, Random rnd) throws IOException {
        String bases = "ACGT";
        try (Writer w = new OutputStreamWriter(new BlockCompressedOutputStream(path.toFile()), StandardCharsets.US_ASCII)) {
            w.write("##fileformat=VCFv4.2\n##contig=<ID=" + CONTIG + ",length=100000000>\n");
            w.write("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n");
            w.write("##FORMAT=<ID=DS,Number=1,Type=Float,Description=\"Dosage\">\n");
            w.write("##INFO=<ID=AF,Number=A,Type=Float,Description=\"Allele frequency\">\n");
            w.write("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
            for (int s = 0; s < SAMPLES; s++) {
                w.write("\tS" + s);
            }
            w.write('\n');
            StringBuilder line = new StringBuilder(SAMPLES * 10);
            int pos = 1000;
            for (int r = 0; r < RECORDS; r++) {
                pos += 1 + rnd.nextInt(20);
                int ref = rnd.nextInt(4);
                int alt = (ref + 1 + rnd.nextInt(3)) % 4;
                line.setLength(0);
                line.append(CONTIG).append('\t').append(pos).append("\t.\t").append(bases.charAt(ref)).append('\t')
                        .append(bases.charAt(alt)).append("\t50\tPASS\tAF=0.25\tGT:DS");
                char sep = rnd.nextInt(10) == 0 ? '/' : '|';
                for (int s = 0; s < SAMPLES; s++) {
                    int a = rnd.nextInt(4) == 0 ? 1 : 0;
                    int b = rnd.nextInt(4) == 0 ? 1 : 0;
                    line.append('\t').append(a).append(sep).append(b).append(':').append(a + b).append(".0");
                }
                w.write(line.append('\n').toString());
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public long gvlLazyGenotypes() {
        VariantBatch b = gvl.query(CONTIG, 0, Integer.MAX_VALUE, gvl.allSamples());
        long carried = 0;
        for (byte g : b.genotypes()) {
            carried += g;
        }
        return carried + b.size();
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public long htsjdkFullDecode() {
        long carried = 0;
        try (VCFFileReader reader = new VCFFileReader(vcf, true);
                var it = reader.query(CONTIG, 1, Integer.MAX_VALUE)) {
            while (it.hasNext()) {
                VariantContext vc = it.next();
                for (Genotype g : vc.getGenotypes()) {
                    for (Allele a : g.getAlleles()) {
                        carried += a.isNonReference() ? 1 : 0;
                    }
                }
            }
        }
        return carried;
    }

    @TearDown
    public void tearDown() throws IOException {
        gvl.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
