package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.rng.NumpyGenerator;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import io.gvl.testkit.Oracle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link RefDataset} on the real 1 Mb FASTA: rows equal {@code samtools faidx} of the windows (reverse-complemented
 * for minus regions), jitter and random shifts follow GVL's draw (one array-bound draw per row), spliced rows are
 * concatenated exons, views are immutable, and invalid settings fail with reasons.
 */
class RefDatasetTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");
    static final Path BED = DATA.resolve("real-derived/vg-z-synth16/regions.bed");

    @TempDir
    static Path tmp;
    static Reference reference;

    @BeforeAll
    static void open() {
        reference = Reference.open(FASTA, tmp.resolve("cache"));
    }

    @AfterAll
    static void close() {
        reference.close();
    }

    /** {@code samtools faidx} of every window, {@code -i} (reverse complement) where {@code minus}. */
    private static List<String> faidx(List<Region> windows, boolean rcMinus) {
        List<String> out = new ArrayList<>();
        for (Region g : windows) {
            List<String> cmd = new ArrayList<>(List.of("faidx"));
            if (rcMinus && g.strand() < 0) {
                cmd.add("-i");
            }
            cmd.addAll(List.of(FASTA.toString(), g.chrom() + ":" + (g.start() + 1) + "-" + g.end()));
            out.add(String.join("", Oracle.SAMTOOLS.run(cmd).lines().skip(1).toList()).toUpperCase(java.util.Locale.ROOT));
        }
        return out;
    }

    private static String row(Ragged r, long i) {
        return new String(r.rowBytes(i), StandardCharsets.US_ASCII);
    }

    @Test
    void referenceRowsEqualSamtoolsFaidx() {
        Oracle.SAMTOOLS.require();
        RefDataset ds = RefDataset.open(BED, reference);
        assertEquals(24, ds.size());
        List<String> stranded = faidx(ds.regions(), true);
        List<String> forward = faidx(ds.regions(), false);
        assertTrue(ds.regions().stream().anyMatch(r -> r.strand() < 0) && ds.regions().stream().anyMatch(r -> r.strand() > 0));
        try (DatasetOutput out = ds.getAll(); DatasetOutput fwd = ds.withRcNeg(false).getAll()) {
            Ragged seqs = (Ragged) out.sequences();
            Ragged plain = (Ragged) fwd.sequences();
            for (int i = 0; i < ds.size(); i++) {
                assertEquals(stranded.get(i), row(seqs, i), "region " + i);
                assertEquals(forward.get(i), row(plain, i), "region " + i + " with rcNeg false");
            }
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {5, 6, 7})
    void jitterAndShiftsFollowGvlsDraw(long seed) {
        int jitter = 3;
        int len = 200;
        RefDataset ds = RefDataset.open(BED, reference).withJitter(jitter).withLen(OutputLength.fixed(len))
                .withDeterministic(false).withSeed(seed);
        int[] rows = {4, 0, 17, 4};
        NumpyGenerator hand = NumpyGenerator.seeded(seed);
        for (int call = 0; call < 2; call++) {
            int[] maxShift = new int[rows.length];
            for (int i = 0; i < rows.length; i++) {
                maxShift[i] = ds.regions().get(rows[i]).length() - len + 2 * jitter;
            }
            int[] shift = hand.integersUpTo(maxShift);
            try (DatasetOutput out = ds.get(rows)) {
                Dense seqs = (Dense) out.sequences();
                assertArrayEquals(new long[] {rows.length, len}, seqs.shape());
                for (int i = 0; i < rows.length; i++) {
                    Region g = ds.regions().get(rows[i]);
                    int start = g.start() + shift[i] - jitter;
                    String want = new String(reference.fetch(g.chrom(), start, start + len), StandardCharsets.US_ASCII);
                    want = g.strand() < 0 ? SyntheticDataset.reverseComplement(want) : want;
                    assertEquals(want, new String(seqs.row(i).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
                            StandardCharsets.US_ASCII), "seed " + seed + " call " + call + " row " + i);
                }
            }
        }
    }

    @Test
    void deterministicRaggedRowsDrawNothingAndFixedRowsKeepTheLeftPart() {
        RefDataset ds = RefDataset.open(BED, reference).withSeed(9);
        try (DatasetOutput a = ds.get(new int[] {1, 2}); DatasetOutput fixed = ds.withRcNeg(false)
                .withLen(OutputLength.fixed(50)).get(2)) {
            Region g = ds.regions().get(2);
            assertEquals(new String(reference.fetch(g.chrom(), g.start(), g.start() + 50), StandardCharsets.US_ASCII),
                    new String(((Dense) fixed.sequences()).data().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
                            StandardCharsets.US_ASCII));
            assertEquals(0, fixed.leadingShape().length);
        }
        // ragged, deterministic, jitter 0: every span is 0, so the generator is untouched
        RefDataset jittered = ds.withDeterministic(false);
        try (DatasetOutput a = jittered.get(0); DatasetOutput b = jittered.withJitter(1).get(0)) {
            int shift = NumpyGenerator.seeded(9).integersUpTo(new int[] {2})[0];
            Region g = ds.regions().get(0);
            String want = SyntheticDataset.reverseComplement(new String(reference.fetch(g.chrom(),
                    g.start() + shift - 1, g.end() + shift - 1), StandardCharsets.US_ASCII));
            assertEquals(want, row((Ragged) b.sequences(), 0));
        }
    }

    @Test
    void splicedRowsAreConcatenatedExonsAndSubsetsAreNewViews() throws Exception {
        List<String> lines = Files.readAllLines(BED);
        StringBuilder b = new StringBuilder("#chrom\tchromStart\tchromEnd\tname\tscore\tstrand\ttranscript_id\texon_number\n");
        SequencedMap<String, List<Integer>> want = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split("\t");
            String tx = "tx" + (i % 5) + f[5];
            int exon = 10 - i / 5;
            b.append(lines.get(i)).append('\t').append(tx).append('\t').append(exon).append('\n');
            want.computeIfAbsent(tx, k -> new ArrayList<>()).add(0, i);
        }
        Path bed = Files.writeString(tmp.resolve("tx.bed"), b);
        RefDataset plain = RefDataset.open(bed, reference);
        RefDataset spliced = plain.spliceInfo("transcript_id", "exon_number");
        assertEquals(List.copyOf(want.keySet()), spliced.splicedRowKeys());
        try (DatasetOutput exons = plain.getAll(); DatasetOutput out = spliced.getAll();
             DatasetOutput padded = spliced.withLen(OutputLength.variable()).getAll()) {
            Ragged per = (Ragged) exons.sequences();
            Ragged sp = (Ragged) out.sequences();
            Dense pad = (Dense) padded.sequences();
            int t = 0;
            for (List<Integer> rows : want.values()) {
                StringBuilder concat = new StringBuilder();
                rows.forEach(r -> concat.append(row(per, r)));
                assertEquals(concat.toString(), row(sp, t), spliced.splicedRowKeys().get(t));
                String p = new String(pad.row(t).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII);
                assertEquals(concat + "N".repeat((int) pad.width() - concat.length()), p);
                t++;
            }
        }
        RefDataset sub = spliced.subsetTo(new int[] {-1, 0});
        assertEquals(List.of(spliced.splicedRowKeys().getLast(), spliced.splicedRowKeys().getFirst()),
                sub.splicedRowKeys());
        assertEquals(want.size(), spliced.size(), "subsetTo leaves its view unchanged");
        try (DatasetOutput a = sub.get(1); DatasetOutput c = spliced.get(0)) {
            assertEquals(row((Ragged) c.sequences(), 0), row((Ragged) a.sequences(), 0));
        }
        assertEquals(want.size(), sub.toFullDataset().size());
        RefDataset two = plain.subsetTo(new int[] {3, 1}).subsetTo(new int[] {1});
        assertEquals(plain.regions().get(1), two.regions().getFirst());
        assertEquals(24, plain.size());
        RefDataset derived = plain.subsetTo(new int[] {3, 1}).withLen(OutputLength.fixed(100)).withJitter(2)
                .withSeed(5).withDeterministic(false);
        assertEquals(List.of(plain.regions().get(3), plain.regions().get(1)), derived.regions(),
                "later view changes keep the subset (GVL's rebuild drops it)");
    }

    @Test
    void derivedViewsShareTheGeneratorSoDrawsContinue() {
        RefDataset ds = RefDataset.open(BED, reference).withLen(OutputLength.fixed(500)).withJitter(50).withSeed(3);
        try (DatasetOutput first = ds.get(6); DatasetOutput second = ds.withRcNeg(true).get(6);
             DatasetOutput fresh = RefDataset.open(BED, reference).withLen(OutputLength.fixed(500)).withJitter(50)
                     .withSeed(3).get(6)) {
            byte[] a = ((Dense) first.sequences()).data().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            byte[] b = ((Dense) second.sequences()).data().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            byte[] f = ((Dense) fresh.sequences()).data().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            org.junit.jupiter.api.Assertions.assertArrayEquals(a, f, "the same seed gives the same first draw");
            org.junit.jupiter.api.Assertions.assertFalse(java.util.Arrays.equals(a, b),
                    "a derived view continues the shared generator instead of restarting it");
        }
    }

    @Test
    void invalidViewsAreRejectedWithReasons() {
        RefDataset ds = RefDataset.open(BED, reference);
        int min = ds.regions().stream().mapToInt(Region::length).min().orElseThrow();
        assertMessage("jitter must be >= 0", () -> ds.withJitter(-1));
        assertMessage("exceeds the shortest region", () -> ds.withJitter(min + 1));
        assertMessage("plus twice the jitter", () -> ds.withLen(OutputLength.fixed(min - 1)).withJitter(1));
        assertMessage("plus twice the jitter", () -> ds.withLen(OutputLength.fixed(min + 1)));
        RefDataset spliced = ds.spliceInfo(SpliceMap.fromKeys(List.of("a", "a", "b")));
        assertMessage("jitter 1 is not supported with splicing", () -> spliced.withJitter(1));
        assertMessage("non-deterministic", () -> spliced.withDeterministic(false));
        assertMessage("fixed length 5", () -> spliced.withLen(OutputLength.fixed(5)));
        assertMessage("no column 'transcript_id'", () -> ds.spliceInfo("transcript_id"));
        assertMessage("came without a BED", () -> RefDataset.of(ds.regions(), reference).spliceInfo("name"));
        assertMessage("lists row 99", () -> ds.spliceInfo(SpliceMap.of(new LinkedHashMap<>(
                java.util.Map.of("x", new int[] {99})))));
        assertMessage("does not have", () -> RefDataset.of(List.of(new Region(0, "chr9", 0, 10, 1)), reference));
        assertMessage("at least one region", () -> RefDataset.of(List.of(), reference));
        assertMessage("not spliced", ds::splicedRowKeys);
        assertThrows(IllegalStateException.class, spliced::regions);
        assertThrows(IndexOutOfBoundsException.class, () -> ds.get(24));
        assertThrows(IndexOutOfBoundsException.class, () -> spliced.get(-3));
        try (DatasetOutput out = ds.get(-1)) {
            assertEquals(ds.regions().getLast().length(), ((Ragged) out.sequences()).totalLength());
        }
        assertEquals(IntStream.range(0, 3).boxed().toList(),
                RefDataset.of(ds.regions().subList(5, 8), reference).regions().stream().map(Region::inputRow).toList());
    }


    private static void assertMessage(String part, org.junit.jupiter.api.function.Executable body) {
        RuntimeException e = assertThrows(RuntimeException.class, body);
        assertTrue(e.getMessage().contains(part), "expected '" + part + "' in: " + e.getMessage());
    }
}
