package io.gvl.djl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.BatchSource;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GvlDjlDatasetTest {
    @TempDir
    Path tmp;

    private static int[][] instances(Batch b, int samples) {
        List<?> idx = b.getIndices();
        int[][] rs = new int[2][idx.size()];
        for (int i = 0; i < idx.size(); i++) {
            long flat = (Long) idx.get(i);
            rs[0][i] = (int) (flat / samples);
            rs[1][i] = (int) (flat % samples);
        }
        return rs;
    }

    /** Plain one-hot of a byte: "ACGT".indexOf of its upper case, else none. */
    static float[] oneHot(byte[] seq, int rows, int length) {
        float[] out = new float[rows * 4 * length];
        for (int r = 0; r < rows; r++) {
            for (int l = 0; l < length; l++) {
                int c = "ACGT".indexOf(Character.toUpperCase((char) seq[r * length + l]));
                if (c >= 0) {
                    out[(r * 4 + c) * length + l] = 1f;
                }
            }
        }
        return out;
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {31, 32})
    void oneHotBatchesEqualDirectQueries(long seed) throws Exception {
        SyntheticDataset truth = new SyntheticDataset(seed, 0);
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
             NDManager manager = PyTorch.manager()) {
            Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks().withLen(OutputLength.fixed(12));
            try (GvlDjlDataset data = GvlDjlDataset.builder(view).oneHot(true).setSampling(4, true).build()) {
                int seen = 0;
                for (Batch b : data.getData(manager)) {
                    try (b) {
                        int[][] rs = instances(b, view.sampleCount());
                        NDArray x = b.getData().singletonOrThrow();
                        assertEquals("haplotypes", x.getName());
                        assertEquals(DataType.FLOAT32, x.getDataType());
                        assertArrayEquals(new long[] {rs[0].length, 2, 4, 12}, x.getShape().getShape());
                        try (DatasetOutput direct = view.get(rs[0], rs[1])) {
                            byte[] seqs = ((Dense) direct.get("haplotypes")).data().toArray(ValueLayout.JAVA_BYTE);
                            assertArrayEquals(oneHot(seqs, rs[0].length * 2, 12), x.toFloatArray());
                        }
                        seen += b.getSize();
                    }
                }
                assertEquals(view.regionCount() * view.sampleCount(), seen);
            }
        }
    }

    @Test
    void raggedOutputsArePaddedOrPassedAsDataAndOffsets() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(33, 0);
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
             NDManager manager = PyTorch.manager();
             Arena arena = Arena.ofShared()) {
            Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
            List<Long> idx = List.of(0L, 5L, 3L);
            int[] regions = {0, 1, 1};
            int[] samples = {0, 2, 0};
            try (GvlDjlDataset padded = GvlDjlDataset.builder(view).setSampling(3, false).build();
                 GvlDjlDataset split = GvlDjlDataset.builder(view).ragged(RaggedLayout.DATA_AND_OFFSETS)
                         .setSampling(3, false).build();
                 DatasetOutput direct = view.get(regions, samples);
                 Batch p = padded.batch(manager, idx, 0);
                 Batch s = split.batch(manager, idx, 0)) {
                Dense want = direct.toPadded("haplotypes", arena);
                NDArray got = p.getData().singletonOrThrow();
                assertArrayEquals(want.shape(), got.getShape().getShape());
                assertArrayEquals(want.data().toArray(ValueLayout.JAVA_BYTE), got.toByteArray());
                Ragged r = (Ragged) direct.get("haplotypes");
                NDList two = s.getData();
                assertEquals(List.of("haplotypes", "haplotypes.offsets"), List.of(two.get(0).getName(),
                        two.get(1).getName()));
                assertArrayEquals(r.data().asSlice(0, r.totalLength()).toArray(ValueLayout.JAVA_BYTE),
                        two.get(0).toByteArray());
                assertArrayEquals(r.offsets().toArray(ValueLayout.JAVA_LONG), two.get(1).toLongArray());
                assertThrows(IllegalStateException.class, () -> GvlDjlDataset.builder(view).oneHot(true)
                        .ragged(RaggedLayout.DATA_AND_OFFSETS).setSampling(3, false).build().batch(manager, idx, 0));
            }
        }
    }

    @Test
    void labelsComeFromRegionColumnsOrAFunction() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(34, 0);
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
             NDManager manager = PyTorch.manager()) {
            Dataset view = ds.withSeqs(SeqKind.REFERENCE).withoutTracks().withLen(OutputLength.fixed(8));
            double[] starts = view.regionColumns().doubles("chromStart");
            List<Long> idx = List.of(4L, 0L, 2L);
            try (GvlDjlDataset byColumn = GvlDjlDataset.builder(view)
                         .labels(Labels.regionColumns(view.regionColumns(), "chromStart")).setSampling(3, false).build();
                 GvlDjlDataset byFunction = GvlDjlDataset.builder(view)
                         .labels(Labels.of(2, (r, s, out) -> { out[0] = r; out[1] = 10 * s; }))
                         .setSampling(3, false).build();
                 Batch c = byColumn.batch(manager, idx, 0);
                 Batch f = byFunction.batch(manager, idx, 0)) {
                int n = view.sampleCount();
                float[] wantColumn = new float[3];
                float[] wantFunction = new float[6];
                for (int i = 0; i < 3; i++) {
                    int r = (int) (idx.get(i) / n);
                    wantColumn[i] = (float) starts[r];
                    wantFunction[2 * i] = r;
                    wantFunction[2 * i + 1] = 10 * (int) (idx.get(i) % n);
                }
                assertArrayEquals(new long[] {3, 1}, c.getLabels().singletonOrThrow().getShape().getShape());
                assertArrayEquals(wantColumn, c.getLabels().singletonOrThrow().toFloatArray());
                assertArrayEquals(wantFunction, f.getLabels().singletonOrThrow().toFloatArray());
            }
            assertThrows(IllegalArgumentException.class, () -> Labels.regionColumns(view.regionColumns(), "nope"));
        }
    }

    @Test
    void recordsAreCopiesWithoutTheBatchAxis() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(35, 0);
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
             NDManager manager = PyTorch.manager()) {
            Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks().withLen(OutputLength.fixed(10));
            try (GvlDjlDataset data = GvlDjlDataset.builder(view).setSampling(2, false).build()) {
                Record rec = data.get(manager, 4);
                try (DatasetOutput direct = view.get(new int[] {4 / view.sampleCount()},
                        new int[] {4 % view.sampleCount()})) {
                    NDArray x = rec.getData().singletonOrThrow();
                    assertArrayEquals(new long[] {2, 10}, x.getShape().getShape());
                    assertArrayEquals(((Dense) direct.get("haplotypes")).data().toArray(ValueLayout.JAVA_BYTE),
                            x.toByteArray());
                }
                assertThrows(IndexOutOfBoundsException.class, () -> data.get(manager, data.size()));
            }
        }
    }

    /** A source over one fixed segment, to see that a batch's NDArray reads gvl's memory rather than a copy. */
    private record FixedSource(MemorySegment bytes) implements BatchSource {
        public int regions() {
            return 2;
        }

        public int samples() {
            return 1;
        }

        public long instanceBytes(int region, int sample) {
            return 4;
        }

        public DatasetOutput fetch(int[] regions, int[] samples) {
            Arena owner = Arena.ofShared();
            Dense d = Dense.wrap(DType.U8, new long[] {2, 4}, bytes);
            return DatasetOutput.of(owner, new long[] {2}, List.of(new NamedArray("reference", d)));
        }
    }

    @Test
    void batchArraysAreViewsOfGvlMemoryUntilTheBatchCloses() {
        try (Arena arena = Arena.ofShared(); NDManager manager = PyTorch.manager()) {
            MemorySegment bytes = arena.allocateFrom(ValueLayout.JAVA_BYTE, "ACGTTGCA".getBytes());
            try (GvlDjlDataset data = GvlDjlDataset.builder(new FixedSource(bytes))
                    .setSampling(2, false).build()) {
                Batch b = data.batch(manager, List.of(0L, 1L), 0);
                NDArray x = b.getData().singletonOrThrow();
                assertArrayEquals("ACGTTGCA".getBytes(), x.toByteArray());
                bytes.set(ValueLayout.JAVA_BYTE, 0, (byte) 'N');
                assertEquals('N', x.toByteArray()[0], "the NDArray shares the batch's memory");
                b.close();
                assertTrue(x.isReleased(), "closing the batch closes its NDArrays");
            }
        }
    }

    @Test
    void buildNeedsSampling() {
        try (Dataset ds = Dataset.dummy()) {
            assertThrows(IllegalStateException.class, () -> GvlDjlDataset.builder(ds).build());
        }
    }
}
