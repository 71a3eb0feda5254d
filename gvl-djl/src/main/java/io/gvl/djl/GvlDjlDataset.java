package io.gvl.djl;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.DataIterable;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.dataset.Record;
import ai.djl.training.dataset.Sampler;
import ai.djl.util.Progress;
import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.OneHot;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.ArrayTooLargeException;
import io.gvl.dataloader.BatchSource;
import io.gvl.dataloader.DatasetSource;
import io.gvl.dataloader.NativeBuffers;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.djl.internal.SlotArena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutorService;

/**
 * A DJL {@link RandomAccessDataset} over a gvl view (any {@link BatchSource}; a {@link Dataset} directly). Its
 * instances are the view's {@code (region, sample)} grid in C order: index {@code i} is region
 * {@code i / samples}, sample {@code i % samples}.
 *
 * <p>Why not DJL's default path: that calls {@link #get} once per index and stacks the records, a copy per
 * instance. Here each mini-batch is one batched gvl query ({@link Dataset#get(int[], int[], java.lang.foreign.Arena)})
 * into a reused off-heap slot, and the batch's NDArrays are created over that memory without a copy (the PyTorch
 * engine wraps a direct buffer with {@code from_blob}). Closing the DJL {@link Batch} (as {@code EasyTrain} does
 * after each step) first closes those NDArrays, then returns the slot for reuse. So: <b>close each batch, and
 * never keep one of its NDArrays past it</b>; copy ({@code duplicate()}) what must outlive the batch. Sources
 * other than a dataset get one {@code fetch} per batch, whose output is closed with the batch.
 *
 * <p>Batch data: the selected outputs in the source's order, each named as the output. Dense outputs keep their
 * shape ({@code [B, ...]}); ragged ones follow {@link RaggedLayout}. With {@link Builder#oneHot one-hot}, uint8
 * sequences ({@value DatasetOutput#HAPLOTYPES}, {@value DatasetOutput#REFERENCE}) become float32
 * {@code [B, ..., 4, L]} ({@link OneHot}), written by gvl into the slot. Labels, when set, are one float32
 * {@code [B, width]} array. {@link Builder#optPipeline Pipelines} see whole batches. The arrays are on the CPU.
 *
 * <p>{@link #get} (one instance, used by {@code subDataset} and {@code randomSplit}) copies into the manager it
 * is given. Thread-safe for DJL's prefetching: each batch has its own slot.
 */
public final class GvlDjlDataset extends RandomAccessDataset implements AutoCloseable {
    private static final long FIRST_SLOT_BYTES = 1 << 20;

    private final BatchSource source;
    private final Dataset view;
    private final List<String> outputs;
    private final boolean oneHot;
    private final RaggedLayout ragged;
    private final Labels labels;
    private final ConcurrentLinkedDeque<SlotArena> idle = new ConcurrentLinkedDeque<>();
    private volatile long slotBytes = FIRST_SLOT_BYTES;
    private volatile boolean closed;

    private GvlDjlDataset(Builder b) {
        super(b);
        this.source = b.source;
        this.view = b.source instanceof DatasetSource ds ? ds.view() : null;
        this.outputs = b.outputs;
        this.oneHot = b.oneHot;
        this.ragged = b.ragged;
        this.labels = b.labels;
    }

    /**
     * A builder over a dataset view; the dataset is not closed by this one.
     *
     * @param view the dataset view whose outputs the batches hold
     * @return a builder; call {@code setSampling(batchSize, shuffle)} before {@code build()}
     */
    public static Builder builder(Dataset view) {
        return new Builder(new DatasetSource(view));
    }

    /**
     * A builder over any batch source (for example a reference view through
     * {@link io.gvl.dataloader.RefDatasetSource}).
     *
     * @param source the source; it is not closed by this one
     * @return a builder; call {@code setSampling(batchSize, shuffle)} before {@code build()}
     */
    public static Builder builder(BatchSource source) {
        return new Builder(source);
    }

    @Override
    protected long availableSize() {
        return (long) source.regions() * source.samples();
    }

    @Override
    public void prepare(Progress progress) {
        // The view is open and queried on demand: nothing to download or index.
    }

    @Override
    public Iterable<Batch> getData(NDManager manager, Sampler sampler, ExecutorService executorService) {
        ensureOpen();
        return new DataIterable(this, manager, sampler, dataBatchifier, labelBatchifier, pipeline, targetPipeline,
                executorService, prefetchNumber, device) {
            @Override
            protected Batch fetch(List<Long> indices, int progress) {
                return batch(manager, indices, progress);
            }
        };
    }

