package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The inputs of the {@link KillHarness} cases, made once in one directory: real data (vg-z-synth16: the real contig z
 * with 16 synthetic phased samples; the PLINK 2 example {@code many.pgen}, 1000 samples) over enough regions that a
 * write runs long enough to be killed half way, the datasets the readers, {@code update} and {@code concat} start
 * from, a format 1.x copy for {@code migrate}, and the ONNX test model.
 *
 * @param dir     where everything is
 * @param regions the number of 2 kb regions tiling contig z in {@code bed}
 */
record KillInputs(Path dir, int regions) {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path Z = DATA.resolve("real-derived/vg-z-synth16");
    static final Path VCF = Z.resolve("z_synth16.norm.vcf.gz");
    static final Path FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");
    static final Path PGEN = DATA.resolve("pgen-examples/many.pgen");

    Path bed() {
        return dir.resolve("many.bed");
    }

    Path pgenBed() {
        return dir.resolve("pgen.bed");
    }

    /** A dataset of the first tenth of {@link #bed()}: what update, migrate, predict, export and fetch start from. */
    Path base() {
        return dir.resolve("base.gvl");
    }

    /** The 24 regions of vg-z-synth16: the dataset {@code write --overwrite} replaces. */
    Path small() {
        return dir.resolve("small.gvl");
    }

    /** {@link #bed()} with samples S00-S07 and S08-S15: the inputs of {@code concat --axis samples}. */
    Path half(int i) {
        return dir.resolve("half" + i + ".gvl");
    }

    /** {@link #base()} with the annotation track {@code score}, downgraded to format 1.x. */
    Path legacy() {
        return dir.resolve("legacy.gvl");
    }

    /** A BED-like annotation (value in column 5) tiling contig z in 10 bp intervals. */
    Path annot() {
        return dir.resolve("score.bed");
    }

    Path model() {
        return dir.resolve("tiny-cnn.onnx");
    }

    Path cache() {
        return dir.resolve("cache");
    }

    static KillInputs make(Path dir, int regions) throws IOException {
        KillInputs in = new KillInputs(dir, regions);
        long length = Long.parseLong(Files.readAllLines(Path.of(FASTA + ".fai")).getFirst().split("\t")[1]);
        Files.writeString(in.bed(), tiling(regions, length));
        Files.writeString(dir.resolve("base.bed"), tiling(Math.max(1, regions / 10), length));
        StringBuilder pgen = new StringBuilder();
        for (int i = 0; i < regions / 10; i++) {
            pgen.append("chr2\t").append(900 + i % 200).append('\t').append(1100 + i % 200).append('\n');
        }
        Files.writeString(in.pgenBed(), pgen.toString());
        StringBuilder annot = new StringBuilder();
        for (long s = 0; s + 10 <= length; s += 10) {
            annot.append("z\t").append(s).append('\t').append(s + 10).append("\tx\t").append(s % 97).append('\n');
        }
        Files.writeString(in.annot(), annot.toString());
        try (InputStream m = KillInputs.class.getResourceAsStream("/onnx/tiny-cnn.onnx")) {
            Files.copy(m, in.model());
        }
        ok("write", in.base().toString(), "--bed", dir.resolve("base.bed").toString(), "--vcf", VCF.toString());
        ok("write", in.small().toString(), "--bed", Z.resolve("regions.bed").toString(), "--vcf", VCF.toString());
        for (int i = 0; i < 2; i++) {
            ok("write", in.half(i).toString(), "--bed", in.bed().toString(), "--vcf", VCF.toString(), "--samples",
                    i == 0 ? "S00,S01,S02,S03,S04,S05,S06,S07" : "S08,S09,S10,S11,S12,S13,S14,S15");
        }
        io.gvl.testing.DirectoryCopy.copyTree(in.base(), in.legacy());
        ok("update", in.legacy().toString(), "--annot", "score=" + in.annot());
        toFormat1(in.legacy(), in.legacy().resolve("annot_intervals/score"));
        return in;
    }

    private static String tiling(int n, long length) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            long s = (i * 24L) % (length - 2000);
            sb.append("z\t").append(s).append('\t').append(s + 2000).append('\n');
        }
        return sb.toString();
    }

    private static void ok(String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(0, r.exitCode(), String.join(" ", args) + ": " + r.err());
    }

    /** Rewrites {@code track} as format 1.x stores it (one array-of-structs intervals.npy) and says so. */
    private static void toFormat1(Path dataset, Path track) throws IOException {
        ByteBuffer s = le(track.resolve("starts.npy"));
        ByteBuffer e = le(track.resolve("ends.npy"));
        ByteBuffer v = le(track.resolve("values.npy"));
        ByteBuffer out = ByteBuffer.allocate(s.remaining() * 3).order(ByteOrder.LITTLE_ENDIAN);
        while (s.hasRemaining()) {
            out.putInt(s.getInt()).putInt(e.getInt()).putFloat(v.getFloat());
        }
        Files.write(track.resolve("intervals.npy"), out.array());
        for (String f : List.of("starts.npy", "ends.npy", "values.npy")) {
            Files.delete(track.resolve(f));
        }
        Path meta = dataset.resolve("metadata.json");
        String json = Files.readString(meta);
        String legacy = json.replace("\"format_version\":\"2.0.0\"", "\"format_version\":\"1.0.0\"");
        assertEquals(false, legacy.equals(json), "format_version 2.0.0 in " + meta);
        Files.writeString(meta, legacy);
    }

    /** A track file: a header-less little-endian array, as format 2.0 stores it. */
    private static ByteBuffer le(Path raw) throws IOException {
        return ByteBuffer.wrap(Files.readAllBytes(raw)).order(ByteOrder.LITTLE_ENDIAN);
    }
}
