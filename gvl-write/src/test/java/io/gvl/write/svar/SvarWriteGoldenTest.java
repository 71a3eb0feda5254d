package io.gvl.write.svar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gvl.format.io.ArrowTableFile;
import io.gvl.testing.DirectoryCopy;
import io.gvl.testing.TestFiles;
import io.gvl.write.Gvl;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * gvl's write of a dataset linked to a genoray store against the dataset GenVarLoader 0.43.1 wrote from the same
 * store, BED, samples, jitter and tracks ({@code tools/goldens/gvl043/gen_svar.py}): every file byte for byte, except
 * {@code metadata.json}'s {@code absolute_path} (GVL's points at the generator's scratch directory) and
 * {@code input_regions.arrow}, compared by content (its bytes depend on polars' Arrow writer; docs/format.md). The store is
 * copied to a temporary directory and the dataset written beside it, so {@code relative_path} must match as well.
 */
class SvarWriteGoldenTest {
    static final Path ROOT = TestFiles.gvl043("svar");
    static final List<String> SUBSET = List.of("S11", "S03", "S07", "S14", "S00");

    /** A GVL-written dataset and the inputs it was written from. */
    record Case(String dataset, String store, String bed, List<String> samples, int maxJitter, boolean track) {
        @Override
        public String toString() {
            return dataset;
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                new Case("ds_svar2", "z.svar2", "regions.bed", null, 0, false),
                new Case("ds_svar2_subset", "z.svar2", "regions.bed", SUBSET, 0, false),
                new Case("ds_svar2_adv", "z.svar2", "adv.bed", null, 0, false),
                new Case("ds_svar2_jit", "z.svar2", "regions.bed", null, 8, false),
                new Case("ds_svar2_ds", "zds.svar2", "regions.bed", null, 0, false),
                new Case("ds_svar2_f", "zf.svar2", "regions.bed", null, 0, false),
                new Case("ds_svar2_trk", "z.svar2", "adv.bed", List.of("S02", "S00"), 0, true),
                new Case("ds_yz_svar2", "yz.svar2", "yz.bed", null, 0, false),
                new Case("ds_svar", "z.svar", "regions.bed", null, 0, false),
                new Case("ds_svar_subset", "z.svar", "regions.bed", SUBSET, 0, false),
                new Case("ds_svar_adv", "z.svar", "adv.bed", null, 0, false),
                new Case("ds_svar_jit", "z.svar", "regions.bed", null, 8, false),
                new Case("ds_svar_ds", "zds.svar", "regions.bed", null, 0, false),
                new Case("ds_svar_pgen", "zp.svar", "regions.bed", null, 0, false),
                new Case("ds_svar_trk", "z.svar", "adv.bed", List.of("S02", "S00"), 0, true),
                new Case("ds_yz_svar", "yz.svar", "yz.bed", null, 0, false))
                .map(Arguments::of);
    }

    /** Writes {@code c} with gvl next to a copy of its store under {@code tmp}; returns the dataset directory. */
    static Path write(Case c, Path tmp) throws IOException {
        return write(c, tmp, WriteOptions.DEFAULT_MAX_MEM);
    }

    /** As {@link #write(Case, Path)} with a memory budget. */
    static Path write(Case c, Path tmp, long maxMem) throws IOException {
        Path store = tmp.resolve(c.store());
        if (!Files.exists(store)) {
            DirectoryCopy.copyTree(ROOT.resolve(c.store()), store);
        }
        Path out = tmp.resolve(c.dataset());
        WriteOptions.Builder b = WriteOptions.builder(ROOT.resolve("inputs").resolve(c.bed())).variants(store)
                .maxJitter(c.maxJitter()).samples(c.samples()).maxMem(maxMem);
        if (c.track()) {
            Map<String, Path> bw = new LinkedHashMap<>();
            c.samples().forEach(s -> bw.put(s, ROOT.resolve("inputs/sig.bw")));
            b.track(new BigWigs("sig", bw));
        }
        Gvl.write(out, b.build());
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void gvlWritesTheLinkedDatasetGvlWrote(Case c, @TempDir Path tmp) throws IOException {
        assertSameFiles(c, tmp, write(c, tmp));
    }

    /**
     * A budget of one byte computes the ranges one region at a time; the bytes do not change. (A track needs its
     * region's intervals in memory, so the track cases get 4 KiB.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aTinyMemoryBudgetWritesTheSameBytes(Case c, @TempDir Path tmp) throws IOException {
        assertSameFiles(c, tmp, write(c, tmp, c.track() ? 4096 : 1));
    }

    static void assertSameFiles(Case c, Path tmp, Path ours) throws IOException {
        Path theirs = ROOT.resolve(c.dataset());
        Map<String, byte[]> want = files(theirs);
        Map<String, byte[]> got = files(ours);
        assertEquals(want.keySet(), got.keySet(), "the dataset's files");
        for (String f : want.keySet()) {
            if (f.equals("input_regions.arrow")) {
                assertEquals(ArrowTableFile.read(theirs.resolve(f)), ArrowTableFile.read(ours.resolve(f)), f);
            } else if (f.equals("metadata.json")) {
                assertEquals(withoutAbsolutePath(want.get(f)), withoutAbsolutePath(got.get(f)), f);
                assertTrue(new String(got.get(f)).contains("\"absolute_path\":\""
                        + tmp.resolve(c.store()).toRealPath() + "\""), "absolute_path is the store's real path");
            } else {
                assertArrayEquals(want.get(f), got.get(f), f);
            }
        }
        assertFalse(Files.exists(tmp.resolve(c.store()).resolve("genotypes")), "the store is not written to");
    }

    /** Every regular file under {@code dir} by relative path. */
    static Map<String, byte[]> files(Path dir) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
        }
        return out;
    }

    /** The metadata text with {@code absolute_path} blanked, key order and spacing kept. */
    static String withoutAbsolutePath(byte[] json) throws IOException {
        ObjectNode root = (ObjectNode) new ObjectMapper().readTree(json);
        for (String link : List.of("svar_link", "svar2_link")) {
            if (root.get(link) instanceof ObjectNode l) {
                l.put("absolute_path", "<absolute>");
            }
        }
        String text = new String(json, java.nio.charset.StandardCharsets.UTF_8);
        return text.replaceAll("\"absolute_path\":\"[^\"]*\"", "\"absolute_path\":\"<absolute>\"")
                + " / " + root;
    }
}