    /**
     * One instance, copied into {@code manager} without the batch axis (ragged data and offsets arrays keep
     * theirs: they have none).
     *
     * @param manager the manager that owns the record's arrays
     * @param index the instance index, {@code 0 <= index < size()}
     * @return the record, independent of gvl memory
     */
    @Override
    public Record get(NDManager manager, long index) {
        try (NDManager tmp = manager.newSubManager(); Batch one = batch(tmp, List.of(index), 0)) {
            return new Record(copyOut(manager, one.getData()), copyOut(manager, one.getLabels()));
        }
    }

    /**
     * Builds the batch of {@code indices}: one gvl query, NDArrays over the slot, labels.
     *
     * @param manager the parent manager; the batch gets a sub-manager that closing the batch closes
     * @param indices instance indices
     * @param progress the batch's position, for DJL's progress bar
     * @return the batch, owning its slot until closed
     */
    Batch batch(NDManager manager, List<Long> indices, long progress) {
        ensureOpen();
        int n = indices.size();
        int[] regions = new int[n];
        int[] samples = new int[n];
        long size = size();
        int perRegion = source.samples();
        for (int i = 0; i < n; i++) {
            long flat = indices.get(i);
            if (flat < 0 || flat >= size) {
                throw new IndexOutOfBoundsException("instance " + flat + " is outside this dataset of " + size
                        + " instances");
            }
            regions[i] = (int) (flat / perRegion);
            samples[i] = (int) (flat % perRegion);
        }
        SlotArena slot = takeSlot();
        NDManager sub = manager.newSubManager();
        List<NDArray> overGvl = new ArrayList<>();
        DatasetOutput[] out = new DatasetOutput[1];
        sub.attachInternal("gvl-slot-" + UUID.randomUUID(), () -> release(overGvl, out[0], slot));
        try {
            out[0] = view != null ? view.get(regions, samples, slot) : source.fetch(regions, samples);
            NDList data = new NDList();
            for (NamedArray a : out[0].arrays()) {
                if (outputs == null || outputs.contains(a.name())) {
                    addArrays(sub, a, slot, data, overGvl);
                }
            }
            NDList labelList = new NDList();
            if (labels != null) {
                float[] values = new float[n * labels.width()];
                labels.fill(regions, samples, values);
                labelList.add(sub.create(values, new Shape(n, labels.width())));
            }
            if (pipeline != null) {
                data = pipeline.transform(data);
            }
            if (targetPipeline != null) {
                labelList = targetPipeline.transform(labelList);
            }
            long total = Math.ceilDiv(size, Math.max(n, 1));
            return new Batch(sub, data, labelList, n, dataBatchifier, labelBatchifier, progress, total, indices);
        } catch (RuntimeException | Error e) {
            sub.close();
            throw e;
        }
    }

    private void addArrays(NDManager sub, NamedArray named, SlotArena slot, NDList into, List<NDArray> overGvl) {
        String name = named.name();
        Dense dense = switch (named.array()) {
            case Dense d -> d;
            case Ragged r when ragged == RaggedLayout.PADDED -> r.toPadded(slot, padValue(name));
            case Ragged r -> {
                MemorySegment data = r.data().asSlice(0, r.totalLength() * r.dtype().byteSize());
                into.add(wrap(sub, name, data, new Shape(r.totalLength()), r.dtype(), overGvl));
                into.add(wrap(sub, name + ".offsets", r.offsets(), new Shape(r.rows() + 1), DType.I64, overGvl));
                yield null;
            }
        };
        if (dense == null) {
            if (oneHot && isSequence(name)) {
                throw new IllegalStateException("one-hot needs rectangular sequences but '" + name + "' is ragged"
                        + " data + offsets; use RaggedLayout.PADDED or a fixed length (Dataset.withLen)");
            }
            return;
        }
        if (oneHot && isSequence(name) && dense.dtype() == DType.U8) {
            ArrayTooLargeException.checkBytes("'" + name + "' one-hot encoded", dense.data().byteSize()
                    * OneHot.CHANNELS * Float.BYTES, "a DJL NDArray (a ByteBuffer)");
            dense = OneHot.encode(dense, slot);
        }
        into.add(wrap(sub, name, dense.data(), new Shape(dense.shape()), dense.dtype(), overGvl));
    }

