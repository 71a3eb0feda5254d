package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.DummyVariant;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.Settings;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.dataset.variants.NestedRagged;
import io.gvl.dataset.variants.Variants;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SequencedMap;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Spliced {@code VARIANTS} on seeded random VCFs: every (spliced row, sample, ploid) row is the concatenation, in
 * splice order, of its elements' unspliced variant rows (fields, AF bounds, ploid folding, minus-strand alleles
 * reverse-complemented alike); the dummy fills whole empty rows only; mixed strands are rejected.
 */
class SplicedVariantsTest {
    /** Input rows 0..9: alternating strands over the random VCF; row 10 lies past every variant. */
    private static final int[][] ROWS = {{40, 160}, {200, 330}, {350, 420}, {500, 640}, {700, 820}, {860, 990},
            {1000, 1130}, {1200, 1310}, {1400, 1520}, {1600, 1750}, {1990, 1999}};
    private static final int EMPTY_ROW = 10;

    @TempDir
    Path tmp;

    private Dataset write(long seed) throws Exception {
        StringBuilder bed = new StringBuilder();
        for (int i = 0; i < ROWS.length; i++) {
            bed.append("chr1\t").append(ROWS[i][0]).append('\t').append(ROWS[i][1]).append("\tr").append(i)
                    .append("\t0\t").append(strand(i) == 1 ? '+' : '-').append('\n');
        }
        Path bedFile = Files.writeString(tmp.resolve("r.bed"), bed);
        Path dir = tmp.resolve("ds-" + seed + ".gvl");
        Gvl.write(dir, WriteOptions.builder(bedFile).variants(RandomVcf.write(tmp, new Random(seed), 3, 120)).build());
        return Dataset.open(dir).withoutTracks().withSeqs(SeqKind.VARIANTS);
    }

    private static int strand(int row) {
        return row == EMPTY_ROW || row % 2 == 0 ? 1 : -1;
    }

