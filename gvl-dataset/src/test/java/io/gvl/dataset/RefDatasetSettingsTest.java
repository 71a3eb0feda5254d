package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.core.kernel.rng.NumpyGenerator;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.DummyVariant;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.Parallel;
import io.gvl.dataset.settings.Settings;
import io.gvl.dataset.settings.TokenAlphabet;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RefDataset#withSettings} on the real 1 Mb FASTA: the jitter, seed, deterministic and rcNeg settings give
 * the bytes of their {@code with...} shortcuts and of GVL's draw (seed in the case name), and a setting a
 * {@code RefDataset} does not have is refused by name.
 */
class RefDatasetSettingsTest {
    private static final int LEN = 200;
    private static final int[] ROWS = {4, 0, 17, 4, -1};

    @TempDir
    static Path tmp;
    static Reference reference;

    @BeforeAll
    static void open() {
        reference = Reference.open(RefDatasetTest.FASTA, tmp.resolve("cache"));
    }

    @AfterAll
    static void close() {
        reference.close();
    }

    private static byte[] bytes(RefDataset ds) {
        try (DatasetOutput out = ds.get(ROWS)) {
            return ((Dense) out.sequences()).data().toArray(ValueLayout.JAVA_BYTE);
        }
    }

    /** Rows {@link #ROWS} as GVL draws them: one shift in {@code [0, len - LEN + 2 * jitter]} per row. */
    private static byte[] gvlDraw(RefDataset ds, NumpyGenerator hand, int jitter) {
        int[] maxShift = new int[ROWS.length];
        Region[] regions = new Region[ROWS.length];
        for (int i = 0; i < ROWS.length; i++) {
            regions[i] = ds.regions().get(Math.floorMod(ROWS[i], ds.size()));
            maxShift[i] = regions[i].length() - LEN + 2 * jitter;
        }
        int[] shift = hand.integersUpTo(maxShift);
        StringBuilder want = new StringBuilder();
        for (int i = 0; i < ROWS.length; i++) {
            Region g = regions[i];
            int start = g.start() + shift[i] - jitter;
            String w = new String(reference.fetch(g.chrom(), start, start + LEN), StandardCharsets.US_ASCII);
            want.append(g.strand() < 0 ? SyntheticDataset.reverseComplement(w) : w);
        }
        return want.toString().getBytes(StandardCharsets.US_ASCII);
    }

