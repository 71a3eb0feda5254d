package io.gvl.onnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hardwood.InputFile;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.reader.RowReader;
import io.gvl.core.buffer.Dense;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import io.gvl.testing.TestFiles;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class OnnxPredictorTest {
    private static final int LENGTH = 16;

    @TempDir
    Path tmp;

    @BeforeEach
    void runtime() {
        OnnxRuntimeCheck.require();
    }

    static Path model(String name) {
        return TestFiles.onnxModel(name);
    }

    /** One row of the predictions table: its keys and every output value in column order. */
    record Row(int region, String sample, int haplotype, float[] values) {
    }

    static List<Row> read(Path file) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (RootAllocator alloc = new RootAllocator();
             FileChannel ch = FileChannel.open(file);
             ArrowFileReader reader = new ArrowFileReader(ch, alloc)) {
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                for (int i = 0; i < root.getRowCount(); i++) {
                    List<Float> vals = new ArrayList<>();
                    for (FieldVector v : root.getFieldVectors().subList(3, root.getFieldVectors().size())) {
                        if (v instanceof Float4Vector f) {
                            vals.add(f.get(i));
                        } else {
                            FixedSizeListVector l = (FixedSizeListVector) v;
                            Float4Vector d = (Float4Vector) l.getDataVector();
                            for (int j = 0; j < l.getListSize(); j++) {
                                vals.add(d.get(i * l.getListSize() + j));
                            }
                        }
                    }
                    float[] a = new float[vals.size()];
                    for (int j = 0; j < a.length; j++) {
                        a[j] = vals.get(j);
                    }
                    rows.add(new Row(((IntVector) root.getVector("region")).get(i),
                            new String(((VarCharVector) root.getVector("sample")).get(i)),
                            ((IntVector) root.getVector("haplotype")).get(i), a));
                }
            }
        }
        return rows;
    }

    /** tiny-cnn.onnx written out (weights by the formulas in tools/onnx/make_test_models.py): score, pooled[2]. */
    static float[] tinyCnn(byte[] seq) {
        int out = LENGTH - 2;
        float[] pooled = new float[2];
        for (int f = 0; f < 2; f++) {
            double sum = 0;
            for (int t = 0; t < out; t++) {
                double conv = 0.1 * (f + 1) - 0.15;
                for (int k = 0; k < 3; k++) {
                    int c = "ACGT".indexOf(Character.toUpperCase((char) seq[t + k]));
                    if (c >= 0) {
                        conv += ((12 * f + 3 * c + k) % 7 - 3) / 4.0;
                    }
                }
                sum += Math.max(conv, 0);
            }
            pooled[f] = (float) (sum / out);
        }
        return new float[] {0.5f * pooled[0] - 0.5f * pooled[1] + 0.25f, pooled[0], pooled[1]};
    }

    @ParameterizedTest(name = "seed={0} batch={1}")
    @CsvSource({"51, 4", "52, 1", "53, 100"})
    void tinyCnnPredictionsEqualPlainJava(long seed, int batch) throws Exception {
        SyntheticDataset truth = new SyntheticDataset(seed, 0);
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
             OnnxPredictor p = OnnxPredictor.open(model("tiny-cnn.onnx"), 1)) {
            assertTrue(p.oneHot());
            Path out = tmp.resolve("preds.arrow");
            PredictionStats stats = p.predict(ds.withoutTracks(), out, batch, false);
            long n = stats.rows();
            List<Row> rows = read(out);
            Dataset view = ds.withoutTracks().withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(LENGTH));
            assertEquals((long) view.regionCount() * view.sampleCount() * 2, n);
            assertEquals(n, rows.size());
            assertEquals((long) view.regionCount() * view.sampleCount(), stats.instances());
            assertTrue(stats.gvlNanos() > 0 && stats.runtimeNanos() > 0 && stats.writeNanos() > 0, stats.toString());
            assertTrue(stats.gvlNanos() + stats.runtimeNanos() + stats.writeNanos() <= stats.totalNanos(),
                    stats.toString());
            assertTrue(stats.summary().startsWith(stats.instances() + " instances (" + n + " rows) in "),
                    stats.summary());
            assertTinyCnn(view, rows);
        }
    }

    /** Every row of {@code rows} is tiny-cnn's plain-Java output on that (region, sample, haplotype), in C order. */
    static void assertTinyCnn(Dataset view, List<Row> rows) {
        assertEquals((long) view.regionCount() * view.sampleCount() * 2, rows.size());
        int i = 0;
        for (int r = 0; r < view.regionCount(); r++) {
            for (int s = 0; s < view.sampleCount(); s++) {
                try (DatasetOutput o = view.get(r, s)) {
                    byte[] haps = ((Dense) o.get("haplotypes")).data().toArray(ValueLayout.JAVA_BYTE);
                    for (int h = 0; h < 2; h++) {
                        Row row = rows.get(i++);
                        assertEquals(r, row.region());
                        assertEquals(view.samples().get(s), row.sample());
                        assertEquals(h, row.haplotype());
                        byte[] seq = java.util.Arrays.copyOfRange(haps, h * LENGTH, (h + 1) * LENGTH);
                        assertArrayEquals(tinyCnn(seq), row.values(), 1e-5f, "region " + r + " sample " + s
                                + " haplotype " + h);
                    }
                }
            }
        }
    }

    /** conv-net.onnx written out (weights by the formulas in tools/onnx/make_test_models.py): score. */
    static float convNet(byte[] seq) {
        int filters = 16;
        int kernel = 9;
        int out = seq.length - kernel + 1;
        double score = 0.125;
        for (int f = 0; f < filters; f++) {
            double sum = 0;
            for (int t = 0; t < out; t++) {
                double conv = 0.05 * (f % 5) - 0.1;
                for (int k = 0; k < kernel; k++) {
                    int c = "ACGT".indexOf(Character.toUpperCase((char) seq[t + k]));
                    if (c >= 0) {
                        conv += ((5 * f + 3 * c + 2 * k) % 11 - 5) / 8.0;
                    }
                }
                sum += Math.max(conv, 0);
            }
            score += (sum / out) * ((f % 3) - 1) / 4.0;
        }
        return (float) score;
    }

    @Test
    void convNetPredictionsEqualPlainJavaSeed58() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(58, 0);
        int length = 40;
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
             OnnxPredictor p = OnnxPredictor.open(model("conv-net.onnx"), 2)) {
            Dataset view = ds.withoutTracks().withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(length));
            Path out = tmp.resolve("conv.arrow");
            p.predict(view, out, 5, false);
            List<Row> rows = read(out);
            assertEquals(view.size() * 2, rows.size());
            for (Row row : rows) {
                try (DatasetOutput o = view.get(row.region(), view.sampleIndex(row.sample()))) {
                    byte[] haps = ((Dense) o.get("haplotypes")).data().toArray(ValueLayout.JAVA_BYTE);
                    byte[] seq = java.util.Arrays.copyOfRange(haps, row.haplotype() * length,
                            (row.haplotype() + 1) * length);
                    assertArrayEquals(new float[] {convNet(seq)}, row.values(), 1e-4f, row.toString());
                }
            }
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {55, 56})
    void anUnevenLastBatchIsPredictedLikeTheOthers(long seed) throws Exception {
        SyntheticDataset truth = new SyntheticDataset(seed, 0);
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
             OnnxPredictor p = OnnxPredictor.open(model("tiny-cnn.onnx"), 1)) {
            Dataset view = ds.withoutTracks().withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(LENGTH));
            long n = view.size();
            int batch = 2;
            while (n % batch == 0) {
                batch++;
            }
            assertTrue(batch < n && n % batch != 0, n + " instances, batch " + batch);
            Path out = tmp.resolve("uneven.arrow");
            PredictionStats stats = p.predict(ds.withoutTracks(), out, batch, false);
            assertEquals(n, stats.instances());
            List<Row> rows = read(out);
            assertTinyCnn(view, rows);
            // One record batch per model call: the last one holds the remainder.
            assertEquals(List.of(batch * 2L, (n % batch) * 2L), batchSizes(out).subList(
                    batchSizes(out).size() - 2, batchSizes(out).size()).stream().map(Integer::longValue).toList());
        }
    }

    static List<Integer> batchSizes(Path file) throws Exception {
        List<Integer> sizes = new ArrayList<>();
        try (RootAllocator alloc = new RootAllocator();
             FileChannel ch = FileChannel.open(file);
             ArrowFileReader reader = new ArrowFileReader(ch, alloc)) {
            while (reader.loadNextBatch()) {
                sizes.add(reader.getVectorSchemaRoot().getRowCount());
            }
        }
        return sizes;
    }

    @Test
    void aBatchInputOverTwoGibIsRefusedFromItsShape() {
        var bytes = new InputBinding("reference", java.util.Optional.empty(), false, -1);
        io.gvl.dataloader.ArrayTooLargeException big = assertThrows(io.gvl.dataloader.ArrayTooLargeException.class,
                () -> bytes.checkSize(3, 1 << 30));
        assertEquals("input 'reference' (3 rows x 1073741824 bases) holds 3,221,225,472 bytes, more than an ONNX"
                + " Runtime tensor (a ByteBuffer) can take (2,147,483,639 bytes): use a smaller batch size or a"
                + " shorter length (Dataset.withLen) so that each array of a batch stays under 2 GiB", big.getMessage());
        bytes.checkSize(2, (1 << 30) - 8); // 2 GiB - 16 bytes: under the limit of 2 GiB - 9
        assertThrows(io.gvl.dataloader.ArrayTooLargeException.class, () -> bytes.checkSize(2, 1 << 30));
    }

    @Test
    void aOneHotInputCountsSixteenBytesPerBase() {
        var binding = new InputBinding("haplotypes", java.util.Optional.empty(), true, 16);
        binding.checkSize((Integer.MAX_VALUE - 8) / 256, 16); // 2^23 - 1 rows of 16 bases x 16 bytes: under 2 GiB
        io.gvl.dataloader.ArrayTooLargeException e = assertThrows(io.gvl.dataloader.ArrayTooLargeException.class,
                () -> binding.checkSize(1L << 23, 16));
        assertEquals(1L << 31, e.size());
        assertTrue(e.getMessage().startsWith("input 'haplotypes' (8388608 rows x 16 bases x 4 float32 channels)"),
                e.getMessage());
        assertThrows(io.gvl.dataloader.ArrayTooLargeException.class, () -> binding.checkSize(Long.MAX_VALUE, 16));
    }

    @Test
    void bytesModelTakesTheReferenceAtTheGivenLengthSeed54() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(54, 0);
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
             OnnxPredictor p = OnnxPredictor.open(model("byte-sum.onnx"), 2)) {
            assertFalse(p.oneHot());
            assertEquals("reference", p.inputName());
            Path out = tmp.resolve("sums.arrow");
            PredictionException open = assertThrows(PredictionException.class,
                    () -> p.predict(ds.withoutTracks(), out, 3, false));
            assertTrue(open.getMessage().contains("--length"), open.getMessage());
            assertFalse(Files.exists(out));
            Dataset view = ds.withoutTracks().withSeqs(SeqKind.REFERENCE).withLen(OutputLength.fixed(10));
            p.predict(view, out, 3, false);
            List<Row> rows = read(out);
            assertEquals(view.regionCount() * view.sampleCount(), rows.size());
            for (Row row : rows) {
                assertEquals(0, row.haplotype());
                try (DatasetOutput o = view.get(row.region(), view.sampleIndex(row.sample()))) {
                    long sum = 0;
                    for (byte b : ((Dense) o.get("reference")).data().toArray(ValueLayout.JAVA_BYTE)) {
                        sum += b & 0xFF;
                    }
                    assertArrayEquals(new float[] {sum}, row.values());
                }
            }
            PredictionException exists = assertThrows(PredictionException.class,
                    () -> p.predict(view, out, 3, false));
            assertTrue(exists.getMessage().contains("exists"), exists.getMessage());
            assertEquals(rows.size(), p.predict(view, out, 7, true).rows());
        }
    }

    /** The Parquet table read with Hardwood as rows; {@code widths} are the outputs' values per row. */
    static List<Row> readParquet(Path file, int... widths) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file));
             RowReader r = reader.rowReader()) {
            while (r.hasNext()) {
                r.next();
                assertEquals(3 + widths.length, r.getFieldCount());
                List<Float> vals = new ArrayList<>();
                for (int c = 0; c < widths.length; c++) {
                    if (widths[c] == 1) {
                        vals.add(r.getFloat(3 + c));
                    } else {
                        List<Float> list = r.getList(3 + c).floats();
                        assertEquals(widths[c], list.size());
                        vals.addAll(list);
                    }
                }
                float[] a = new float[vals.size()];
                for (int j = 0; j < a.length; j++) {
                    a[j] = vals.get(j);
                }
                rows.add(new Row(r.getInt(0), r.getString(1), r.getInt(2), a));
            }
        }
        return rows;
    }

    @ParameterizedTest(name = "seed={0} batch={1}")
    @CsvSource({"59, 7", "60, 64"})
    void parquetHoldsTheArrowTableValueForValue(long seed, int batch) throws Exception {
        SyntheticDataset truth = new SyntheticDataset(seed, 0);
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
             OnnxPredictor p = OnnxPredictor.open(model("tiny-cnn.onnx"), 1)) {
            Path arrow = tmp.resolve("preds.arrow");
            Path parquet = tmp.resolve("preds.parquet");
            assertEquals(PredictionFormat.PARQUET, PredictionFormat.of(parquet));
            assertEquals(PredictionFormat.ARROW_IPC, PredictionFormat.of(arrow));
            PredictionStats a = p.predict(ds.withoutTracks(), arrow, batch, false);
            PredictionStats q = p.predict(ds.withoutTracks(), parquet, batch, false, PredictionFormat.PARQUET);
            assertEquals(a.rows(), q.rows());
            assertArrayEquals("PAR1".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                    java.util.Arrays.copyOf(Files.readAllBytes(parquet), 4));
            List<Row> expected = read(arrow);
            List<Row> actual = readParquet(parquet, 1, 2);
            assertEquals(expected.size(), actual.size());
            for (int i = 0; i < expected.size(); i++) {
                Row e = expected.get(i);
                Row g = actual.get(i);
                assertEquals(List.of(e.region(), e.sample(), e.haplotype()), List.of(g.region(), g.sample(),
                        g.haplotype()), "row " + i);
                assertEquals(e.values().length, g.values().length, "row " + i);
                for (int j = 0; j < e.values().length; j++) {
                    assertEquals(Float.floatToRawIntBits(e.values()[j]), Float.floatToRawIntBits(g.values()[j]),
                            "row " + i + " value " + j);
                }
            }
            try (var listing = Files.list(tmp)) {
                assertEquals(List.of("preds.arrow", "preds.parquet"), listing.map(f -> f.getFileName().toString())
                        .filter(f -> f.startsWith("preds")).sorted().toList(), "no temporary file left");
            }
        }
    }

    @Test
    void anInputTheModelLacksIsRefusedListingItsInputs() throws Exception {
        Path m = model("tiny-cnn.onnx");
        PredictionException e = assertThrows(PredictionException.class, () -> OnnxPredictor.open(m, 1, "seq"));
        assertTrue(e.getMessage().startsWith(m + ": the model has no input 'seq'; it has [haplotypes FLOAT [-1, 4,"
                + " 16]]"), e.getMessage());
        try (OnnxPredictor p = OnnxPredictor.open(m, 1, "haplotypes")) {
            assertEquals(java.util.Optional.of(SeqKind.HAPLOTYPES), p.inputSeqs());
        }
    }

    @Test
    void refusesFilesThatAreNotModels() throws Exception {
        Path bogus = Files.writeString(tmp.resolve("bogus.onnx"), "not a model");
        PredictionException e = assertThrows(PredictionException.class, () -> OnnxPredictor.open(bogus, 1));
        assertTrue(e.getMessage().startsWith(bogus.toString()), e.getMessage());
        PredictionException missing = assertThrows(PredictionException.class,
                () -> OnnxPredictor.open(tmp.resolve("none.onnx"), 1));
        assertTrue(missing.getMessage().contains("no such model file"), missing.getMessage());
    }
}
