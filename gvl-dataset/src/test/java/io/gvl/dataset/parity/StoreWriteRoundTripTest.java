package io.gvl.dataset.parity;

import io.gvl.testing.DirectoryCopy;
import io.gvl.write.Gvl;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The round trip of a linked write: gvl writes each dataset GenVarLoader 0.43.1 wrote from a {@code .svar} or
 * {@code .svar2} store (same store, BED, samples, jitter, track), next to a copy of the store, and gvl's
 * {@code Dataset.open} of that dataset gives every output GVL gave on its own dataset ({@link StoreGoldenTest}'s
 * checks, including the documented differences).
 */
class StoreWriteRoundTripTest {
    static final List<String> SUBSET = List.of("S11", "S03", "S07", "S14", "S00");

    @TempDir
    static Path written;

    /** How GVL wrote each dataset: store, BED, samples, jitter, track. */
    record Recipe(String store, String bed, List<String> samples, int maxJitter, boolean track) {
    }

    static final Map<String, Recipe> RECIPES = Map.ofEntries(
            Map.entry("ds_svar", new Recipe("z.svar", "regions.bed", null, 0, false)),
            Map.entry("ds_svar2", new Recipe("z.svar2", "regions.bed", null, 0, false)),
            Map.entry("ds_svar_subset", new Recipe("z.svar", "regions.bed", SUBSET, 0, false)),
            Map.entry("ds_svar2_subset", new Recipe("z.svar2", "regions.bed", SUBSET, 0, false)),
            Map.entry("ds_svar_adv", new Recipe("z.svar", "adv.bed", null, 0, false)),
            Map.entry("ds_svar2_adv", new Recipe("z.svar2", "adv.bed", null, 0, false)),
            Map.entry("ds_svar_jit", new Recipe("z.svar", "regions.bed", null, 8, false)),
            Map.entry("ds_svar2_jit", new Recipe("z.svar2", "regions.bed", null, 8, false)),
            Map.entry("ds_svar_ds", new Recipe("zds.svar", "regions.bed", null, 0, false)),
            Map.entry("ds_svar2_ds", new Recipe("zds.svar2", "regions.bed", null, 0, false)),
            Map.entry("ds_svar2_f", new Recipe("zf.svar2", "regions.bed", null, 0, false)),
            Map.entry("ds_svar_pgen", new Recipe("zp.svar", "regions.bed", null, 0, false)),
            Map.entry("ds_svar_trk", new Recipe("z.svar", "adv.bed", List.of("S02", "S00"), 0, true)),
            Map.entry("ds_svar2_trk", new Recipe("z.svar2", "adv.bed", List.of("S02", "S00"), 0, true)),
            Map.entry("ds_yz_svar", new Recipe("yz.svar", "yz.bed", null, 0, false)),
            Map.entry("ds_yz_svar2", new Recipe("yz.svar2", "yz.bed", null, 0, false)));

    @BeforeAll
    static void writeAll() throws IOException {
        StoreGoldenTest.tmp = Files.createDirectories(written.resolve("goldens-cache"));
        StoreGoldenTest.load();
        Path root = StoreGoldenTest.root;
        for (Map.Entry<String, Recipe> e : RECIPES.entrySet()) {
            Recipe r = e.getValue();
            Path store = written.resolve(r.store());
            if (!Files.exists(store)) {
                DirectoryCopy.copyTree(root.resolve(r.store()), store);
            }
            WriteOptions.Builder b = WriteOptions.builder(root.resolve("inputs").resolve(r.bed())).variants(store)
                    .maxJitter(r.maxJitter()).samples(r.samples());
            if (r.track()) {
                Map<String, Path> bw = new LinkedHashMap<>();
                r.samples().forEach(s -> bw.put(s, root.resolve("inputs/sig.bw")));
                b.track(new BigWigs("sig", bw));
            }
            Gvl.write(written.resolve(e.getKey()), b.build());
        }
    }

    @AfterAll
    static void close() {
        StoreGoldenTest.close();
    }

    static Stream<Arguments> goldens() throws IOException {
        Set<String> ours = RECIPES.keySet();
        return StoreGoldenTest.goldens().filter(a -> ours.contains((String) a.get()[0]));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("goldens")
    void gvlReadsItsOwnLinkedWriteAsGvlReadsGvls(String ds, String key) {
        try {
            StoreGoldenTest.check(ds, key, written.resolve(ds));
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError(ds + " " + key + ": " + e.getMessage(), e);
        }
    }
}
