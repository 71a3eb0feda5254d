package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hardwood.InputFile;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.reader.RowReader;
import dev.hardwood.schema.ColumnSchema;
import io.gvl.core.buffer.Dense;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gvl predict} on real sequence (the vg 1000 Genomes slice with 16 synthetic phased samples): the table it
 * writes equals the committed test models' math recomputed in plain Java on the same sequences, the Parquet table
 * (read back with Hardwood) equals the Arrow one value for value, and its errors name the model, the input or the
 * output and leave no file behind.
 */
class PredictCommandTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path Z = DATA.resolve("real-derived/vg-z-synth16");
    static final Path FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");
    static final int CNN_LENGTH = 16;

    @TempDir
    static Path shared;
    static Path ds;
    static Path tinyCnn;
    static Path byteSum;

    @TempDir
    Path tmp;

    @BeforeAll
    static void writeDataset() throws IOException {
        ds = shared.resolve("z.gvl");
        CliRun w = CliRun.of("write", ds.toString(), "--bed", Z.resolve("regions.bed").toString(), "--vcf",
                Z.resolve("z_synth16.norm.vcf.gz").toString());
        assertEquals(0, w.exitCode(), w.err());
        tinyCnn = model("tiny-cnn.onnx");
        byteSum = model("byte-sum.onnx");
    }

    private static Path model(String name) throws IOException {
        Path p = shared.resolve(name);
        try (InputStream in = PredictCommandTest.class.getResourceAsStream("/onnx/" + name)) {
            Files.copy(in, p);
        }
        return p;
    }

    /** One table row: its keys and its output values in column order. */
    record Row(int region, String sample, int haplotype, float[] values) {
    }

    static List<Row> read(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        try (RootAllocator alloc = new RootAllocator();
             FileChannel ch = FileChannel.open(file);
             ArrowFileReader reader = new ArrowFileReader(ch, alloc)) {
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                for (int i = 0; i < root.getRowCount(); i++) {
                    List<Float> vals = new ArrayList<>();
                    for (var v : root.getFieldVectors().subList(3, root.getFieldVectors().size())) {
                        if (v instanceof Float4Vector f) {
                            vals.add(f.get(i));
                        } else {
                            FixedSizeListVector l = (FixedSizeListVector) v;
                            for (int j = 0; j < l.getListSize(); j++) {
                                vals.add(((Float4Vector) l.getDataVector()).get(i * l.getListSize() + j));
                            }
                        }
                    }
                    float[] a = new float[vals.size()];
                    for (int j = 0; j < a.length; j++) {
                        a[j] = vals.get(j);
                    }
                    rows.add(new Row(((IntVector) root.getVector("region")).get(i),
                            new String(((VarCharVector) root.getVector("sample")).get(i), StandardCharsets.UTF_8),
                            ((IntVector) root.getVector("haplotype")).get(i), a));
                }
            }
        }
        return rows;
    }

    /**
     * tiny-cnn.onnx restated (weights by the formulas in tools/onnx/make_test_models.py): one-hot ACGT, a conv of 2
     * filters of width 3, relu, mean over positions, then score = 0.5 p0 - 0.5 p1 + 0.25; outputs score, p0, p1.
     */
    static float[] tinyCnn(byte[] seq) {
        int positions = CNN_LENGTH - 2;
        float[] pooled = new float[2];
        for (int f = 0; f < 2; f++) {
            double sum = 0;
            for (int t = 0; t < positions; t++) {
                double conv = 0.1 * (f + 1) - 0.15;
                for (int k = 0; k < 3; k++) {
                    int c = "ACGT".indexOf(Character.toUpperCase((char) seq[t + k]));
                    if (c >= 0) {
                        conv += ((12 * f + 3 * c + k) % 7 - 3) / 4.0;
                    }
                }
                sum += Math.max(conv, 0);
            }
            pooled[f] = (float) (sum / positions);
        }
        return new float[] {0.5f * pooled[0] - 0.5f * pooled[1] + 0.25f, pooled[0], pooled[1]};
    }

    @Test
    void tinyCnnOverEveryHaplotypeEqualsPlainJava() throws IOException {
        Path out = tmp.resolve("preds.arrow");
        CliRun r = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                tinyCnn.toString(), "--out", out.toString(), "--batch", "50", "--threads", "1", "--stats");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains(out + ": 768 rows (384 instances) written"), r.out());
        assertTrue(r.out().contains("stats: 384 instances (768 rows) in "), r.out());
        List<Row> rows = read(out);
        assertEquals(768, rows.size());
        try (Dataset d = Dataset.open(ds, FASTA)) {
            Dataset view = d.withSeqs(SeqKind.HAPLOTYPES).withoutTracks().withLen(OutputLength.fixed(CNN_LENGTH));
            assertEquals(24, view.regionCount());
            assertEquals(16, view.sampleCount());
            int i = 0;
            for (int region = 0; region < view.regionCount(); region++) {
                for (int s = 0; s < view.sampleCount(); s++) {
                    try (DatasetOutput o = view.get(region, s)) {
                        byte[] haps = ((Dense) o.get("haplotypes")).data().toArray(ValueLayout.JAVA_BYTE);
                        for (int h = 0; h < 2; h++) {
                            Row row = rows.get(i++);
                            String where = "region " + region + " sample " + s + " haplotype " + h;
                            assertEquals(region, row.region(), where);
                            assertEquals(view.samples().get(s), row.sample(), where);
                            assertEquals(h, row.haplotype(), where);
                            byte[] seq = Arrays.copyOfRange(haps, h * CNN_LENGTH, (h + 1) * CNN_LENGTH);
                            assertArrayEquals(tinyCnn(seq), row.values(), 1e-5f, where);
                        }
                    }
                }
            }
        }
    }

    @Test
    void byteSumTakesTheReferenceOfTheSelectionAtTheGivenLength() throws IOException {
        Path out = tmp.resolve("sums.arrow");
        CliRun r = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                byteSum.toString(), "--out", out.toString(), "--length", "10", "--regions", "2-5", "--samples",
                "S07,S01", "--batch", "3");
        assertEquals(0, r.exitCode(), r.err());
        List<Row> rows = read(out);
        assertEquals(8, rows.size());
        int[] regions = {2, 2, 3, 3, 4, 4, 5, 5};
        String[] samples = {"S07", "S01", "S07", "S01", "S07", "S01", "S07", "S01"};
        try (Dataset d = Dataset.open(ds, FASTA)) {
            Dataset view = d.withSeqs(SeqKind.REFERENCE).withoutTracks().withLen(OutputLength.fixed(10));
            for (int i = 0; i < rows.size(); i++) {
                Row row = rows.get(i);
                assertEquals(i / 2, row.region(), "region keys are rows of the selection");
                assertEquals(samples[i], row.sample());
                assertEquals(0, row.haplotype());
                try (DatasetOutput o = view.get(regions[i], view.sampleIndex(samples[i]))) {
                    long sum = 0;
                    for (byte b : ((Dense) o.get("reference")).data().toArray(ValueLayout.JAVA_BYTE)) {
                        sum += b & 0xFF;
                    }
                    assertTrue(sum >= 10 * 'A', "row " + i + " holds bases");
                    assertArrayEquals(new float[] {sum}, row.values(), "row " + i);
                }
            }
        }
    }

    @Test
    void errorsNameTheModelAndTheInput() {
        Path out = tmp.resolve("x.arrow");
        Path missing = tmp.resolve("none.onnx");
        CliRun noModel = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                missing.toString(), "--out", out.toString());
        assertEquals(1, noModel.exitCode());
        assertEquals("gvl predict: " + missing + ": no such model file; pass the path of an .onnx file",
                noModel.err().strip());
        CliRun noInput = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                tinyCnn.toString(), "--out", out.toString(), "--input", "seq");
        assertEquals(1, noInput.exitCode());
        assertTrue(noInput.err().startsWith("gvl predict: " + tinyCnn + ": the model has no input 'seq'; it has"
                + " [haplotypes FLOAT [-1, 4, 16]]"), noInput.err());
        CliRun wrongSeqs = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                tinyCnn.toString(), "--out", out.toString(), "--seqs", "reference");
        assertEquals(1, wrongSeqs.exitCode());
        assertTrue(wrongSeqs.err().contains(tinyCnn + ": input 'haplotypes' takes haplotypes but --seqs asks for"
                + " reference"), wrongSeqs.err());
        CliRun wrongLength = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                tinyCnn.toString(), "--out", out.toString(), "--length", "20");
        assertEquals(1, wrongLength.exitCode());
        assertTrue(wrongLength.err().contains("use --length 16"), wrongLength.err());
        assertFalse(Files.exists(out), "no partial output after an error");
    }

    /** The Arrow file's schema and every cell, row by row: Integer, String, Float or float[] by column type. */
    record Table(Schema schema, List<List<Object>> rows) {
    }

    static Table readArrowCells(Path file) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        try (RootAllocator alloc = new RootAllocator();
             FileChannel ch = FileChannel.open(file);
             ArrowFileReader reader = new ArrowFileReader(ch, alloc)) {
            Schema schema = reader.getVectorSchemaRoot().getSchema();
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                for (int i = 0; i < root.getRowCount(); i++) {
                    List<Object> row = new ArrayList<>();
                    for (var v : root.getFieldVectors()) {
                        row.add(switch (v) {
                            case IntVector x -> x.get(i);
                            case VarCharVector x -> new String(x.get(i), StandardCharsets.UTF_8);
                            case Float4Vector x -> x.get(i);
                            case FixedSizeListVector x -> {
                                float[] a = new float[x.getListSize()];
                                for (int j = 0; j < a.length; j++) {
                                    a[j] = ((Float4Vector) x.getDataVector()).get(i * a.length + j);
                                }
                                yield a;
                            }
                            default -> throw new AssertionError("unexpected column " + v.getField());
                        });
                    }
                    rows.add(row);
                }
            }
            return new Table(schema, rows);
        }
    }

    /** The Parquet file's cells read with Hardwood, typed by the Arrow schema's columns (names in order). */
    static List<List<Object>> readParquetCells(Path file, Schema schema) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file));
             RowReader r = reader.rowReader()) {
            while (r.hasNext()) {
                r.next();
                assertEquals(schema.getFields().size(), r.getFieldCount());
                List<Object> row = new ArrayList<>();
                for (int c = 0; c < schema.getFields().size(); c++) {
                    Field f = schema.getFields().get(c);
                    assertEquals(f.getName(), r.getFieldName(c), "column " + c);
                    assertFalse(r.isNull(c), "row " + rows.size() + " column " + f.getName());
                    row.add(switch (f.getType()) {
                        case ArrowType.Int i -> r.getInt(c);
                        case ArrowType.Utf8 u -> r.getString(c);
                        case ArrowType.FloatingPoint fp -> r.getFloat(c);
                        case ArrowType.FixedSizeList l -> {
                            List<Float> values = r.getList(c).floats();
                            float[] a = new float[values.size()];
                            for (int j = 0; j < a.length; j++) {
                                a[j] = values.get(j);
                            }
                            yield a;
                        }
                        default -> throw new AssertionError("unexpected column " + f);
                    });
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** Every cell equal, floats bit for bit. */
    static void assertSameCells(List<List<Object>> expected, List<List<Object>> actual) {
        assertEquals(expected.size(), actual.size(), "rows");
        for (int i = 0; i < expected.size(); i++) {
            for (int c = 0; c < expected.get(i).size(); c++) {
                Object e = expected.get(i).get(c);
                Object a = actual.get(i).get(c);
                String where = "row " + i + " column " + c;
                if (e instanceof float[] fe) {
                    float[] fa = (float[]) a;
                    assertEquals(fe.length, fa.length, where);
                    for (int j = 0; j < fe.length; j++) {
                        assertEquals(Float.floatToRawIntBits(fe[j]), Float.floatToRawIntBits(fa[j]), where);
                    }
                } else if (e instanceof Float fe) {
                    assertEquals(Float.floatToRawIntBits(fe), Float.floatToRawIntBits((Float) a), where);
                } else {
                    assertEquals(e, a, where);
                }
            }
        }
    }

    /** The leaf columns of a Parquet file: path, physical type, logical type, repetition level. */
    static List<String> parquetColumns(Path file) throws IOException {
        try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file))) {
            List<String> cols = new ArrayList<>();
            for (ColumnSchema c : reader.getFileSchema().getColumns()) {
                cols.add(c.fieldPath() + " " + c.type() + " " + c.logicalType() + " r" + c.maxRepetitionLevel()
                        + " d" + c.maxDefinitionLevel());
            }
            return cols;
        }
    }

    /** Two processes (as two runs of the command line are) write the same file, byte for byte. */
    @Test
    void twoProcessesWriteTheSameBytes() throws Exception {
        ChildCli cli = new ChildCli(List.of(), List.of());
        for (String ext : List.of("arrow", "parquet")) {
            byte[][] runs = new byte[2][];
            for (int i = 0; i < 2; i++) {
                Path out = tmp.resolve("run" + i + "." + ext);
                ChildCli.Result r = cli.run(tmp, "predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                        tinyCnn.toString(), "--out", out.toString(), "--threads", "1");
                assertEquals(0, r.exitCode(), r.err());
                runs[i] = Files.readAllBytes(out);
            }
            int at = Arrays.mismatch(runs[0], runs[1]);
            assertEquals(-1, at, ext + ": the runs differ from byte " + at + " (of " + runs[0].length + " and "
                    + runs[1].length + ")");
        }
    }

    @Test
    void parquetHoldsTheArrowTableValueForValue() throws IOException {
        Path arrow = tmp.resolve("preds.arrow");
        Path parquet = tmp.resolve("preds.parquet");
        for (Path out : List.of(arrow, parquet)) {
            CliRun r = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                    tinyCnn.toString(), "--out", out.toString(), "--batch", "50", "--threads", "1", "--regions",
                    "3-20", "--samples", "S02,S11,S05", "--stats");
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().contains(out + ": 108 rows (54 instances) written"), r.out());
        }
        byte[] magic = Arrays.copyOf(Files.readAllBytes(parquet), 4);
        assertArrayEquals("PAR1".getBytes(StandardCharsets.US_ASCII), magic);
        Table expected = readArrowCells(arrow);
        assertEquals(List.of("region", "sample", "haplotype", "score", "pooled"),
                expected.schema().getFields().stream().map(Field::getName).toList());
        assertEquals(108, expected.rows().size());
        assertSameCells(expected.rows(), readParquetCells(parquet, expected.schema()));
        assertEquals(List.of("region INT32 null r0 d0", "sample BYTE_ARRAY STRING r0 d0", "haplotype INT32 null r0 d0",
                "score FLOAT null r0 d0", "pooled.list.element FLOAT null r1 d1"), parquetColumns(parquet));
        try (var listing = Files.list(tmp)) {
            assertEquals(List.of("preds.arrow", "preds.parquet"),
                    listing.map(p -> p.getFileName().toString()).sorted().toList(), "no temporary file left");
        }
    }

    @Test
    void formatOptionOverridesTheExtension() throws IOException {
        Path asParquet = tmp.resolve("sums.bin");
        Path asArrow = tmp.resolve("sums.feather");
        for (String[] run : List.of(new String[] {asParquet.toString(), "parquet"},
                new String[] {asArrow.toString(), "auto"})) {
            CliRun r = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                    byteSum.toString(), "--out", run[0], "--format", run[1], "--length", "10", "--regions", "0-3");
            assertEquals(0, r.exitCode(), r.err());
        }
        Table expected = readArrowCells(asArrow);
        assertEquals(64, expected.rows().size());
        assertSameCells(expected.rows(), readParquetCells(asParquet, expected.schema()));
        CliRun again = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                byteSum.toString(), "--out", asParquet.toString(), "--format", "parquet", "--length", "10",
                "--regions", "0", "--overwrite");
        assertEquals(0, again.exitCode(), again.err());
        assertSameCells(expected.rows().subList(0, 16), readParquetCells(asParquet, expected.schema()));
        CliRun bad = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                byteSum.toString(), "--out", tmp.resolve("x.csv").toString(), "--format", "csv");
        assertEquals(1, bad.exitCode());
        assertEquals("gvl predict: --format must be auto, arrow or parquet, got 'csv'", bad.err().strip());
    }

    @Test
    void badParquetOutputsAreRefusedAndLeaveNothing() throws IOException {
        Path dirOut = Files.createDirectory(tmp.resolve("preds.parquet"));
        Path notADir = Files.writeString(tmp.resolve("plain-file"), "x");
        Path existing = Files.writeString(tmp.resolve("old.parquet"), "keep");
        String[][] cases = {
            {dirOut.toString(), dirOut + ": cannot write the output: it is a directory (give a file name inside it)"},
            {notADir.resolve("p.parquet").toString(), notADir.resolve("p.parquet") + ": cannot write the output:"
                    + " the directory " + notADir + " is not a directory"},
            {tmp.resolve("no/such/p.parquet").toString(), tmp.resolve("no/such/p.parquet") + ": cannot write the"
                    + " output: the directory " + tmp.resolve("no/such") + " does not exist (create it first)"},
            {existing.toString(), existing + " exists; remove it or pass overwrite (--overwrite)"},
        };
        for (String[] c : cases) {
            CliRun r = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                    tinyCnn.toString(), "--out", c[0]);
            assertEquals(1, r.exitCode(), c[0]);
            assertEquals("gvl predict: " + c[1], r.err().strip());
        }
        CliRun modelFails = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                tinyCnn.toString(), "--out", tmp.resolve("late.parquet").toString(), "--length", "20");
        assertEquals(1, modelFails.exitCode());
        assertTrue(modelFails.err().contains("use --length 16"), modelFails.err());
        CliRun arrowIntoDir = CliRun.of("predict", ds.toString(), "--reference", FASTA.toString(), "--model",
                tinyCnn.toString(), "--out", dirOut.toString(), "--format", "arrow", "--overwrite");
        assertEquals(1, arrowIntoDir.exitCode());
        assertTrue(arrowIntoDir.err().contains("it is a directory"), arrowIntoDir.err());
        assertEquals("keep", Files.readString(existing));
        try (var listing = Files.list(tmp); var inDir = Files.list(dirOut)) {
            assertEquals(List.of("old.parquet", "plain-file", "preds.parquet"),
                    listing.map(p -> p.getFileName().toString()).sorted().toList(), "nothing left beside");
            assertEquals(0, inDir.count());
        }
    }
}
