package io.gvl.onnx;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.OneHot;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.DataLoader;
import io.gvl.dataloader.Mode;
import io.gvl.dataloader.NativeBuffers;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.onnx.internal.PredictionSink;
import io.gvl.onnx.internal.PredictionTable;
import io.gvl.onnx.internal.parquet.ParquetTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Runs every (region, sample, haplotype) of a dataset view through an ONNX model with ONNX Runtime and writes the
 * outputs as an Arrow IPC or a Parquet table ({@link PredictionFormat}) keyed by region, sample and haplotype.
 *
 * <p>The model has one input, the sequences, bound by name and type ({@code haplotypes} or {@code reference}
 * picks that kind; uint8 {@code [N, L]} takes ASCII bases, float32 {@code [N, 4, L]} one-hot {@code A, C, G, T}),
 * where {@code N} counts (instance, haplotype) rows and {@code L} is the model's length or the view's fixed
 * length. The batches come from a double-buffered {@link DataLoader} (the next batch is fetched while the model
 * runs, into reused slots); a byte input tensor is created over the batch's memory ({@link BatchTensor}: no copy,
 * closed with the results before the batch), a one-hot input is encoded into one reused buffer. Only the sequences
 * are fetched (the view's tracks are dropped). Every output must be float32 with {@code N} rows; an output of one value per row becomes a
 * float32 column, wider ones a fixed-size list column.
 *
 * <p>Not thread-safe: one {@link #predict} at a time (ONNX Runtime parallelizes inside a batch).
 */
public final class OnnxPredictor implements AutoCloseable {
    /** Prefetch memory of the loader: two chunks of up to half of it each. */
    private static final long LOADER_BYTES = 256L << 20;

    private final Path model;
    private final OrtEnvironment env;
    private final OrtSession session;
    private final InputBinding input;

    private OnnxPredictor(Path model, OrtEnvironment env, OrtSession session, InputBinding input) {
        this.model = model;
        this.env = env;
        this.session = session;
        this.input = input;
    }

    /**
     * Loads a model.
     *
     * @param model an {@code .onnx} file with one sequence input (see the class comment)
     * @param threads ONNX Runtime's intra-op threads, {@code >= 1}
     * @return the predictor; the caller must close it
     * @throws PredictionException if the file cannot be loaded or its input is not one gvl can feed
     * @throws IllegalArgumentException if {@code threads < 1}
     */
    public static OnnxPredictor open(Path model, int threads) {
        return open(model, threads, null);
    }

    /**
     * Loads a model and binds the sequences to the input {@code input}.
     *
     * @param model an {@code .onnx} file (see the class comment)
     * @param threads ONNX Runtime's intra-op threads, {@code >= 1}
     * @param input the name of the input the sequences go to, or {@code null} for the model's only input
     * @return the predictor; the caller must close it
     * @throws PredictionException if the file cannot be loaded, lacks {@code input}, or its input is not one gvl can
     *     feed (the message names the model and lists its inputs)
     * @throws IllegalArgumentException if {@code threads < 1}
     */
    public static OnnxPredictor open(Path model, int threads, String input) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        if (!Files.isRegularFile(model)) {
            throw new PredictionException(model + ": no such model file; pass the path of an .onnx file");
        }
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(threads);
            options.setInterOpNumThreads(1);
            OrtSession session = env.createSession(model.toString(), options);
            try {
                return new OnnxPredictor(model, env, session, InputBinding.of(model, session.getInputInfo(), input));
            } catch (RuntimeException e) {
                session.close();
                throw e;
            }
        } catch (OrtException e) {
            throw new PredictionException(model + ": ONNX Runtime cannot load the model (" + e.getMessage()
                    + "); check that it is a valid ONNX file of an opset ONNX Runtime supports", e);
        }
    }

    /**
     * The name of the model input the sequences go to.
     *
     * @return the input name
     */
    public String inputName() {
        return input.name();
    }

    /**
     * The sequences the model's input asks for by its name ({@code haplotypes} or {@code reference}).
     *
     * @return the kind, or empty when the input's name does not say (the view's own sequences are fed)
     */
    public Optional<SeqKind> inputSeqs() {
        return input.kind();
    }

    /**
     * Whether the model takes one-hot floats (rather than ASCII bytes).
     *
     * @return {@code true} for a float32 {@code [N, 4, L]} input
     */
    public boolean oneHot() {
        return input.oneHot();
    }

    /**
     * Predicts every instance of {@code view} in C order ({@code region}-major), {@code batchSize} instances (of
     * all their haplotypes) per model call, and writes the table to {@code out} (through a temporary sibling and
     * a rename, so a failed run leaves no partial file).
     *
     * @param view the dataset view; its sequence kind is set from the input name, its length from the model when
     *     the view's is not fixed
     * @param out the Arrow IPC file to write
     * @param batchSize instances per model call, {@code >= 1}
     * @param overwrite whether to replace an existing {@code out}
     * @return what was written (instances, rows) and where the time went
     * @throws PredictionException if the view and model disagree (length, sequences) or the model fails
     * @throws io.gvl.dataloader.ArrayTooLargeException if one batch's input tensor would exceed 2 GiB - 9 bytes
     *     (checked before anything runs): use a smaller batch size or a shorter length
     * @throws UncheckedIOException if {@code out} cannot be written
     */
    public PredictionStats predict(Dataset view, Path out, int batchSize, boolean overwrite) {
        return predict(view, out, batchSize, overwrite, PredictionFormat.ARROW_IPC);
    }

    /**
     * Predicts every instance of {@code view} as {@link #predict(Dataset, Path, int, boolean)} does and writes the
     * table in {@code format}: the same columns, types and rows whichever the format.
     *
     * @param view the dataset view; its sequence kind is set from the input name, its length from the model when
     *     the view's is not fixed
     * @param out the file to write
     * @param batchSize instances per model call, {@code >= 1}
     * @param overwrite whether to replace an existing {@code out}
     * @param format Arrow IPC or Parquet ({@link PredictionFormat#of(Path)} picks by the file name)
     * @return what was written (instances, rows) and where the time went
     * @throws PredictionException if the view and model disagree (length, sequences), the model fails, or Parquet is
     *     asked for without parquet-java on the class path
     * @throws io.gvl.dataloader.ArrayTooLargeException if one batch's input tensor would exceed 2 GiB - 9 bytes
     *     (checked before anything runs): use a smaller batch size or a shorter length
     * @throws UncheckedIOException if {@code out} cannot be written
     */
    public PredictionStats predict(Dataset view, Path out, int batchSize, boolean overwrite, PredictionFormat format) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be >= 1, got " + batchSize);
        }
        if (Files.exists(out) && !overwrite) {
            throw new PredictionException(out + " exists; remove it or pass overwrite (--overwrite)");
        }
        Dataset v = configure(view);
        long batchRows = Math.min(batchSize, v.size()) * (v.seqKind() == SeqKind.HAPLOTYPES ? v.ploidy().orElse(1)
                : 1);
        input.checkSize(batchRows, ((OutputLength.Fixed) v.outputLength()).n());
        // Hidden and named for this process, as gvl's other outputs: .<name>.tmp.<pid>-<hex>, so that a caller can
        // tell a killed run's leftover (a dead pid) from a concurrent writer's.
        Path tmp = out.resolveSibling("." + out.getFileName() + ".tmp." + ProcessHandle.current().pid() + "-"
                + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()));
        long start = System.nanoTime();
        long[] nanos = new long[3];
        long rows;
        try {
            try (PredictionSink table = sink(format, tmp, out)) {
                run(v, table, batchSize, nanos);
                rows = table.rows();
            }
            Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write predictions to " + out + ": " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // The rename happened or the file was never made; nothing else to clean.
            }
        }
        long instances = (long) v.regionCount() * v.sampleCount();
        return new PredictionStats(instances, rows, nanos[0], nanos[1], nanos[2], System.nanoTime() - start);
    }

    /** The sink of {@code format} writing {@code file}, the temporary sibling of {@code out}. */
    private static PredictionSink sink(PredictionFormat format, Path file, Path out) {
        if (format == PredictionFormat.ARROW_IPC) {
            return new PredictionTable(file);
        }
        try {
            return new ParquetTable(file);
        } catch (LinkageError e) {
            throw new PredictionException(out + ": Parquet output needs parquet-java (org.apache.parquet:parquet-hadoop, an optional"
                    + " dependency of gvl-onnx) on the class path, and on the module path also --add-reads"
                    + " io.gvl.onnx=ALL-UNNAMED (" + e + "); add it, or write Arrow IPC", e);
        }
    }

    private Dataset configure(Dataset view) {
        Dataset v = input.kind().map(view::withSeqs).orElse(view).withoutTracks();
        if (v.seqKind() != SeqKind.HAPLOTYPES
                && v.seqKind() != SeqKind.REFERENCE) {
            throw new PredictionException(model + ": the view produces " + v.seqKind() + " sequences; the model's"
                    + " input '" + input.name() + "' takes haplotypes or reference (name the input so, or select"
                    + " them with --seqs)");
        }
        long modelLength = input.length();
        if (v.outputLength() instanceof OutputLength.Fixed f) {
            if (modelLength > 0 && modelLength != f.n()) {
                throw new PredictionException(model + ": the model takes rows of " + modelLength + " bases but the"
                        + " view's fixed length is " + f.n() + "; use --length " + modelLength);
            }
            return v;
        }
        if (modelLength < 1) {
            throw new PredictionException(model + ": input '" + input.name() + "' leaves the length open; give"
                    + " one with --length N (Dataset.withLen(OutputLength.fixed(N)))");
        }
        return v.withLen(OutputLength.fixed(Math.toIntExact(modelLength)));
    }

    /** Runs every batch; adds the nanoseconds spent in gvl, ONNX Runtime and writing to {@code nanos[0..2]}. */
    private void run(Dataset v, PredictionSink table, int batchSize, long[] nanos) throws IOException {
        List<String> sampleNames = v.samples();
        String seqName = v.seqKind() == SeqKind.HAPLOTYPES ? DatasetOutput.HAPLOTYPES : DatasetOutput.REFERENCE;
        try (DataLoader loader = DataLoader.builder(v).batchSize(batchSize).mode(Mode.DOUBLE_BUFFERED)
                .bufferBytes(LOADER_BYTES).copy(false).build();
             Arena oneHotArena = Arena.ofShared()) {
            MemorySegment oneHotBuffer = MemorySegment.NULL;
            Iterator<Batch> batches = loader.iterator();
            for (long t0 = System.nanoTime(); batches.hasNext(); t0 = System.nanoTime()) {
                try (Batch batch = batches.next()) {
                    long first = batch.index() * batchSize;
                    Dense seqs = dense(batch.array(seqName).array());
                    long[] shape = seqs.shape();
                    long length = shape[shape.length - 1];
                    int rows = Math.toIntExact(seqs.data().byteSize() / Math.max(length, 1));
                    int perInstance = rows / batch.size();
                    if (input.oneHot() && oneHotBuffer.byteSize() < (long) rows * OneHot.CHANNELS * length * 4) {
                        oneHotBuffer = oneHotArena.allocate((long) rows * OneHot.CHANNELS * length * 4, 64);
                    }
                    if (input.oneHot()) {
                        OneHot.encode(seqs.data(), oneHotBuffer, rows, length);
                    }
                    long t1 = System.nanoTime();
                    nanos[0] += t1 - t0;
                    List<String> names = new ArrayList<>();
                    List<float[]> values = new ArrayList<>();
                    List<Integer> widths = new ArrayList<>();
                    // Bytes are fed in place (the tensor holds a view of the batch); one-hot from the reused buffer.
                    BatchTensor held = null;
                    OnnxTensor encoded = null;
                    try {
                        if (input.oneHot()) {
                            // The buffer fits the largest batch; the tensor takes exactly this batch's values.
                            encoded = tensor(oneHotBuffer.asSlice(0, (long) rows * OneHot.CHANNELS * length * 4),
                                    new long[] {rows, OneHot.CHANNELS, length});
                        } else {
                            held = BatchTensor.of(env, batch, seqName, new long[] {rows, length});
                        }
                        try (OrtSession.Result result = session.run(Map.of(input.name(),
                                held != null ? held.tensor() : encoded))) {
                            for (Map.Entry<String, OnnxValue> e : result) {
                                float[] out = floats(e.getKey(), e.getValue(), rows);
                                names.add(e.getKey());
                                values.add(out);
                                widths.add(out.length / Math.max(rows, 1));
                            }
                        }
                    } catch (OrtException e) {
                        throw new PredictionException(model + ": ONNX Runtime failed on batch starting at instance "
                                + first + " (" + e.getMessage() + ")", e);
                    } finally {
                        if (held != null) {
                            held.close();
                        }
                        if (encoded != null) {
                            encoded.close();
                        }
                    }
                    long t2 = System.nanoTime();
                    nanos[1] += t2 - t1;
                    if (table.widths() != null && !table.widths().equals(widths)) {
                        throw new PredictionException(model + ": output widths changed from " + table.widths()
                                + " to " + widths + " at instance " + first + "; outputs must have a fixed shape"
                                + " per row");
                    }
                    int[] regions = batch.regions();
                    int[] sampleIdx = batch.samples();
                    int[] keyRegion = new int[rows];
                    String[] keySample = new String[rows];
                    int[] keyHap = new int[rows];
                    for (int r = 0; r < rows; r++) {
                        keyRegion[r] = regions[r / perInstance];
                        keySample[r] = sampleNames.get(sampleIdx[r / perInstance]);
                        keyHap[r] = r % perInstance;
                    }
                    table.append(keyRegion, keySample, keyHap, names, values, widths);
                    nanos[2] += System.nanoTime() - t2;
                }
            }
        }
    }

    private Dense dense(FlatArray a) {
        if (a instanceof Dense d) {
            return d;
        }
        throw new PredictionException(model + ": the view's sequences are ragged; predict needs a fixed length"
                + " (--length N)");
    }

    private OnnxTensor tensor(MemorySegment memory, long[] shape) throws OrtException {
        var buffer = NativeBuffers.of("one-hot input '" + input.name() + "'", memory, "an ONNX Runtime tensor");
        return OnnxTensor.createTensor(env, buffer, shape, input.oneHot() ? OnnxJavaType.FLOAT : OnnxJavaType.UINT8);
    }

    private float[] floats(String name, OnnxValue value, int rows) {
        if (!(value instanceof OnnxTensor t) || t.getInfo().type != OnnxJavaType.FLOAT) {
            throw new PredictionException(model + ": output '" + name + "' is " + value.getInfo()
                    + "; gvl predict writes float32 tensor outputs only (cast it in the model)");
        }
        TensorInfo info = t.getInfo();
        long[] shape = info.getShape();
        if (shape.length == 0 || shape[0] != rows) {
            throw new PredictionException(model + ": output '" + name + "' has shape " + java.util.Arrays.toString(
                    shape) + " but the batch has " + rows + " rows; outputs must have the rows as first axis");
        }
        FloatBuffer fb = t.getFloatBuffer();
        float[] out = new float[fb.remaining()];
        fb.get(out);
        return out;
    }

    /**
     * Closes the ONNX Runtime session. Closing twice is harmless.
     */
    @Override
    public void close() {
        try {
            session.close();
        } catch (OrtException e) {
            throw new PredictionException(model + ": ONNX Runtime failed to close the session", e);
        }
    }
}
