package io.gvl.format;

import io.gvl.format.array.IntervalTrackWriter;
import io.gvl.format.io.DatasetFiles;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A corpus of damaged datasets, each derived from the Appendix A example. Every case must fail with a
 * {@link DatasetFormatException} whose message names the damaged file and the problem.
 */
class CorruptDatasetTest {
    @TempDir
    Path tmp;

    /** Damages a fresh dataset in place. */
    interface Damage {
        void apply(Path ds) throws IOException;
    }

    /** What to do with the damaged dataset: open it, or open and read further. */
    enum Action { OPEN, VERIFY, INPUT_REGIONS, VARIANTS, RANGE }

    private static Arguments c(String name, Damage d, Action a, String file, String problem) {
        return Arguments.of(name, d, a, file, problem);
    }

    private static void truncate(Path f, int bytes) throws IOException {
        byte[] b = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(b, b.length - bytes));
    }

    private static void append(Path f, int bytes) throws IOException {
        byte[] b = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(b, b.length + bytes));
    }

    private static void putLong(Path f, int index, long v) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(index * 8, v);
        Files.write(f, b.array());
    }

    private static void putInt(Path f, int byteOffset, int v) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(byteOffset, v);
        Files.write(f, b.array());
    }

    private static void replace(Path f, String from, String to) throws IOException {
        String s = Files.readString(f);
        if (!s.contains(from)) {
            throw new IllegalStateException(f + " lacks " + from);
        }
        Files.writeString(f, s.replace(from, to));
    }

    private static void npyHeader(Path f, String from, String to) throws IOException {
        byte[] b = Files.readAllBytes(f);
        String s = new String(b, StandardCharsets.ISO_8859_1);
        Files.write(f, s.replace(from, to).getBytes(StandardCharsets.ISO_8859_1));
    }

    static Stream<Arguments> corpus() {
        String off = "genotypes/offsets.npy";
        String idx = "genotypes/variant_idxs.npy";
        String meta = "metadata.json";
        return Stream.of(
                c("truncated offsets", ds -> truncate(ds.resolve(off), 8), Action.OPEN, "offsets.npy",
                        "expected 13"),
                c("offsets length not a multiple of 8", ds -> truncate(ds.resolve(off), 3), Action.OPEN,
                        "offsets.npy", "not a multiple of 8"),
                c("variant_idxs length not a multiple of 4", ds -> append(ds.resolve(idx), 2), Action.OPEN,
                        "variant_idxs.npy", "not a multiple of 4"),
                c("truncated track values", ds -> truncate(ds.resolve("intervals/cov/values.npy"), 4), Action.OPEN,
                        "cov", "must be equal"),
                c("regions bad magic", ds -> npyHeader(ds.resolve("regions.npy"), "NUMPY", "NUMPX"), Action.OPEN,
                        "regions.npy", "bad magic"),
                c("regions malformed header", ds -> npyHeader(ds.resolve("regions.npy"), "'shape'", "'shope'"),
                        Action.OPEN, "regions.npy", "malformed NPY header"),
                c("regions wrong dtype", ds -> npyHeader(ds.resolve("regions.npy"), "'<i4'", "'<f4'"), Action.OPEN,
                        "regions.npy", "expected <i4"),
                c("regions wrong shape", ds -> npyHeader(ds.resolve("regions.npy"), "(3, 4)", "(4, 3)"),
                        Action.OPEN, "regions.npy", "expected (n_regions, 4)"),
                c("regions truncated data", ds -> truncate(ds.resolve("regions.npy"), 4), Action.OPEN,
                        "regions.npy", "truncated"),
                c("offsets not monotone", ds -> putLong(ds.resolve(off), 2, 5), Action.VERIFY, "offsets.npy",
                        "decrease"),
                c("offsets not monotone (read)", ds -> putLong(ds.resolve(off), 2, 5), Action.RANGE, "offsets.npy",
                        "decrease"),
                c("offsets past the data end", ds -> putLong(ds.resolve(off), 12, 9), Action.OPEN, "offsets.npy",
                        "past the data end"),
                c("first offset not zero", ds -> putLong(ds.resolve(off), 0, 1), Action.OPEN, "offsets.npy",
                        "expected 0"),
                c("variant index outside the table", ds -> putInt(ds.resolve(idx), 0, 99), Action.VERIFY,
                        "variant_idxs.npy", "variant table has 4 rows"),
                c("missing metadata.json", ds -> Files.delete(ds.resolve(meta)), Action.OPEN, "metadata.json",
                        "not found"),
                c("missing regions.npy", ds -> Files.delete(ds.resolve("regions.npy")), Action.OPEN, "regions.npy",
                        "not found"),
                c("missing input_regions.arrow", ds -> Files.delete(ds.resolve("input_regions.arrow")), Action.OPEN,
                        "input_regions.arrow", "missing"),
                c("missing genotype offsets", ds -> Files.delete(ds.resolve(off)), Action.OPEN, "offsets.npy",
                        "missing"),
                c("missing track file", ds -> Files.delete(ds.resolve("intervals/cov/ends.npy")), Action.OPEN,
                        "ends.npy", "missing"),
                c("malformed JSON", ds -> replace(ds.resolve(meta), "\"samples\":", "\"samples\""), Action.OPEN,
                        "metadata.json", "malformed JSON"),
                c("JSON not an object", ds -> Files.writeString(ds.resolve(meta), "[1,2]"), Action.OPEN,
                        "metadata.json", "JSON object"),
                c("format_version missing", ds -> replace(ds.resolve(meta), ",\"format_version\":\"2.0.0\"", ""),
                        Action.OPEN, "metadata.json", "gvl migrate"),
                c("format_version 1.x", ds -> replace(ds.resolve(meta), "\"2.0.0\"", "\"1.2.0\""), Action.OPEN,
                        "metadata.json", "gvl migrate"),
                c("format_version from the future", ds -> replace(ds.resolve(meta), "\"2.0.0\"", "\"3.0.0\""),
                        Action.OPEN, "metadata.json", "upgrade gvl"),
                c("format_version not semver", ds -> replace(ds.resolve(meta), "\"2.0.0\"", "\"v2\""), Action.OPEN,
                        "metadata.json", "not a semantic version"),
                c("n_regions disagrees with regions.npy", ds -> replace(ds.resolve(meta), "\"n_regions\":3",
                        "\"n_regions\":4"), Action.OPEN, "regions.npy", "n_regions = 4"),
                c("unknown contig code", ds -> putInt(ds.resolve("regions.npy"), 128 + 4 * (0 * 3 + 2), 7), Action.OPEN,
                        "regions.npy", "contig code 7"),
                c("bad strand", ds -> putInt(ds.resolve("regions.npy"), 128 + 4 * (3 * 3 + 0), 0), Action.OPEN, "regions.npy",
                        "strand 0"),
                c("samples not strings", ds -> replace(ds.resolve(meta), "[\"s1\",\"s2\"]", "[1,2]"), Action.OPEN,
                        "metadata.json", "'samples'"),
                c("missing samples key", ds -> replace(ds.resolve(meta), "\"samples\":[\"s1\",\"s2\"],", ""),
                        Action.OPEN, "metadata.json", "'samples' is missing"),
                c("ploidy null with genotypes", ds -> replace(ds.resolve(meta), "\"ploidy\":2", "\"ploidy\":null"),
                        Action.OPEN, "metadata.json", "ploidy is null"),
                c("sample count disagrees with offsets", ds -> replace(ds.resolve(meta), "[\"s1\",\"s2\"]",
                        "[\"s1\",\"s2\",\"s3\"]"), Action.OPEN, "offsets.npy", "expected 19"),
                c("same track name in both folders", ds -> {
                    try (IntervalTrackWriter w = new IntervalTrackWriter(ds, TrackScope.ANNOTATION, "cov", 3)) {
                        for (int r = 0; r < 3; r++) {
                            w.appendCell(new int[0], new int[0], new float[0], 0, 0);
                        }
                    }
                }, Action.OPEN, "cov", "both"),
                c("format 1.x track", ds -> Files.move(ds.resolve("intervals/cov/starts.npy"),
                        ds.resolve("intervals/cov/intervals.npy")), Action.OPEN, "cov", "gvl migrate"),
                c("input_regions.arrow not Arrow", ds -> Files.writeString(ds.resolve("input_regions.arrow"),
                        "chrom\tstart\n"), Action.INPUT_REGIONS, "input_regions.arrow", "not a readable Arrow"),
                c("input_regions.arrow truncated", ds -> truncate(ds.resolve("input_regions.arrow"), 40),
                        Action.INPUT_REGIONS, "input_regions.arrow", "Arrow"),
                c("input_regions contig unknown", ds -> replace(ds.resolve(meta), "[\"chr1\",\"chr2\"]",
                        "[\"chr1\",\"chr3\"]"), Action.INPUT_REGIONS, "input_regions.arrow", "'chr2'"),
                c("variants.arrow missing", ds -> Files.delete(ds.resolve("genotypes/variants.arrow")),
                        Action.VARIANTS, "variants.arrow", "missing"),
                c("neither genotypes nor tracks", ds -> {
                    io.gvl.format.internal.FileTrees.deleteQuietly(ds.resolve("genotypes"));
                    io.gvl.format.internal.FileTrees.deleteQuietly(ds.resolve("intervals"));
                }, Action.OPEN, "", "neither genotypes"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void damagedDatasetsFailWithTheFileAndTheProblem(String name, Damage damage, Action action, String file,
                                                     String problem) throws IOException {
        Path ds = AppendixA.publish(tmp.resolve("ds.gvl"));
        damage.apply(ds);
        DatasetFormatException e = assertThrows(DatasetFormatException.class, () -> {
            try (DatasetFiles f = DatasetFiles.open(ds)) {
                switch (action) {
                    case OPEN -> { }
                    case VERIFY -> f.verify();
                    case INPUT_REGIONS -> f.inputRegions();
                    case VARIANTS -> f.variants();
                    case RANGE -> f.genotypes().orElseThrow().variantRange(0, 1, 0);
                }
            }
        });
        String msg = e.getMessage();
        assertTrue(msg.contains(file), () -> "message should name " + file + ": " + msg);
        assertTrue(msg.contains(problem), () -> "message should say '" + problem + "': " + msg);
    }
}