    @ParameterizedTest(name = "seed={0}, jitter={1}")
    @CsvSource({"0, 1", "1, 3", "7, 50", "42, 0", "12345, 17"})
    void withSettingsJitterGivesTheBytesOfWithJitterAndOfGvlsDraw(long seed, int jitter) {
        RefDataset base = RefDataset.open(RefDatasetTest.BED, reference).withLen(OutputLength.fixed(LEN))
                .withDeterministic(false);
        RefDataset bySettings = base.withSeed(seed).withSettings(s -> s.withJitter(jitter));
        RefDataset byShortcut = base.withSeed(seed).withJitter(jitter);
        RefDataset allSettings = base.withSettings(s -> s.withSeed(seed).withJitter(jitter));
        assertEquals(jitter, bySettings.jitter());
        assertEquals(jitter, bySettings.settings().jitter());
        NumpyGenerator hand = NumpyGenerator.seeded(seed);
        for (int call = 0; call < 2; call++) {
            byte[] want = gvlDraw(base, hand, jitter);
            String at = "seed " + seed + " jitter " + jitter + " call " + call;
            assertArrayEquals(want, bytes(bySettings), at + ": withSettings");
            assertArrayEquals(want, bytes(byShortcut), at + ": withJitter");
            assertArrayEquals(want, bytes(allSettings), at + ": seed and jitter in one withSettings");
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @CsvSource({"3", "8", "99"})
    void deterministicRcNegAndSeedSettingsMatchTheirShortcuts(long seed) {
        RefDataset base = RefDataset.open(RefDatasetTest.BED, reference).withLen(OutputLength.fixed(LEN))
                .withJitter(2);
        byte[] shortcut = bytes(base.withSeed(seed).withDeterministic(false).withRcNeg(false));
        RefDataset bySettings = base.withSettings(s -> s.withSeed(seed).withDeterministic(false).withRcNeg(false));
        assertArrayEquals(shortcut, bytes(bySettings), "seed " + seed);
        assertFalse(bySettings.deterministic());
        assertFalse(bySettings.rcNeg());
        Settings s = bySettings.settings();
        assertEquals(new Settings(2, Optional.empty(), false, false, true, OptionalDouble.empty(),
                OptionalDouble.empty(), Settings.DEFAULT_VAR_FIELDS, Optional.empty(), false, 0, Optional.empty(),
                Parallel.AUTO), s, "settings() reports the view, no seed, defaults");
    }

    @Test
    void withSettingsWithoutASeedKeepsTheSharedGenerator() {
        RefDataset ds = RefDataset.open(RefDatasetTest.BED, reference).withLen(OutputLength.fixed(LEN))
                .withDeterministic(false).withJitter(5).withSeed(11);
        NumpyGenerator hand = NumpyGenerator.seeded(11);
        assertArrayEquals(gvlDraw(ds, hand, 5), bytes(ds), "first draw");
        assertArrayEquals(gvlDraw(ds, hand, 5), bytes(ds.withSettings(UnaryOperator.identity())),
                "a derived view continues the draws");
    }

    @Test
    void invalidJitterThroughSettingsFailsLikeWithJitter() {
        RefDataset ds = RefDataset.open(RefDatasetTest.BED, reference);
        int min = ds.regions().stream().mapToInt(Region::length).min().orElseThrow();
        for (int j : new int[] {-1, min + 1}) {
            String viaShortcut = assertThrows(IllegalArgumentException.class, () -> ds.withJitter(j)).getMessage();
            String viaSettings = assertThrows(IllegalArgumentException.class,
                    () -> ds.withSettings(s -> s.withJitter(j))).getMessage();
            assertEquals(viaShortcut, viaSettings, "jitter " + j);
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ds.withSettings(s -> s.withSeed(-3)))
                .getMessage().contains("non-negative"));
    }

    static Stream<Arguments> unsupported() {
        return Stream.of(
                Arguments.of("realignTracks", (UnaryOperator<Settings>) s -> s.withRealignTracks(false)),
                Arguments.of("minAf", (UnaryOperator<Settings>) s -> s.withMinAf(0.1)),
                Arguments.of("maxAf", (UnaryOperator<Settings>) s -> s.withMaxAf(0.9)),
                Arguments.of("varFields", (UnaryOperator<Settings>) s -> s.withVarFields("alt", "start", "ref")),
                Arguments.of("dummyVariant",
                        (UnaryOperator<Settings>) s -> s.withDummyVariant(DummyVariant.defaults())),
                Arguments.of("unphasedUnion", (UnaryOperator<Settings>) s -> s.withUnphasedUnion(true)),
                Arguments.of("flankLength", (UnaryOperator<Settings>) s -> s.withFlankLength(2)),
                Arguments.of("tokens", (UnaryOperator<Settings>) s -> s.withTokens(TokenAlphabet.of("ACGT", 4))),
                Arguments.of("parallel", (UnaryOperator<Settings>) s -> s.withParallel(Parallel.TRUE)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unsupported")
    void aSettingRefDatasetDoesNotHaveIsRefusedByName(String name, UnaryOperator<Settings> change) {
        RefDataset ds = RefDataset.open(RefDatasetTest.BED, reference);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ds.withSettings(s -> change.apply(s.withJitter(1))));
        assertTrue(e.getMessage().contains("'" + name + "'"), e.getMessage());
        assertTrue(e.getMessage().startsWith("RefDataset does not support the setting"), e.getMessage());
    }

    @Test
    void unsupportedSettingsLeftAtTheirDefaultsAreAccepted() {
        RefDataset ds = RefDataset.open(RefDatasetTest.BED, reference).withSettings(s -> s.withJitter(2)
                .withRealignTracks(true).withParallel(Parallel.AUTO).withVarFields(Settings.DEFAULT_VAR_FIELDS)
                .withoutMinAf().withoutDummyVariant().withFlankLength(0));
        assertEquals(2, ds.jitter());
    }
}
