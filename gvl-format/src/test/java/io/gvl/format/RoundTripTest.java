package io.gvl.format;

import io.gvl.format.array.GenotypeArrays;
import io.gvl.format.array.IntervalTrack;
import io.gvl.format.array.RawArray;
import io.gvl.format.array.RawArrayWriter;
import io.gvl.format.array.RawDtype;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.format.io.ArrowTableFile;
import io.gvl.format.io.DatasetFiles;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Seeded round trips of every file kind (sizes 0, 1, odd and large), compared byte for byte. */
class RoundTripTest {
    @TempDir
    Path tmp;

    static Stream<Arguments> sizes() {
        return Stream.of(Arguments.of(11L, 0), Arguments.of(12L, 1), Arguments.of(13L, 7), Arguments.of(14L, 999),
                Arguments.of(15L, 1_000_003));
    }

    @ParameterizedTest(name = "raw arrays seed={0} n={1}")
    @MethodSource("sizes")
    void rawArraysStreamInChunksAndMapBack(long seed, int n) throws IOException {
        Random rnd = new Random(seed);
        int[] ints = rnd.ints(n).toArray();
        long[] longs = rnd.longs(n).toArray();
        float[] floats = new float[n];
        for (int i = 0; i < n; i++) {
            floats[i] = Float.intBitsToFloat(rnd.nextInt());
        }
        Path fi = tmp.resolve("i.npy");
        Path fl = tmp.resolve("l.npy");
        Path ff = tmp.resolve("f.npy");
        try (RawArrayWriter wi = RawArrayWriter.create(fi, RawDtype.INT32);
             RawArrayWriter wl = RawArrayWriter.create(fl, RawDtype.INT64);
             RawArrayWriter wf = RawArrayWriter.create(ff, RawDtype.FLOAT32)) {
            for (int off = 0; off < n; ) {
                int len = Math.min(n - off, 1 + rnd.nextInt(70_000));
                wi.writeInts(ints, off, len);
                wl.writeLongs(longs, off, len);
                wf.writeFloats(floats, off, len);
                off += len;
            }
        }
        ByteBuffer ei = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer el = ByteBuffer.allocate(8 * n).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer ef = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            ei.putInt(ints[i]);
            el.putLong(longs[i]);
            ef.putFloat(floats[i]);
        }
        assertArrayEquals(ei.array(), Files.readAllBytes(fi));
        assertArrayEquals(el.array(), Files.readAllBytes(fl));
        assertArrayEquals(ef.array(), Files.readAllBytes(ff));
        try (Arena arena = Arena.ofShared()) {
            RawArray ri = RawArray.map(fi, RawDtype.INT32, arena);
            RawArray rl = RawArray.map(fl, RawDtype.INT64, arena);
            RawArray rf = RawArray.map(ff, RawDtype.FLOAT32, arena);
            assertEquals(n, ri.length());
            assertArrayEquals(ints, ri.toIntArray(0, n));
            assertArrayEquals(longs, rl.toLongArray());
            for (int i = 0; i < n; i += 1 + n / 1000) {
                assertEquals(ints[i], ri.getInt(i));
                assertEquals(longs[i], rl.getLong(i));
                assertEquals(Float.floatToRawIntBits(floats[i]), Float.floatToRawIntBits(rf.getFloat(i)));
            }
        }
    }

    @Test
    void filesLargerThan2GiBMapWithLongOffsets() throws IOException {
        Path f = tmp.resolve("big.npy");
        long n = (3L << 30) / 8 + 1; // 3 GiB + 8 bytes, sparse on disk
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(n * 8);
            raf.seek((n - 1) * 8);
            raf.write(new byte[] {0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01});
        }
        try (Arena arena = Arena.ofShared()) {
            RawArray a = RawArray.map(f, RawDtype.INT64, arena);
            assertEquals(n, a.length());
            assertEquals(0x0102030405060708L, a.getLong(n - 1));
            assertEquals(0L, a.getLong(n / 2));
            assertEquals(1, a.slice(n - 1, n).length());
        }
    }

    @ParameterizedTest(name = "regions.npy seed={0} n={1}")
    @MethodSource("sizes")
    void regionsRoundTripInCAndFortranOrder(long seed, int n) throws IOException {
        if (n > 100_000) {
            n = 100_001;
        }
        Random rnd = new Random(seed);
        int[][] cols = new int[4][n];
        for (int r = 0; r < n; r++) {
            cols[0][r] = rnd.nextInt(30);
            cols[1][r] = rnd.nextInt() / 2;
            cols[2][r] = cols[1][r] + rnd.nextInt(10_000);
            cols[3][r] = rnd.nextBoolean() ? 1 : -1;
        }
        Regions regions = new Regions(cols[0], cols[1], cols[2], cols[3]);
        Path c = tmp.resolve("c.npy");
        RegionsFile.write(regions, c);
        byte[] cBytes = Files.readAllBytes(c);
        assertEquals(128 + 16L * n, cBytes.length);
        Regions back = RegionsFile.read(c);
        for (int k = 0; k < 4; k++) {
            assertArrayEquals(cols[k], new int[][] {back.contig(), back.start(), back.end(), back.strand()}[k]);
        }
        // The same array as NumPy writes it from a column-major polars frame.
        String dict = "{'descr': '<i4', 'fortran_order': True, 'shape': (" + n + ", 4), }";
        int total = (10 + dict.length() + 1 + 63) / 64 * 64;
        String header = dict + " ".repeat(total - 10 - dict.length() - 1) + "\n";
        ByteBuffer f = ByteBuffer.allocate(total + 16 * n).order(ByteOrder.LITTLE_ENDIAN);
        f.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0}).putShort((short) header.length())
                .put(header.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        for (int k = 0; k < 4; k++) {
            for (int r = 0; r < n; r++) {
                f.putInt(cols[k][r]);
            }
        }
        Path fo = tmp.resolve("f.npy");
        Files.write(fo, f.array());
        Regions fortran = RegionsFile.read(fo);
        assertArrayEquals(back.start(), fortran.start());
        assertArrayEquals(back.strand(), fortran.strand());
        RegionsFile.write(fortran, fo);
        assertArrayEquals(cBytes, Files.readAllBytes(fo));
    }

    @ParameterizedTest(name = "metadata seed={0} n={1}")
    @MethodSource("sizes")
    void metadataRoundTrips(long seed, int n) {
        Random rnd = new Random(seed);
        int k = Math.min(n, 2000);
        List<String> samples = new ArrayList<>();
        List<String> contigs = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            samples.add("S" + rnd.nextInt(1_000_000) + "\u00e9" + i);
            contigs.add("chr" + i);
        }
        samples = samples.stream().distinct().sorted(PythonStrings.ORDER).toList();
        Integer ploidy = rnd.nextBoolean() ? null : 1 + rnd.nextInt(4);
        DatasetMetadata m = new DatasetMetadata(samples, NaturalSort.sortedUnique(contigs), n, ploidy,
                rnd.nextInt(100), "0.42.0", "2.0.0",
                rnd.nextBoolean() ? null : new DatasetMetadata.SvarLink("../x.svar", "/abs/x.svar", n, 4L * n),
                rnd.nextBoolean() ? null : new DatasetMetadata.Svar2Link("../y.svar2", "/abs/y.svar2", 3, n),
                rnd.nextBoolean() ? null : new DatasetMetadata.VariantsFingerprint("blake2b", 1 << 20, "ab".repeat(64), n));
        Path f = tmp.resolve("metadata.json");
        MetadataFile.write(m, f);
        DatasetMetadata back = MetadataFile.read(f);
        assertEquals(m, back);
        MetadataFile.write(back, tmp.resolve("again.json"));
        assertEquals(io.gvl.format.io.MetadataFile.toJson(m), io.gvl.format.io.MetadataFile.toJson(back));
        assertEquals(io.gvl.format.io.MetadataFile.toJson(m), readString(tmp.resolve("again.json")));
    }

    @Test
    void metadataIgnoresUnknownKeysAndDefaultsOptionalOnes() throws IOException {
        Path f = tmp.resolve("metadata.json");
        Files.writeString(f, "{\"future\":{\"x\":[1,2]},\"samples\":[\"a\"],\"contigs\":[\"1\"],\"n_regions\":2,"
                + "\"format_version\":\"2.3.1\"}");
        DatasetMetadata m = MetadataFile.read(f);
        assertEquals(0, m.maxJitter());
        assertEquals(null, m.ploidy());
        assertEquals(null, m.version());
        assertFalse(m.oneBasedPositions());
        assertEquals("2.3.1", m.formatVersion());
    }

    private static String readString(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static Stream<Arguments> datasets() {
        return Stream.of(Arguments.of(21L, 0, 0), Arguments.of(22L, 1, 1), Arguments.of(23L, 7, 3),
                Arguments.of(24L, 301, 5));
    }

    @ParameterizedTest(name = "dataset seed={0} regions={1} meanCalls={2}")
    @MethodSource("datasets")
    void datasetsRoundTripThroughPublishAndOpen(long seed, int nRegions, int mean) throws IOException {
        RandomDataset d = new RandomDataset(seed, nRegions, 3, 2, mean, mean);
        Path dest = tmp.resolve("d.gvl");
        DatasetPublisher.publish(dest, false, d::writeInto);
        ByteBuffer expectedIdx = ByteBuffer.allocate(4 * Arrays.stream(d.slots).mapToInt(s -> s.length).sum())
                .order(ByteOrder.LITTLE_ENDIAN);
        Arrays.stream(d.slots).flatMapToInt(Arrays::stream).forEach(expectedIdx::putInt);
        Path idx = dest.resolve("genotypes/variant_idxs.npy");
        assertEquals(expectedIdx.capacity() > 0, Files.exists(idx));
        if (Files.exists(idx)) {
            assertArrayEquals(expectedIdx.array(), Files.readAllBytes(idx));
        }
        try (DatasetFiles f = DatasetFiles.open(dest)) {
            f.verify();
            GenotypeArrays g = f.genotypes().orElseThrow();
            for (int r = 0; r < nRegions; r++) {
                for (int s = 0; s < 3; s++) {
                    for (int p = 0; p < 2; p++) {
                        IndexRange range = g.variantRange(r, s, p);
                        assertArrayEquals(d.slots[(int) g.slot(r, s, p)],
                                g.variantIdxs().toIntArray(range.start(), range.end()));
                    }
                    IntervalTrack t = f.tracks().get("signal");
                    IndexRange ir = t.intervalRange(r, s);
                    int[] want = d.trackStarts[r * 3 + s];
                    assertArrayEquals(want, t.starts().toIntArray(ir.start(), ir.end()));
                    for (long i = ir.start(); i < ir.end(); i++) {
                        assertEquals(t.starts().getInt(i) + 7, t.ends().getInt(i));
                        assertEquals(RandomDataset.valueOf(t.starts().getInt(i)), t.values().getFloat(i));
                    }
                }
                IntervalTrack a = f.annotationTracks().get("annot");
                IndexRange ar = a.intervalRange(r);
                assertArrayEquals(d.annotStarts[r], a.starts().toIntArray(ar.start(), ar.end()));
            }
            InputRegions in = f.inputRegions();
            assertEquals(d.chrom, in.chroms(dest));
            assertArrayEquals(d.start, in.longs("chromStart", dest));
            assertEquals(nRegions, f.regions().size());
        }
    }

    @ParameterizedTest(name = "arrow table seed={0} n={1}")
    @MethodSource("sizes")
    void arrowTablesRoundTripAndRewriteIdentically(long seed, int n) throws IOException {
        n = Math.min(n, 20_001);
        Random rnd = new Random(seed);
        List<ArrowTable.Column> cols = new ArrayList<>();
        for (ArrowTable.ColumnType t : ArrowTable.ColumnType.values()) {
            if (t == ArrowTable.ColumnType.NESTED || t == ArrowTable.ColumnType.OTHER) {
                continue;
            }
            List<Object> v = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                v.add(rnd.nextInt(10) == 0 ? null : value(t, rnd));
            }
            cols.add(new ArrowTable.Column(t.name().toLowerCase(), t, v));
        }
        ArrowTable table = new ArrowTable(cols);
        Path a = tmp.resolve("a.arrow");
        Path b = tmp.resolve("b.arrow");
        ArrowTableFile.write(table, a);
        ArrowTable back = ArrowTableFile.read(a);
        assertEquals(table, back);
        ArrowTableFile.write(back, b);
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    }

    private static Object value(ArrowTable.ColumnType t, Random rnd) {
        return switch (t) {
            case STRING -> "v" + rnd.nextInt() + (rnd.nextBoolean() ? "\u00fc\u4e2d" : "a longer string than twelve");
            case BOOL -> rnd.nextBoolean();
            case INT8 -> (byte) rnd.nextInt();
            case INT16 -> (short) rnd.nextInt();
            case INT32 -> rnd.nextInt();
            case INT64 -> rnd.nextLong();
            case UINT8 -> (short) rnd.nextInt(256);
            case UINT16 -> rnd.nextInt(65536);
            case UINT32 -> rnd.nextLong() & 0xFFFFFFFFL;
            case UINT64 -> rnd.nextLong();
            case FLOAT32 -> rnd.nextFloat();
            case FLOAT64 -> rnd.nextDouble();
            default -> throw new IllegalArgumentException();
        };
    }
}
