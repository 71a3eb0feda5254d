package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.VariantTable;
import io.gvl.io.pgen.PgenReader;
import io.gvl.io.pgen.PgenVariants;
import io.gvl.testing.Stored;
import io.gvl.testkit.Oracle;
import io.gvl.testkit.Seeds;
import io.gvl.write.spec.CarrierBlock;
import io.gvl.write.spec.VariantSource;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A write from a PGEN, whose difflist records go through the sparse decode ({@link PgenReader#markCarriers} into
 * the pipeline's zeroed genotype blocks), gives the same dataset, file for file and byte for byte, as the same
 * write with every record decoded densely ({@link PgenReader#readCarriers}, the path before the sparse decode):
 * on the pgen-examples, plink2 conversions of the shared VCFs, and seeded plink2 cohorts of 1,001 samples made of
 * rare variants, LD-compressed near copies, REF/ALT-swapped copies and common variants; with all samples, a
 * scattered subset, extend-to-length off, a memory budget that splits the samples into passes, and one so small that
 * passes are split again as their carriers are read (equal to the write with the default budget too). The carrier
 * lists the production source gives equal the dense decode's bytes, row by row.
 */
class PgenSparseWriteTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));

    @TempDir
    Path tmp;

    static Stream<Arguments> shared() {
        return Stream.of(
                Arguments.of("pgen-examples/phased"), Arguments.of("pgen-examples/unphased"),
                Arguments.of("pgen-examples/many"), Arguments.of("pgen-examples/multi_split"),
                Arguments.of("pgen-examples/dosage"),
                Arguments.of("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz"),
                Arguments.of("gvl-fixtures/synthetic/filtered.vcf.gz"),
                Arguments.of("real/jbrowse-volvox/volvox.test.vcf.gz"),
                Arguments.of("real/bioc-variantannotation/chr22.vcf.gz"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shared")
    void sharedInputsWriteTheSameDatasetSparseAndDense(String input) throws IOException {
        Path prefix = DATA.resolve(input);
        if (input.endsWith(".vcf.gz")) {
            // the write refuses symbolic ALTs (volvox.test has three)
            Path vcf = tmp.resolve("in.vcf.gz");
            Oracle.BCFTOOLS.run("view", "-e", "ALT~\"<\"", "-Oz", "-o", vcf.toString(), prefix.toString());
            prefix = plink2(vcf);
        }
        compareWrites(input, prefix, b -> b.maxJitter(3));
        List<String> half = everyOther(prefix);
        compareWrites(input + ", every other sample", prefix, b -> b.samples(half));
    }

    static Stream<Arguments> cohorts() {
        return Seeds.of(41, 42).map(s -> Arguments.of("seed=" + s, s));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cohorts")
    void seededCohortsWriteTheSameDatasetSparseAndDense(String name, long seed) throws IOException {
        Path vcf = tmp.resolve("cohort.vcf");
        writeCohort(vcf, new SplittableRandom(seed), 1001, 600);
        Path prefix = plink2(vcf);
        compareWrites(name, prefix, b -> b.maxJitter(5));
        List<String> half = everyOther(prefix);
        compareWrites(name + ", every other sample", prefix, b -> b.samples(half));
        compareWrites(name + ", no extension", prefix, b -> b.extendToLength(false));
        compareWrites(name + ", sample passes", prefix, b -> b.maxMem(300_000).threads(2));
        // the plan's estimate (one carrier in 16 slots) undercounts the common rows: passes are split as read
        compareWrites(name + ", passes split as read", prefix, b -> b.maxMem(120_000).threads(2));
        sameAsDefault(name + ", passes split as read", prefix, b -> b.maxMem(120_000).threads(2));
        compareCarriers(name, prefix, IntStream.range(0, 1001).toArray());
        compareCarriers(name + ", scattered samples", prefix, new SplittableRandom(seed).ints(300, 0, 1001).toArray());
    }

    /**
     * The production source's carrier lists ({@code PgenReader.listCarriers}) against the dense decode's bytes of
     * every record, in runs of rows of random length.
     */
    private static void compareCarriers(String what, Path prefix, int[] samples) {
        try (VariantSource sparse = VariantSources.open(prefix); DenseCarriers dense = new DenseCarriers(prefix)) {
            int n = sparse.variants().pos().length;
            int width = samples.length * 2;
            SplittableRandom rnd = new SplittableRandom(n);
            for (int from = 0; from < n; ) {
                int to = Math.min(n, from + 1 + rnd.nextInt(100));
                CarrierBlock block = new CarrierBlock(width);
                sparse.carriers(from, to, samples, block);
                byte[] calls = new byte[(to - from) * width];
                dense.genotypes(from, to, samples, calls);
                assertEquals(to - from, block.rows(), what);
                for (int r = 0; r < to - from; r++) {
                    int row = r;
                    int[] want = IntStream.range(0, width).filter(k -> calls[row * width + k] == 1).toArray();
                    assertArrayEquals(want, Arrays.copyOfRange(block.slots(), block.start(r), block.end(r)),
                            what + ": row " + (from + r));
                }
                from = to;
            }
        }
    }

    /** The same write with the production source and with the dense one; the two datasets must be equal. */
    private void compareWrites(String what, Path prefix, UnaryOperator<WriteOptions.Builder> options)
            throws IOException {
        Path bed = regions(prefix);
        Path sparse = tmp.resolve("sparse.gvl");
        Path dense = tmp.resolve("dense.gvl");
        Gvl.write(sparse, options.apply(WriteOptions.builder(bed).variants(prefix)).overwrite(true).build());
        Gvl.write(dense, options.apply(WriteOptions.builder(bed).variants(new DenseCarriers(prefix))).overwrite(true)
                .build());
        SortedMap<String, byte[]> expected = Stored.tree(dense);
        SortedMap<String, byte[]> actual = Stored.tree(sparse);
        assertTrue(expected.containsKey("genotypes/variant_idxs.npy"), what + ": " + expected.keySet());
        assertEquals(expected.keySet(), actual.keySet(), what);
        expected.forEach((k, v) -> assertArrayEquals(v, actual.get(k), what + ": " + k));
    }

    /** The production write with {@code options} equals the one with the default budget and threads. */
    private void sameAsDefault(String what, Path prefix, UnaryOperator<WriteOptions.Builder> options)
            throws IOException {
        Path bed = regions(prefix);
        Path small = tmp.resolve("small.gvl");
        Path plain = tmp.resolve("plain.gvl");
        Gvl.write(small, options.apply(WriteOptions.builder(bed).variants(prefix)).overwrite(true).build());
        Gvl.write(plain, WriteOptions.builder(bed).variants(prefix).overwrite(true).build());
        SortedMap<String, byte[]> expected = Stored.tree(plain);
        SortedMap<String, byte[]> actual = Stored.tree(small);
        assertEquals(expected.keySet(), actual.keySet(), what);
        expected.forEach((k, v) -> assertArrayEquals(v, actual.get(k), what + ": " + k));
    }

    private Path plink2(Path vcf) {
        Oracle.PLINK2.require();
        Path prefix = tmp.resolve("in");
        Oracle.PLINK2.run("--vcf", vcf.toString(), "--allow-extra-chr", "--output-chr", "chrM", "--vcf-half-call",
                "r", "--make-pgen", "--threads", "1", "--out", prefix.toString());
        return prefix;
    }

    /** Regions of 300 bp tiling every contig of the fileset from before its first to past its last variant. */
    private Path regions(Path prefix) throws IOException {
        StringBuilder bed = new StringBuilder();
        try (PgenReader r = PgenReader.open(prefix)) {
            PgenVariants v = r.variants();
            for (int i = 0; i < v.size(); ) {
                String contig = v.chrom(i);
                long first = v.position(i);
                long last = first;
                for (; i < v.size() && v.chrom(i).equals(contig); i++) {
                    last = v.position(i);
                }
                for (long start = Math.max(0, first - 50); start <= last + 50; start += 300) {
                    bed.append(contig).append('\t').append(start).append('\t').append(start + 300).append('\n');
                }
            }
        }
        Path file = tmp.resolve("regions.bed");
        Files.writeString(file, bed);
        return file;
    }

    /** Every other sample of the fileset, starting with the second: sample indexes with gaps. */
    private static List<String> everyOther(Path prefix) {
        List<String> all;
        try (PgenReader r = PgenReader.open(prefix)) {
            all = r.samples();
        }
        List<String> out = new ArrayList<>();
        for (int k = 1; k < all.size(); k += 2) {
            out.add(all.get(k));
        }
        return out.isEmpty() ? all : out;
    }

    /**
     * A phased cohort (some unphased and missing calls) of SNVs and short deletions: mostly rare variants, which
     * plink2 stores as difflists against hom-REF, then a few percent carriers, common and mostly hom-ALT variants,
     * each followed now and then by near copies (LD) and by REF/ALT-swapped near copies (inverted LD).
     */
    private static void writeCohort(Path vcf, SplittableRandom rnd, int samples, int records) throws IOException {
        String bases = "ACGT";
        try (Writer w = Files.newBufferedWriter(vcf)) {
            w.write("##fileformat=VCFv4.2\n##contig=<ID=chr1,length=10000000>\n");
            w.write("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n");
            w.write("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
            for (int s = 0; s < samples; s++) {
                w.write(String.format("\tS%05d", s));
            }
            w.write('\n');
            int[] a = new int[samples];
            int[] b = new int[samples];
            int pos = 1000;
            for (int r = 0; r < records; r++) {
                int kind = r == 0 ? 1 : rnd.nextInt(10);
                if (kind == 2 || kind == 3) {
                    for (int k = 0; kind == 3 && k < samples; k++) {
                        a[k] = a[k] < 0 ? -1 : 1 - a[k];
                        b[k] = b[k] < 0 ? -1 : 1 - b[k];
                    }
                    for (int c = rnd.nextInt(4); c > 0; c--) {
                        int k = rnd.nextInt(samples);
                        a[k] = rnd.nextInt(2);
                        b[k] = rnd.nextInt(2);
                    }
                } else {
                    double p = kind == 1 ? 0.03 : kind == 4 ? 0.4 : kind == 5 ? 0.98 : 0.002;
                    for (int k = 0; k < samples; k++) {
                        boolean missing = rnd.nextInt(500) == 0;
                        a[k] = missing ? -1 : rnd.nextDouble() < p ? 1 : 0;
                        b[k] = missing ? -1 : rnd.nextDouble() < p ? 1 : 0;
                    }
                }
                pos += 1 + rnd.nextInt(30);
                int ref = rnd.nextInt(4);
                String alt = String.valueOf(bases.charAt((ref + 1 + rnd.nextInt(3)) % 4));
                String refAllele = String.valueOf(bases.charAt(ref));
                if (rnd.nextInt(10) == 0) {
                    refAllele = alt + "AC".substring(0, 1 + rnd.nextInt(2));
                }
                boolean phased = rnd.nextInt(10) > 0;
                StringBuilder line = new StringBuilder().append("chr1\t").append(pos).append("\t.\t").append(refAllele)
                        .append('\t').append(alt).append("\t.\t.\t.\tGT");
                for (int k = 0; k < samples; k++) {
                    char sep = phased ? '|' : '/';
                    line.append('\t');
                    if (a[k] < 0) {
                        line.append('.').append(sep).append('.');
                    } else {
                        line.append(a[k]).append(sep).append(b[k]);
                    }
                }
                w.write(line.append('\n').toString());
            }
        }
    }

    /**
     * The PGEN source as it was before the sparse decode: every genotype row through
     * {@link PgenReader#readCarriers}, the dense decode of every record; everything else from the production source.
     */
    private static final class DenseCarriers implements VariantSource {
        private final VariantSource source;
        private final PgenReader reader;
        /** Record index of each row: the records with an ALT, as the production source counts them. */
        private final int[] records;

        DenseCarriers(Path prefix) {
            this.source = VariantSources.open(prefix);
            this.reader = PgenReader.open(prefix);
            PgenVariants v = reader.variants();
            this.records = IntStream.range(0, v.size()).filter(i -> !v.alt(i).equals(".")).toArray();
        }

        @Override
        public Path path() {
            return source.path();
        }

        @Override
        public List<String> samples() {
            return source.samples();
        }

        @Override
        public List<String> contigs() {
            return source.contigs();
        }

        @Override
        public int ploidy() {
            return source.ploidy();
        }

        @Override
        public VariantTable variants() {
            return source.variants();
        }

        @Override
        public List<VariantTable.NumericColumn> infoColumns() {
            return source.infoColumns();
        }

        @Override
        public boolean hasDosages() {
            return source.hasDosages();
        }

        @Override
        public void dosages(int fromRow, int toRow, int[] sampleIndexes, float[] out) {
            source.dosages(fromRow, toRow, sampleIndexes, out);
        }

        @Override
        public void genotypes(int fromRow, int toRow, int[] sampleIndexes, byte[] out) {
            int width = sampleIndexes.length * 2;
            for (int row = fromRow; row < toRow; row++) {
                reader.readCarriers(records[row], records[row] + 1, sampleIndexes, out, (row - fromRow) * width);
            }
        }

        @Override
        public void close() {
            reader.close();
            source.close();
        }
    }
}
