package io.gvl.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.array.NpyArray;
import io.gvl.format.array.Npz;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.TestFiles;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Datasets that GenVarLoader 0.43.1 wrote from genoray 6.0.2 {@code .svar} and {@code .svar2} stores (and from the
 * VCF, for comparison), with GVL's outputs on them ({@code tools/goldens/gvl043/gen_svar.py}): every output array
 * GVL gave is compared byte for byte with gvl's read of the same committed dataset. Where gvl deliberately differs
 * on {@code .svar2} (a deletion's ALT is its anchor base, not empty; {@code nVariants} counts the calls instead of
 * GVL's zeros; a 16-bit unsigned field comes out as int32), the test checks gvl's value and that GVL's golden is the
 * documented one.
 */
class StoreGoldenTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path Z_FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");

    @TempDir
    static Path tmp;
    static Path root;
    static JsonNode outputs;
    static final Map<String, Map<String, NpyArray>> NPZ = new HashMap<>();
    static Reference z;
    static Reference yz;

    @BeforeAll
    static void load() throws IOException {
        root = TestFiles.gvl043("svar");
        outputs = new ObjectMapper().readTree(root.resolve("outputs.json").toFile()).get("outputs");
        z = Reference.open(Z_FASTA, tmp.resolve("cache"));
        yz = Reference.open(root.resolve("inputs/yz.fa"), tmp.resolve("cache"));
    }

    @AfterAll
    static void close() {
        z.close();
        yz.close();
    }

    static Stream<Arguments> goldens() throws IOException {
        load();
        List<Arguments> out = new ArrayList<>();
        for (String ds : iterable(outputs.fieldNames())) {
            TreeSet<String> keys = new TreeSet<>(npz("outputs_" + ds + ".npz").keySet());
            JsonNode same = outputs.get(ds).get("same_as");
            if (same != null) {
                same.fieldNames().forEachRemaining(keys::add);
            }
            for (String key : keys) {
                out.add(Arguments.of(ds, key));
            }
        }
        return out.stream();
    }

    private static <T> Iterable<T> iterable(java.util.Iterator<T> it) {
        List<T> l = new ArrayList<>();
        it.forEachRemaining(l::add);
        return l;
    }

    static synchronized Map<String, NpyArray> npz(String file) {
        return NPZ.computeIfAbsent(file, f -> Npz.read(root.resolve(f)));
    }

    static NpyArray golden(String ds, String key) {
        JsonNode same = outputs.get(ds).path("same_as").get(key);
        return npz(same != null ? same.asText() : "outputs_" + ds + ".npz").get(key);
    }

    static boolean isSvar2(String ds) {
        return ds.contains("svar2");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("goldens")
    void gvlReadsTheLinkedDatasetAsGvlDoes(String ds, String key) {
        try {
            check(ds, key, root.resolve(ds));
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError(ds + " " + key + ": " + e.getMessage(), e);
        }
    }

    /** Compares golden {@code key} of dataset {@code ds} with gvl's read of the dataset at {@code dir}. */
    static void check(String ds, String key, Path dir) {
        NpyArray want = golden(ds, key);
        try (Dataset d = Dataset.open(dir, ds.startsWith("ds_yz") ? yz : z)) {
            switch (key) {
                case "n_variants" -> nVariants(ds, d, want);
                case "haplotype_lengths" -> assertArrayEquals(want.data().toArray(ValueLayout.JAVA_BYTE),
                        bytes(d.haplotypeLengths(pairs(d)[0], pairs(d)[1]).orElseThrow()), key);
                case "annot_ref_coords_delta" -> assertArrayEquals(cumsum(want), longs(read(d, "ref_coords",
                        v -> v.withSeqs(SeqKind.ANNOTATED).withLen(OutputLength.ragged()))), key);
                default -> {
                    if (isSvar2(ds) && key.startsWith("var_alt")) {
                        deletionAnchors(ds, d, key, want);
                    } else if (want.descr().equals("<u2")) {
                        // a 16-bit unsigned store field (INFO/DP) is widened to int32, as gvl widens INFO columns
                        int[] widened = new int[(int) want.size()];
                        for (int i = 0; i < widened.length; i++) {
                            widened[i] = want.data().get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i) & 0xFFFF;
                        }
                        assertArrayEquals(bytes(widened), ours(ds, d, key), key + " widened to int32");
                    } else {
                        assertArrayEquals(want.data().toArray(ValueLayout.JAVA_BYTE), ours(ds, d, key), key);
                    }
                }
            }
        }
    }

    private static int[][] pairs(Dataset d) {
        int n = d.regionCount() * d.sampleCount();
        int[] r = IntStream.range(0, n).map(i -> i / d.sampleCount()).toArray();
        int[] s = IntStream.range(0, n).map(i -> i % d.sampleCount()).toArray();
        return new int[][] {r, s};
    }

    /** gvl counts the gathered calls of a {@code .svar2} slot; GVL 0.43.1 returns zeros there (its issue #363). */
    private static void nVariants(String ds, Dataset d, NpyArray want) {
        int[] ours = d.nVariants(pairs(d)[0], pairs(d)[1]);
        long[] golden = want.data().toArray(ValueLayout.JAVA_LONG_UNALIGNED);
        if (isSvar2(ds)) {
            assertTrue(java.util.Arrays.stream(golden).allMatch(v -> v == 0), "GVL's n_variants on .svar2: zeros");
            if (d.maxJitter() == 0) {
                long[] off = golden(ds, "var_offsets").data().toArray(ValueLayout.JAVA_LONG_UNALIGNED);
                assertEquals(off.length - 1, ours.length, "one count per haplotype");
                for (int i = 0; i < ours.length; i++) {
                    assertEquals(off[i + 1] - off[i], ours[i], "haplotype " + i + ": the calls of its variants output");
                }
            }
            return;
        }
        assertArrayEquals(golden, java.util.Arrays.stream(ours).asLongStream().toArray(), "n_variants");
    }

    /**
     * GVL's {@code .svar2} variants output gives a pure deletion an empty ALT; gvl gives the anchor base, as the
     * {@code .svar} and VCF paths (and VCF itself) do. Everything else must match.
     */
    private static void deletionAnchors(String ds, Dataset d, String key, NpyArray want) {
        Dataset v = variants(ds, d);
        byte[] alt = read(d, "alt", x -> v).data;
        long[] altOff = read(d, "alt", x -> v).offsets;
        int[] start = ints(read(d, "start", x -> v));
        int[] ilen = ints(read(d, "ilen", x -> v));
        byte[] gData = golden(ds, "var_alt_data").data().toArray(ValueLayout.JAVA_BYTE);
        long[] gOff = golden(ds, "var_alt_offsets").data().toArray(ValueLayout.JAVA_LONG_UNALIGNED);
        assertEquals(gOff.length, altOff.length, "variant count");
        long[] instances = read(d, "start", x -> v).offsets;
        int perRegion = d.sampleCount() * (instances.length - 1) / (d.regionCount() * d.sampleCount());
        int empty = 0;
        int instance = 0;
        for (int k = 0; k + 1 < gOff.length; k++) {
            while (instances[instance + 1] <= k) {
                instance++;
            }
            io.gvl.dataset.Region region = d.regions().get(instance / perRegion);
            byte[] g = java.util.Arrays.copyOfRange(gData, (int) gOff[k], (int) gOff[k + 1]);
            byte[] o = java.util.Arrays.copyOfRange(alt, (int) altOff[k], (int) altOff[k + 1]);
            if (g.length == 0) {
                empty++;
                assertTrue(ilen[k] < 0, "GVL leaves only deletions empty");
                byte[] anchor = (ds.startsWith("ds_yz") ? yz : z).fetch(region.chrom(), start[k], start[k] + 1);
                if (region.strand() < 0) {
                    anchor[0] = complement(anchor[0]);
                }
                assertArrayEquals(anchor, o, "variant " + k + ": the anchor base (complemented on a minus strand)");
            } else {
                assertArrayEquals(g, o, "variant " + k);
            }
        }
        assertTrue(empty > 0 || gOff.length == 1, "the golden has deletions to check");
    }

    private static byte complement(byte b) {
        return switch (b) {
            case 'A' -> 'T';
            case 'C' -> 'G';
            case 'G' -> 'C';
            case 'T' -> 'A';
            default -> b;
        };
    }

    private static long[] cumsum(NpyArray delta) {
        int[] d = delta.data().toArray(ValueLayout.JAVA_INT_UNALIGNED);
        long[] out = new long[d.length];
        long acc = 0;
        for (int i = 0; i < d.length; i++) {
            acc += d[i];
            out[i] = acc;
        }
        return out;
    }

    private static Dataset variants(String ds, Dataset d) {
        List<String> fields = new ArrayList<>();
        outputs.get(ds).get("settings").get("var_fields").forEach(f -> fields.add(f.asText()));
        return d.withSeqs(SeqKind.VARIANTS).withSettings(s -> s.withVarFields(fields));
    }

    private static byte[] ours(String ds, Dataset d, String key) {
        if (key.startsWith("hap_ragged_")) {
            return part(read(d, "haplotypes", v -> v.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.ragged())),
                    key);
        }
        if (key.startsWith("hap_fixed_")) {
            String[] p = key.split("_");
            int len = Integer.parseInt(p[2]);
            boolean rc = !key.endsWith("_norc");
            return read(d, "haplotypes", v -> v.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(len))
                    .withSettings(s -> s.withRcNeg(rc))).data;
        }
        if (key.equals("annot_var_idxs")) {
            return read(d, "var_idxs", v -> v.withSeqs(SeqKind.ANNOTATED).withLen(OutputLength.ragged())).data;
        }
        if (key.startsWith("var_")) {
            Dataset v = variants(ds, d);
            return switch (key) {
                case "var_offsets" -> bytes(read(d, "start", x -> v).offsets);
                case "var_alt_data" -> read(d, "alt", x -> v).data;
                case "var_alt_offsets" -> bytes(read(d, "alt", x -> v).offsets);
                default -> read(d, key.substring(4), x -> v).data;
            };
        }
        if (key.startsWith("jit_")) {
            return jittered(ds, d, key);
        }
        if (key.startsWith("trk_")) {
            return track(d, key);
        }
        throw new IllegalArgumentException("no reading for golden key " + key);
    }

    private static byte[] jittered(String ds, Dataset d, String key) {
        JsonNode j = outputs.get(ds).get("settings").get("jitter");
        int[] regions = IntStream.range(0, j.get("regions").size()).map(i -> j.get("regions").get(i).asInt()).toArray();
        Dataset v = d.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.ragged()).withSettings(s -> s
                .withJitter(j.get("jitter").asInt()).withDeterministic(false).withSeed(j.get("rng").asLong()));
        if (key.equals("jit_shift")) {
            return jitterShifts(d, regions, j);
        }
        try (DatasetOutput o = v.getGrid(regions, IntStream.range(0, d.sampleCount()).toArray())) {
            return part(flat((Ragged) o.sequences()), key);
        }
    }

    /** The shift of each (region, sample): where the jittered reference window starts against the region. */
    private static byte[] jitterShifts(Dataset d, int[] regions, JsonNode j) {
        int jitter = j.get("jitter").asInt();
        Dataset jit = d.withSeqs(SeqKind.REFERENCE).withLen(OutputLength.ragged()).withSettings(s -> s
                .withJitter(jitter).withDeterministic(false).withSeed(j.get("rng").asLong()).withRcNeg(false));
        int[] samples = IntStream.range(0, d.sampleCount()).toArray();
        int[] shifts = new int[regions.length * samples.length];
        try (DatasetOutput o = jit.getGrid(regions, samples)) {
            Ragged r = (Ragged) o.sequences();
            for (int k = 0; k < regions.length; k++) {
                for (int s = 0; s < samples.length; s++) {
                    byte[] row = r.rowBytes((long) k * samples.length + s);
                    shifts[k * samples.length + s] = shiftOf(d.regions().get(regions[k]), row, jitter);
                }
            }
        }
        return bytes(shifts);
    }

    private static int shiftOf(io.gvl.dataset.Region region, byte[] row, int jitter) {
        int found = Integer.MIN_VALUE;
        for (int shift = -jitter; shift <= jitter; shift++) {
            if (java.util.Arrays.equals(row, z.fetch(region.chrom(), region.start() + shift,
                    region.end() + shift))) {
                assertEquals(Integer.MIN_VALUE, found, "one shift matches");
                found = shift;
            }
        }
        return found;
    }

    private static byte[] track(Dataset d, String key) {
        boolean rc = key.contains("_rc_");
        boolean fixed = key.startsWith("trk_fixed_");
        Dataset v = d.withSeqs(SeqKind.HAPLOTYPES).withTracks("sig")
                .withLen(fixed ? OutputLength.fixed(Integer.parseInt(key.split("_")[2])) : OutputLength.ragged())
                .withSettings(s -> s.withRcNeg(rc));
        boolean values = key.contains("values");
        try (DatasetOutput o = v.getAll()) {
            FlatArray a = values ? o.tracks() : o.sequences();
            if (fixed) {
                return ((Dense) a).data().toArray(ValueLayout.JAVA_BYTE);
            }
            return part(flat((Ragged) a), key);
        }
    }

    /** Data bytes and int64 offsets of one output array. */
    record Flat(byte[] data, long[] offsets) {
    }

    private static Flat read(Dataset d, String array, Function<Dataset, Dataset> view) {
        try (DatasetOutput o = view.apply(d).getAll()) {
            FlatArray a = array.equals("haplotypes") ? o.sequences() : o.get(array);
            return a instanceof Ragged r ? flat(r) : new Flat(((Dense) a).data().toArray(ValueLayout.JAVA_BYTE), null);
        }
    }

    private static Flat flat(Ragged r) {
        return new Flat(r.data().toArray(ValueLayout.JAVA_BYTE), r.offsets().toArray(ValueLayout.JAVA_LONG_UNALIGNED));
    }

    private static byte[] part(Flat f, String key) {
        return key.endsWith("_offsets") ? bytes(f.offsets) : f.data;
    }

    private static int[] ints(Flat f) {
        return MemorySegment.ofArray(f.data).toArray(ValueLayout.JAVA_INT_UNALIGNED);
    }

    private static long[] longs(Flat f) {
        return java.util.Arrays.stream(ints(f)).asLongStream().toArray();
    }

    private static byte[] bytes(long[] v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        b.asLongBuffer().put(v);
        return b.array();
    }

    private static byte[] bytes(int[] v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(v);
        return b.array();
    }

    static {
        assertFalse(ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN, "goldens are little-endian");
    }
}
