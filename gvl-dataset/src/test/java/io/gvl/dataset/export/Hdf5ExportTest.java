package io.gvl.dataset.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.Region;
import io.gvl.dataset.export.Hdf5ExportOptions.Encoding;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.testing.SyntheticDataset;
import io.gvl.testkit.Oracle;
import io.jhdf.HdfFile;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The exported file read back with jhdf (and, as a cross-check, with libhdf5's {@code h5dump}) equals
 * {@link Dataset#get(int[], int[])} for the same instances, byte for byte, in both encodings.
 */
class Hdf5ExportTest {
    static final int LENGTH = 36;

    @TempDir
    Path tmp;

    private Dataset open(long seed) throws IOException {
        SyntheticDataset t = new SyntheticDataset(seed, 0);
        Path dir = t.writeDataset(tmp.resolve("ds-" + seed));
        return Dataset.open(dir, t.writeFasta(tmp));
    }

    /** The view's fixed-length outputs for every instance, region-major, as one query. */
    private static DatasetOutput expected(Dataset view) {
        Dataset v = view.withLen(OutputLength.fixed(LENGTH));
        int n = (int) v.size();
        int[] r = new int[n];
        int[] s = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = i / v.sampleCount();
            s[i] = i % v.sampleCount();
        }
        return v.get(r, s);
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {1, 2})
    void haplotypesAndTracksAsBytesEqualDatasetOutputs(long seed) throws Exception {
        try (Dataset ds = open(seed)) {
            Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov").subsetTo(new int[] {5, 0, 3, 7, 1},
                    null);
            Path out = tmp.resolve("haps.h5");
            Hdf5Export.Result res = Hdf5Export.export(view, out,
                    Hdf5ExportOptions.builder(LENGTH).batchSize(4).build());
            assertEquals(15, res.instances());
            try (DatasetOutput want = expected(view); HdfFile h5 = new HdfFile(out)) {
                Dense seqs = (Dense) want.sequences();
                Dense tracks = (Dense) want.tracks();
                assertArrayEquals(new int[] {15, 2, LENGTH}, h5.getDatasetByPath("/sequences").getDimensions());
                assertArrayEquals(new int[] {15, 1, 2, LENGTH}, h5.getDatasetByPath("/tracks").getDimensions());
                assertArrayEquals(seqs.data().toArray(ValueLayout.JAVA_BYTE),
                        unsignedBytes(h5.getDatasetByPath("/sequences").getDataFlat()));
                assertArrayEquals(tracks.data().toArray(ValueLayout.JAVA_FLOAT_UNALIGNED),
                        (float[]) h5.getDatasetByPath("/tracks").getDataFlat());
                checkIndex(h5, view);
                assertEquals("haplotypes", h5.getAttribute("sequence_kind").getData());
                assertEquals(LENGTH, h5.getAttribute("length").getData());
                assertEquals("cov", h5.getAttribute("tracks").getData());
                assertEquals("instance,ploid,position", h5.getDatasetByPath("/sequences").getAttribute("axes")
                        .getData());
                // libhdf5 decodes the same bytes (last: without h5dump the test stops here, as a skip).
                assertArrayEquals(seqs.data().toArray(ValueLayout.JAVA_BYTE), dumpRaw(out, "/sequences"));
                ByteBuffer raw = ByteBuffer.wrap(dumpRaw(out, "/tracks")).order(ByteOrder.LITTLE_ENDIAN);
                float[] f = new float[raw.remaining() / 4];
                raw.asFloatBuffer().get(f);
                assertArrayEquals(tracks.data().toArray(ValueLayout.JAVA_FLOAT_UNALIGNED), f);
            }
        }
    }

    @Test
    void oneHotOfHaplotypesAndReferenceEqualsTheBytes() throws Exception {
        Map<Path, byte[]> decoded = new LinkedHashMap<>();
        try (Dataset ds = open(3)) {
            for (SeqKind kind : List.of(SeqKind.HAPLOTYPES, SeqKind.REFERENCE)) {
                Dataset view = ds.withSeqs(kind).withoutTracks();
                Path out = tmp.resolve(kind + ".h5");
                Hdf5Export.export(view, out, Hdf5ExportOptions.builder(LENGTH).encoding(Encoding.ONEHOT)
                        .batchSize(5).build());
                try (DatasetOutput want = expected(view); HdfFile h5 = new HdfFile(out)) {
                    byte[] bases = ((Dense) want.sequences()).data().toArray(ValueLayout.JAVA_BYTE);
                    int[] dims = h5.getDatasetByPath("/sequences").getDimensions();
                    assertArrayEquals(kind == SeqKind.HAPLOTYPES ? new int[] {24, 2, LENGTH, 4}
                            : new int[] {24, LENGTH, 4}, dims);
                    byte[] hot = unsignedBytes(h5.getDatasetByPath("/sequences").getDataFlat());
                    assertArrayEquals(oneHot(bases), hot, kind.toString());
                    assertEquals("ACGT", h5.getAttribute("alphabet").getData());
                    assertFalse(h5.getChildren().containsKey("tracks"));
                    checkIndex(h5, view);
                    decoded.put(out, hot);
                }
            }
        }
        // libhdf5 decodes the same bytes (last: without h5dump the test stops here, as a skip).
        for (Map.Entry<Path, byte[]> e : decoded.entrySet()) {
            assertArrayEquals(e.getValue(), dumpRaw(e.getKey(), "/sequences"), e.getKey().toString());
        }
    }

    @Test
    void h5dumpReadsTheHeader() throws Exception {
        Oracle.H5DUMP.require();
        try (Dataset ds = open(4)) {
            Path out = tmp.resolve("h.h5");
            Hdf5Export.export(ds.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov"), out,
                    Hdf5ExportOptions.builder(LENGTH).build());
            String text = Oracle.H5DUMP.run("-H", "-p", out.toString());
            for (String s : List.of("DATASET \"sequences\"", "H5T_STD_U8LE", "H5T_IEEE_F32LE", "DEFLATE", "SHUFFLE",
                    "CHUNKED", "DATASET \"sample\"", "ATTRIBUTE \"rc_neg\"")) {
                assertTrue(text.contains(s), s + " in\n" + text);
            }
        }
    }

    @Test
    void refusedExportsLeaveNoFile() throws Exception {
        try (Dataset ds = open(5)) {
            Path out = tmp.resolve("big.h5");
            Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov");
            ExportException big = assertThrows(ExportException.class, () -> Hdf5Export.export(view, out,
                    Hdf5ExportOptions.builder(LENGTH).maxBytes(1000).build()));
            assertTrue(big.getMessage().contains(out.toString()) && big.getMessage().contains("--max-bytes"),
                    big.getMessage());
            assertFalse(Files.exists(out));
            ExportException annotated = assertThrows(ExportException.class, () -> Hdf5Export.export(
                    ds.withSeqs(SeqKind.ANNOTATED), out, Hdf5ExportOptions.builder(LENGTH).build()));
            assertTrue(annotated.getMessage().contains("ANNOTATED"), annotated.getMessage());
            assertFalse(Files.exists(out));
            Files.writeString(out, "keep");
            ExportException exists = assertThrows(ExportException.class, () -> Hdf5Export.export(view, out,
                    Hdf5ExportOptions.builder(LENGTH).build()));
            assertTrue(exists.getMessage().contains("already exists"), exists.getMessage());
            assertEquals("keep", Files.readString(out));
            Hdf5Export.Result res = Hdf5Export.export(view, out,
                    Hdf5ExportOptions.builder(LENGTH).overwrite(true).build());
            assertThrows(ExportException.class, () -> Hdf5Export.export(view, out, Hdf5ExportOptions.builder(LENGTH)
                    .overwrite(true).maxBytes(res.memoryBytes() - 1).build()), "the bound is the estimate");
            Hdf5Export.export(view, out, Hdf5ExportOptions.builder(LENGTH).overwrite(true)
                    .maxBytes(res.memoryBytes()).build());
            try (HdfFile h5 = new HdfFile(out)) {
                assertEquals(24, h5.getDatasetByPath("/region").getDimensions()[0]);
            }
            try (var files = Files.list(tmp)) {
                assertTrue(files.noneMatch(p -> p.getFileName().toString().contains(".tmp.")));
            }
        }
    }

    /** Index datasets name each instance's input BED row, coordinates, strand and sample, region-major. */
    private static void checkIndex(HdfFile h5, Dataset view) {
        int n = (int) view.size();
        int[] region = (int[]) h5.getDatasetByPath("/region").getDataFlat();
        String[] sample = (String[]) h5.getDatasetByPath("/sample").getDataFlat();
        byte[] strand = (byte[]) h5.getDatasetByPath("/strand").getDataFlat();
        String[] chrom = (String[]) h5.getDatasetByPath("/chrom").getDataFlat();
        long[] start = (long[]) h5.getDatasetByPath("/start").getDataFlat();
        assertEquals(n, region.length);
        for (int i = 0; i < n; i++) {
            Region g = view.regions().get(i / view.sampleCount());
            assertEquals(g.inputRow(), region[i]);
            assertEquals(view.samples().get(i % view.sampleCount()), sample[i]);
            assertEquals(g.strand(), strand[i]);
            assertEquals(g.chrom(), chrom[i]);
            assertEquals(g.start(), start[i]);
        }
    }

    private static byte[] oneHot(byte[] bases) {
        byte[] out = new byte[bases.length * 4];
        for (int i = 0; i < bases.length; i++) {
            int k = "ACGT".indexOf(bases[i]);
            if (k >= 0) {
                out[i * 4 + k] = 1;
            }
        }
        return out;
    }

    /** jhdf reads uint8 as {@code int}; back to bytes. */
    private static byte[] unsignedBytes(Object flat) {
        int[] v = (int[]) flat;
        byte[] out = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (byte) v[i];
        }
        return out;
    }

    /** A dataset's raw little-endian bytes as libhdf5 decodes them ({@code h5dump -b LE}). */
    private byte[] dumpRaw(Path file, String dataset) throws IOException {
        Path raw = Files.createTempFile(tmp, "raw", ".bin");
        Oracle.H5DUMP.run("-b", "LE", "-d", dataset, "-o", raw.toString(), file.toString());
        return Files.readAllBytes(raw);
    }
}
