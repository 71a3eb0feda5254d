package io.gvl.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.VariantTable;
import io.gvl.format.io.VariantTableFile;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.DirectoryCopy;
import io.gvl.testing.TestFiles;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random BEDs (a third of the regions ending at, just before or just after a deletion's end, so the length
 * walk and the region-end rules matter; random strands) and random sample subsets in random order: gvl writes the
 * same request from {@code z.svar}, {@code z.svar2} and the VCF they were built from, and the three datasets give
 * identical ragged haplotypes, as GenVarLoader 0.43.1's do (spec/svar.md §7.5). The seed is in the case name.
 */
class StoreWritePropertyTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path VCF = DATA.resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz");

    @TempDir
    static Path tmp;
    static Reference z;
    static long[] deletionEnds;
    static long lo;
    static long hi;

    @BeforeAll
    static void stores() throws IOException {
        Path root = TestFiles.gvl043("svar");
        DirectoryCopy.copyTree(root.resolve("z.svar"), tmp.resolve("z.svar"));
        DirectoryCopy.copyTree(root.resolve("z.svar2"), tmp.resolve("z.svar2"));
        z = Reference.open(DATA.resolve("real/vg-1mb1kgp/z.fa"), tmp.resolve("cache"));
        VariantTable t = VariantTableFile.read(tmp.resolve("z.svar/index.arrow"));
        List<Long> ends = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            if (t.ilen()[i] < 0) {
                ends.add(t.pos()[i] - 1 + 1 - t.ilen()[i]);
            }
        }
        deletionEnds = ends.stream().mapToLong(Long::longValue).toArray();
        lo = t.pos()[0];
        hi = t.pos()[t.size() - 1];
    }

    @AfterAll
    static void close() {
        z.close();
    }

    static Stream<Long> seeds() {
        return LongStream.of(11, 2026, 90210).boxed();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void svarSvar2AndVcfWritesGiveTheSameHaplotypes(long seed) throws IOException {
        SplittableRandom rnd = new SplittableRandom(seed);
        StringBuilder bed = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            long len = rnd.nextLong(20, 400);
            long end = rnd.nextInt(3) == 0 ? deletionEnds[rnd.nextInt(deletionEnds.length)] + rnd.nextLong(-1, 2)
                    : rnd.nextLong(lo + len, hi);
            bed.append("z\t").append(end - len).append('\t').append(end).append("\tr").append(i).append("\t0\t")
                    .append(rnd.nextBoolean() ? '+' : '-').append('\n');
        }
        Path dir = Files.createDirectories(tmp.resolve("seed-" + seed));
        Path bedFile = Files.writeString(dir.resolve("r.bed"), bed);
        List<String> samples = new ArrayList<>();
        IntStream.range(0, 16).filter(s -> rnd.nextInt(3) > 0).forEach(s -> samples.add(String.format("S%02d", s)));
        java.util.Collections.shuffle(samples, new java.util.Random(seed));
        byte[][] want = null;
        for (Path source : List.of(VCF, tmp.resolve("z.svar"), tmp.resolve("z.svar2"))) {
            Path out = tmp.resolve("ds-" + seed + "-" + source.getFileName());
            Gvl.write(out, WriteOptions.builder(bedFile).variants(source).samples(new ArrayList<>(samples)).build());
            byte[][] got = haplotypes(out);
            if (want == null) {
                want = got;
                assertTrue(got[0].length > 0, "haplotypes were read");
            } else {
                assertArrayEquals(want[1], got[1], source.getFileName() + ": haplotype offsets (seed " + seed + ")");
                assertArrayEquals(want[0], got[0], source.getFileName() + ": haplotype bytes (seed " + seed + ")");
            }
        }
    }

    static byte[][] haplotypes(Path dataset) {
        try (Dataset d = Dataset.open(dataset, z)) {
            Dataset v = d.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.ragged());
            try (DatasetOutput o = v.getGrid(IntStream.range(0, d.regionCount()).toArray(),
                    IntStream.range(0, d.sampleCount()).toArray())) {
                Ragged r = (Ragged) o.sequences();
                return new byte[][] {r.data().toArray(ValueLayout.JAVA_BYTE),
                        r.offsets().toArray(ValueLayout.JAVA_BYTE)};
            }
        }
    }
}