    private static double padValue(String name) {
        try {
            return DatasetOutput.padValue(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("output '" + name + "' is ragged and has no pad value; select it with"
                    + " RaggedLayout.DATA_AND_OFFSETS or leave it out (Builder.outputs)", e);
        }
    }

    private static boolean isSequence(String name) {
        return name.equals(DatasetOutput.HAPLOTYPES) || name.equals(DatasetOutput.REFERENCE);
    }

    private static NDArray wrap(NDManager sub, String name, MemorySegment memory, Shape shape, DType dtype,
            List<NDArray> overGvl) {
        ByteBuffer buffer = NativeBuffers.of("'" + name + "' of the batch", memory, "a DJL NDArray");
        NDArray array = sub.create(buffer, shape, dataType(dtype));
        array.setName(name);
        overGvl.add(array);
        return array;
    }

    /**
     * The DJL element type of a gvl element type.
     *
     * @param dtype a gvl type
     * @return the DJL type of the same width and meaning
     */
    static DataType dataType(DType dtype) {
        return switch (dtype) {
            case U8 -> DataType.UINT8;
            case I32 -> DataType.INT32;
            case I64 -> DataType.INT64;
            case F32 -> DataType.FLOAT32;
        };
    }

    private static NDList copyOut(NDManager manager, NDList arrays) {
        NDList out = new NDList();
        List<String> names = arrays.stream().map(NDArray::getName).toList();
        for (NDArray a : arrays) {
            String name = a.getName();
            boolean noBatchAxis = name != null && (name.endsWith(".offsets") || names.contains(name + ".offsets"));
            Shape shape = noBatchAxis ? a.getShape() : a.getShape().slice(1);
            ByteBuffer src = a.toByteBuffer();
            ByteBuffer copy = ByteBuffer.allocateDirect(src.remaining()).order(ByteOrder.nativeOrder());
            copy.put(src).flip();
            NDArray c = manager.create(copy, shape, a.getDataType());
            c.setName(name);
            out.add(c);
        }
        return out;
    }

    private SlotArena takeSlot() {
        SlotArena slot = idle.poll();
        return slot != null ? slot : new SlotArena(slotBytes);
    }

    private void release(List<NDArray> overGvl, DatasetOutput out, SlotArena slot) {
        for (NDArray a : overGvl) {
            a.close();
        }
        if (out != null) {
            out.close();
        }
        slot.reset();
        slotBytes = Math.max(slotBytes, slot.capacity());
        if (closed) {
            slot.close();
        } else {
            idle.push(slot);
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("this GvlDjlDataset is closed");
        }
    }

    /**
     * Frees the idle slots; slots of batches still open are freed when those close. The view is not closed.
     * Closing twice is harmless.
     */
    @Override
    public void close() {
        closed = true;
        for (SlotArena s; (s = idle.poll()) != null; ) {
            s.close();
        }
    }

    /** Builds a {@link GvlDjlDataset}; DJL's own options (sampling, batchifiers, prefetching) come from the base. */
    public static final class Builder extends RandomAccessDataset.BaseBuilder<Builder> {
        private final BatchSource source;
        private List<String> outputs;
        private boolean oneHot;
        private RaggedLayout ragged = RaggedLayout.PADDED;
        private Labels labels;

        private Builder(BatchSource source) {
            this.source = source;
        }

        /**
         * Keeps only these outputs in the batch data, in the source's order (default: every output).
         *
         * @param names output names, e.g. {@value DatasetOutput#HAPLOTYPES}
         * @return this builder
         */
        public Builder outputs(String... names) {
            this.outputs = List.of(names);
            return this;
        }

        /**
         * One-hot encodes uint8 sequences into float32 {@code [B, ..., 4, L]} (channels A, C, G, T; other bytes
         * give all-zero columns). Default off.
         *
         * @param oneHot whether to encode
         * @return this builder
         */
        public Builder oneHot(boolean oneHot) {
            this.oneHot = oneHot;
            return this;
        }

        /**
         * How ragged outputs are laid out (default {@link RaggedLayout#PADDED}).
         *
         * @param layout the layout
         * @return this builder
         */
        public Builder ragged(RaggedLayout layout) {
            this.ragged = java.util.Objects.requireNonNull(layout, "layout");
            return this;
        }

        /**
         * Labels of each instance (default none: batches carry an empty label list).
         *
         * @param labels the label source
         * @return this builder
         */
        public Builder labels(Labels labels) {
            this.labels = labels;
            return this;
        }

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * The dataset.
         *
         * @return a dataset over the source
         * @throws IllegalStateException if no sampling was set
         */
        public GvlDjlDataset build() {
            if (sampler == null) {
                throw new IllegalStateException("set the sampling first: setSampling(batchSize, shuffle)");
            }
            return new GvlDjlDataset(this);
        }
    }
}
