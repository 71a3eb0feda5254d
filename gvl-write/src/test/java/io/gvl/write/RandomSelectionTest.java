package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import io.gvl.testing.Stored;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.SortedMap;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random variants (dense SNPs, insertions and long deletions, including deletions spanning window starts and
 * ends), random regions and jitter: every stored list equals the spec's rule evaluated naively, with and without
 * extend-to-length, under a tight memory budget (so genotype windows grow and split into sample passes) and two
 * threads. Parts written from the plan's JSON in random block shapes, each reading only its block's variant rows
 * (whose extension tail the plan bounds), give the bytes of a local write: with a third of the calls carried and
 * overlapping deletions, haplotypes walk far past their windows here. The seed is in the case name.
 */
class RandomSelectionTest {
    @TempDir
    Path tmp;

    static Stream<Arguments> seeds() {
        return LongStream.of(1, 7, 42, 2026, 99991).mapToObj(s -> Arguments.of("seed=" + s, s));
    }

    /** Cohorts of 9-48 samples, so a row's calls span several 8-byte words of the selector's carrier scan. */
    static Stream<Arguments> wideSeeds() {
        return LongStream.of(3, 11, 2027).mapToObj(s -> Arguments.of("seed=" + s, s));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seeds")
    void storedListsFollowTheRule(String name, long seed) throws IOException {
        Random rnd = new Random(seed);
        check(rnd, 1 + rnd.nextInt(6));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wideSeeds")
    void storedListsOfWideCohortsFollowTheRule(String name, long seed) throws IOException {
        Random rnd = new Random(seed);
        check(rnd, 9 + rnd.nextInt(40));
    }

    private void check(Random rnd, int samples) throws IOException {
        StringBuilder vcf = new StringBuilder("##fileformat=VCFv4.2\n##contig=<ID=c1>\n##contig=<ID=c2>\n"
                + "##FORMAT=<ID=GT,Number=1,Type=String,Description=\"GT\">\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER"
                + "\tINFO\tFORMAT");
        for (int s = 0; s < samples; s++) {
            vcf.append("\tS").append(s);
        }
        vcf.append('\n');
        for (String contig : new String[] {"c1", "c2"}) {
            int pos = 1 + rnd.nextInt(5);
            while (pos < 3000) {
                int kind = rnd.nextInt(10);
                String ref = kind < 3 ? "A" + "C".repeat(1 + rnd.nextInt(kind == 0 ? 60 : 8)) : "A";
                String alt = kind < 3 ? "A" : kind < 5 ? "A" + "G".repeat(1 + rnd.nextInt(6)) : "T";
                vcf.append(contig).append('\t').append(pos).append("\t.\t").append(ref).append('\t').append(alt)
                        .append("\t.\t.\t.\tGT");
                for (int s = 0; s < samples; s++) {
                    vcf.append('\t').append(rnd.nextInt(3) == 0 ? 1 : 0).append(rnd.nextBoolean() ? '|' : '/')
                            .append(rnd.nextInt(3) == 0 ? 1 : 0);
                }
                vcf.append('\n');
                pos += rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(25);
            }
        }
        Path vcfFile = tmp.resolve("v.vcf");
        Files.writeString(vcfFile, vcf);
        StringBuilder bed = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            int start = rnd.nextInt(3100);
            bed.append(rnd.nextBoolean() ? "c1" : "c2").append('\t').append(start).append('\t')
                    .append(start + 1 + rnd.nextInt(120)).append('\n');
        }
        Path bedFile = tmp.resolve("r.bed");
        Files.writeString(bedFile, bed);
        int jitter = rnd.nextInt(4) * 3;
        BcftoolsVariants oracle = new BcftoolsVariants(vcfFile);
        for (boolean extend : new boolean[] {true, false}) {
            Path ds = tmp.resolve("d" + extend + ".gvl");
            Gvl.write(ds, WriteOptions.builder(bedFile).variants(oracle).maxJitter(jitter).extendToLength(extend)
                    .threads(2).maxMem(oracle.variants().size() * 96L + 4000).build());
            SyntheticFixtureWriteTest.checkCanonical(ds, oracle, extend);
            partsEqualALocalWrite(WriteOptions.builder(bedFile).variants(vcfFile).maxJitter(jitter)
                    .extendToLength(extend).build(), 1 + rnd.nextInt(12), 1 + rnd.nextInt(samples), extend);
        }
    }

    /**
     * Parts in random region and sample blocks join to the local write's bytes. Sample blocks test the window ends:
     * the joined end is the end of the largest row stored over all samples (GVL's max-index rule), not the largest
     * of the blocks' ends, which differ when a lower row is a deletion that reaches further.
     */
    private void partsEqualALocalWrite(WriteOptions o, int regionsPerBlock, int samplesPerBlock, boolean extend) {
        Path local = tmp.resolve("local" + extend + ".gvl");
        Gvl.write(local, o);
        Path dest = tmp.resolve("parts" + extend + ".gvl");
        WritePlan plan = Gvl.plan(dest, o, regionsPerBlock, samplesPerBlock);
        WritePlan fromJson = WritePlan.fromJson(plan.toJson());
        plan.parts().forEach(p -> PartWriter.write(fromJson, p));
        plan.merge();
        SortedMap<String, byte[]> want = Stored.tree(local);
        SortedMap<String, byte[]> got = Stored.tree(dest);
        String shape = "blocks of " + regionsPerBlock + " regions x " + samplesPerBlock + " samples, extend " + extend;
        assertEquals(want.keySet(), got.keySet(), shape);
        want.forEach((k, v) -> assertArrayEquals(v, got.get(k), k + " with " + shape));
    }
}