    /** Random transcripts of one to three same-strand rows, in random order. */
    private static SpliceMap randomMap(SplittableRandom rng) {
        SequencedMap<String, int[]> groups = new LinkedHashMap<>();
        for (int s : new int[] {1, -1}) {
            List<Integer> rows = new ArrayList<>();
            for (int r = 0; r < EMPTY_ROW; r++) {
                if (strand(r) == s) {
                    rows.add(r);
                }
            }
            for (int k = rows.size() - 1; k > 0; k--) {
                int j = rng.nextInt(k + 1);
                rows.set(k, rows.set(j, rows.get(k)));
            }
            for (int at = 0; at < rows.size(); ) {
                int k = Math.min(rows.size() - at, 1 + rng.nextInt(3));
                groups.put("tx" + groups.size(), rows.subList(at, at + k).stream().mapToInt(Integer::intValue).toArray());
                at += k;
            }
        }
        return SpliceMap.of(groups);
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {61, 62, 63, 64})
    void splicedRowsAreConcatenatedElementRows(long seed) throws Exception {
        try (Dataset ds = write(seed)) {
            boolean union = seed % 2 == 0;
            Dataset plain = ds.withSettings(s -> {
                Settings t = s.withVarFields("alt", "start", "ref", "ilen", "dosage", "AF").withUnphasedUnion(union);
                return seed > 62 ? t.withMinAf(0.2).withMaxAf(0.9) : t;
            });
            SpliceMap map = randomMap(new SplittableRandom(seed));
            Dataset spliced = plain.spliceInfo(map);
            int samples = ds.sampleCount();
            try (DatasetOutput whole = plain.getAll(); DatasetOutput out = spliced.getAll()) {
                Variants per = Variants.of(whole);
                Variants sp = Variants.of(out);
                long p = sp.ploidy();
                assertEquals(union ? 1 : 2, p);
                assertEquals(per.scalarFields(), sp.scalarFields());
                long variants = 0;
                for (int t = 0; t < map.size(); t++) {
                    for (int j = 0; j < samples; j++) {
                        for (int h = 0; h < p; h++) {
                            Map<String, List<String>> want = new LinkedHashMap<>();
                            for (int r : map.rows(t)) {
                                row(per, ((long) r * samples + j) * p + h).forEach((k, v) ->
                                        want.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
                            }
                            Map<String, List<String>> got = row(sp, ((long) t * samples + j) * p + h);
                            assertEquals(want, got, "seed " + seed + " " + map.keys().get(t) + " sample " + j
                                    + " ploid " + h);
                            variants += got.get("start").size();
                        }
                    }
                }
                assertEquals(variants, sp.variants());
                assertTrue(variants > 0, "seed " + seed + " has variants");
            }
        }
    }

    @Test
    void theDummyFillsOnlyRowsEmptyAsAWhole() throws Exception {
        try (Dataset ds = write(71)) {
            DummyVariant dummy = DummyVariant.defaults().withAlleles("A", "C").withStart(-7);
            SequencedMap<String, int[]> groups = new LinkedHashMap<>();
            groups.put("empty", new int[] {EMPTY_ROW});
            groups.put("mixed", new int[] {EMPTY_ROW, 0});
            Dataset plain = ds.withSettings(s -> s.withVarFields("alt", "start", "ref"));
            Dataset spliced = plain.withSettings(s -> s.withDummyVariant(dummy)).spliceInfo(SpliceMap.of(groups));
            try (DatasetOutput elem = plain.get(0, 1); DatasetOutput out = spliced.getAll()) {
                Variants sp = Variants.of(out);
                int s = ds.sampleCount();
                for (int j = 0; j < s; j++) {
                    for (int h = 0; h < 2; h++) {
                        assertEquals(Map.of("start", List.of(HexFormat.of().formatHex(new byte[] {-7, -1, -1, -1})),
                                "alt", List.of("C"), "ref", List.of("A")), row(sp, (long) j * 2 + h));
                    }
                }
                Variants one = Variants.of(elem);
                for (int h = 0; h < 2; h++) {
                    assertTrue(one.field("start").row(h).byteSize() > 0, "row 0 of sample 1 has variants");
                    assertEquals(row(one, h), row(sp, ((long) s + 1) * 2 + h));
                }
            }
        }
    }

    @Test
    void mixedStrandsAreRejectedUnlessNothingIsReverseComplemented() throws Exception {
        try (Dataset ds = write(81)) {
            Dataset spliced = ds.spliceInfo(SpliceMap.fromKeys(List.of("tx-a", "tx-a", "tx-b")));
            RuntimeException e = assertThrows(IllegalArgumentException.class, spliced::getAll);
            assertTrue(e.getMessage().contains("'tx-a' mixes strands"), e.getMessage());
            Dataset forward = spliced.withSettings(s -> s.withRcNeg(false));
            try (DatasetOutput out = forward.getAll(); DatasetOutput a = ds.withSettings(s -> s.withRcNeg(false))
                    .get(0, 2); DatasetOutput b = ds.withSettings(s -> s.withRcNeg(false)).get(1, 2)) {
                Variants sp = Variants.of(out);
                for (int h = 0; h < 2; h++) {
                    Map<String, List<String>> want = row(Variants.of(a), h);
                    row(Variants.of(b), h).forEach((k, v) -> want.get(k).addAll(v));
                    assertEquals(want, row(sp, 2L * 2 + h));
                }
            }
        }
    }

    @Test
    void outputBytesCoverTheRows() throws Exception {
        try (Dataset ds = write(91)) {
            SpliceMap map = randomMap(new SplittableRandom(91));
            Dataset spliced = ds.withSettings(s -> s.withVarFields("alt", "start", "ref", "ilen"))
                    .spliceInfo(map);
            for (int t = 0; t < map.size(); t++) {
                try (DatasetOutput out = spliced.get(t, 1)) {
                    // The report counts what the query allocates: the fields' values with one shared set of row
                    // offsets, the alleles with their offsets, and the gathered call indices (4 bytes a call).
                    Variants v = Variants.of(out);
                    Ragged start = v.field("start");
                    long bytes = 8 * start.rows() + start.data().byteSize();
                    for (String f : v.scalarFields()) {
                        bytes += v.field(f).data().byteSize();
                    }
                    for (String a : List.of("alt", "ref")) {
                        NestedRagged n = v.alleles(a).orElseThrow();
                        bytes += n.data().byteSize() + 8 * n.variants();
                    }
                    assertEquals(bytes, spliced.outputBytes(t, 1), map.keys().get(t));
                }
            }
        }
    }

    /** A row's variants per field: scalar elements as hex, alleles as text. */
    private static Map<String, List<String>> row(Variants v, long g) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String f : v.scalarFields()) {
            Ragged r = v.field(f);
            byte[] b = r.row(g).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            int w = r.dtype().byteSize();
            List<String> items = new ArrayList<>();
            for (int i = 0; i < b.length; i += w) {
                items.add(HexFormat.of().formatHex(b, i, i + w));
            }
            out.put(f, items);
        }
        for (String a : List.of("alt", "ref")) {
            v.alleles(a).ifPresent(n -> {
                List<String> items = new ArrayList<>();
                for (long k = n.groupStart(g); k < n.groupStart(g) + n.groupSize(g); k++) {
                    items.add(new String(n.itemBytes(k), java.nio.charset.StandardCharsets.US_ASCII));
                }
                out.put(a, items);
            });
        }
        return out;
    }
}
