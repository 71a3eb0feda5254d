package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.variants.NestedRagged;
import io.gvl.dataset.variants.Variants;
import io.gvl.testkit.Oracle;
import io.gvl.testkit.Seeds;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded property tests against bcftools: on a random phased VCF (SNPs, insertions, deletions, same-position
 * records, missing alleles, INFO/AF with missing values, FORMAT/DS), the variants of every (region, sample, hap)
 * equal a direct {@code bcftools query -r} over the region's stored window, filtered to the calls that hap carries;
 * with AF bounds, the same list filtered by INFO/AF (float32 comparison, missing AF fails); the dosage field equals
 * FORMAT/DS; the unphased union is hap 0's list followed by hap 1's. Written without extend-to-length, so the stored
 * window is exactly the region widened by max_jitter.
 */
class VariantBcftoolsPropertyTest {
    @TempDir
    Path tmp;

    static Stream<Long> seeds() {
        return Seeds.of(1, 2, 3, 4, 5, 6);
    }

    /** One expected record: the bcftools fields plus the sample's DS and the record's AF. */
    record Expected(long pos, String ref, String alt, float af, float ds) {
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void variantsEqualBcftoolsQuery(long seed) throws IOException {
        Random rnd = new Random(seed);
        Path vcf = RandomVcf.write(tmp, rnd, 3 + rnd.nextInt(3), 40 + rnd.nextInt(60));
        Path bed = tmp.resolve("regions.bed");
        StringBuilder b = new StringBuilder();
        int nRegions = 4 + rnd.nextInt(5);
        for (int i = 0; i < nRegions; i++) {
            int s = rnd.nextInt(RandomVcf.LENGTH - 60);
            b.append("chr1\t").append(s).append('\t').append(s + 5 + rnd.nextInt(50)).append('\n');
        }
        Files.writeString(bed, b);
        int jitter = rnd.nextInt(4);
        Path dir = tmp.resolve("ds.gvl");
        Gvl.write(dir, WriteOptions.builder(bed).variants(vcf).maxJitter(jitter).extendToLength(false).build());
        float minAf = 0.1f + 0.3f * rnd.nextInt(2);
        float maxAf = 0.6f + 0.3f * rnd.nextInt(2);
        try (Dataset ds = Dataset.open(dir)) {
            Dataset all = ds.withSeqs(SeqKind.VARIANTS).withSettings(s -> s.withVarFields("alt", "start", "ref",
                    "ilen", "dosage", "AF"));
            Dataset filtered = all.withSettings(s -> s.withMinAf(minAf).withMaxAf(maxAf));
            Dataset union = all.withSettings(s -> s.withUnphasedUnion(true));
            List<Region> regions = ds.regions();
            int samples = ds.sampleCount();
            try (DatasetOutput out = all.getAll(); DatasetOutput af = filtered.getAll();
                 DatasetOutput un = union.getAll()) {
                Variants v = Variants.of(out);
                Variants f = Variants.of(af);
                Variants u = Variants.of(un);
                assertTrue(v.variants() > 0, "seed " + seed + ": the random dataset stores no variants");
                for (int r = 0; r < regions.size(); r++) {
                    Region reg = regions.get(r);
                    String window = "chr1:" + (reg.start() - jitter + 1) + "-" + (reg.end() + jitter);
                    List<String[]> records = query(vcf, window);
                    for (int s = 0; s < samples; s++) {
                        List<Expected> both = new ArrayList<>();
                        for (int h = 0; h < 2; h++) {
                            List<Expected> want = carried(records, s, h);
                            both.addAll(want);
                            long g = ((long) r * samples + s) * 2 + h;
                            String where = "seed " + seed + " region " + reg + " sample " + s + " hap " + h;
                            assertEquals(want, ours(v, g), where);
                            assertEquals(want.stream().filter(e -> e.af() >= minAf && e.af() <= maxAf).toList(),
                                    ours(f, g), where + " with AF in [" + minAf + ", " + maxAf + "]");
                        }
                        assertEquals(both, ours(u, (long) r * samples + s), "seed " + seed + " union " + reg);
                    }
                }
            }
        }
    }

    private static List<String[]> query(Path vcf, String window) {
        String out = Oracle.BCFTOOLS.run(List.of("query", "--regions-overlap", "1", "-r", window, "-f",
                "%POS\\t%REF\\t%ALT\\t%INFO/AF[\\t%GT][\\t%DS]\\n", vcf.toString()));
        List<String[]> rows = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (!line.isEmpty()) {
                rows.add(line.split("\t", -1));
            }
        }
        return rows;
    }

    private static List<Expected> carried(List<String[]> records, int sample, int hap) {
        List<Expected> out = new ArrayList<>();
        int samples = (records.isEmpty() ? 0 : records.getFirst().length - 4) / 2;
        for (String[] f : records) {
            String[] alleles = f[4 + sample].split("[|/]");
            if (hap < alleles.length && alleles[hap].equals("1")) {
                out.add(new Expected(Long.parseLong(f[0]), f[1], f[2], parse(f[3]), parse(f[4 + samples + sample])));
            }
        }
        return out;
    }

    private static float parse(String s) {
        return s.equals(".") ? Float.NaN : Float.parseFloat(s);
    }

    private static List<Expected> ours(Variants v, long group) {
        NestedRagged alt = v.alleles(DatasetOutput.ALT).orElseThrow();
        NestedRagged ref = v.alleles(DatasetOutput.REF).orElseThrow();
        Ragged start = v.field(DatasetOutput.START);
        Ragged dosage = v.field(DatasetOutput.DOSAGE);
        Ragged af = v.field("AF");
        List<Expected> out = new ArrayList<>();
        long first = alt.groupStart(group);
        for (long k = first; k < first + alt.groupSize(group); k++) {
            out.add(new Expected(Mem.i32(start.data(), k) + 1L, new String(ref.itemBytes(k), StandardCharsets.US_ASCII),
                    new String(alt.itemBytes(k), StandardCharsets.US_ASCII), Mem.f32(af.data(), k),
                    Mem.f32(dosage.data(), k)));
        }
        return out;
    }
}
