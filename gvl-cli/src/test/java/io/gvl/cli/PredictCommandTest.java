package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.core.dataset.Dataset;
import io.gvl.core.dataset.DatasetOutput;
import io.gvl.core.dataset.OutputLength;
import io.gvl.core.dataset.SeqKind;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gvl predict} on real sequence (the vg 1000 Genomes slice with 16 synthetic phased samples): the table it
 * writes equals the committed test models' math recomputed in plain Java on the same sequences, and its errors name
 * the model and the input.
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
}
