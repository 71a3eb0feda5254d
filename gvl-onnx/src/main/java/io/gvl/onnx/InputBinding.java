package io.gvl.onnx;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.TensorInfo;
import ai.onnxruntime.ValueInfo;
import io.gvl.core.buffer.OneHot;
import io.gvl.dataloader.ArrayTooLargeException;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * How the model's one input is fed from a view's sequences: its name picks the sequence kind (an input called
 * {@code haplotypes} or {@code reference} gets those, any other name the view's own sequences), and its type and
 * shape pick the encoding: uint8 {@code [N, L]} takes the ASCII bases as they are, float32 {@code [N, 4, L]} their
 * one-hot encoding. {@code N} counts (instance, haplotype) rows.
 *
 * @param name the input's name in the model
 * @param kind the sequences it takes, or empty for the view's own
 * @param oneHot whether the input takes one-hot floats rather than bytes
 * @param length the model's fixed row length, or -1 when the model leaves it open
 */
record InputBinding(String name, Optional<SeqKind> kind, boolean oneHot, long length) {

    /**
     * Binds the model's one input.
     *
     * @param model the model file, for messages
     * @param inputs the session's input infos
     * @param wanted the input the sequences go to, or {@code null} for the model's only input
     * @return the binding
     * @throws PredictionException if the model lacks {@code wanted}, has other inputs gvl cannot feed, or the input
     *     is not of a supported type and shape; the message lists the model's inputs
     */
    static InputBinding of(Path model, Map<String, NodeInfo> inputs, String wanted) {
        if (wanted != null && !inputs.containsKey(wanted)) {
            throw new PredictionException(model + ": the model has no input '" + wanted + "'; it has "
                    + describe(inputs) + " (pass one of those with --input)");
        }
        if (inputs.size() != 1) {
            throw new PredictionException(model + ": the model has " + inputs.size() + " inputs " + describe(inputs)
                    + "; gvl predict feeds exactly one, the sequences (export a model with one input)");
        }
        NodeInfo node = inputs.values().iterator().next();
        ValueInfo info = node.getInfo();
        if (!(info instanceof TensorInfo t)) {
            throw new PredictionException(model + ": input '" + node.getName() + "' is not a tensor (" + info
                    + "); it must be uint8 [N, L] or float32 [N, 4, L]");
        }
        long[] shape = t.getShape();
        boolean bytes = t.type == OnnxJavaType.UINT8 && shape.length == 2;
        boolean oneHot = t.type == OnnxJavaType.FLOAT && shape.length == 3 && shape[1] == 4;
        if (!bytes && !oneHot) {
            throw new PredictionException(model + ": input '" + node.getName() + "' is " + describe(inputs)
                    + "; gvl feeds uint8 [N, L] (ASCII bases) or float32 [N, 4, L] (one-hot A, C, G, T):"
                    + " re-export the model with one of those");
        }
        Optional<SeqKind> kind = switch (node.getName()) {
            case DatasetOutput.HAPLOTYPES -> Optional.of(SeqKind.HAPLOTYPES);
            case DatasetOutput.REFERENCE -> Optional.of(SeqKind.REFERENCE);
            default -> Optional.empty();
        };
        long length = shape[shape.length - 1];
        return new InputBinding(node.getName(), kind, oneHot, length > 0 ? length : -1);
    }

    /**
     * Refuses, before anything is allocated or handed to ONNX Runtime, a batch whose input tensor would exceed what a
     * tensor over a {@link java.nio.ByteBuffer} can address: {@code rows x length} bytes, or four float32 channels
     * per base (16 bytes) for a one-hot input.
     *
     * @param rows (instance, haplotype) rows of the largest batch
     * @param length bases per row
     * @throws ArrayTooLargeException naming the input, its size and the fix
     */
    void checkSize(long rows, long length) {
        long perBase = oneHot ? (long) OneHot.CHANNELS * Float.BYTES : 1;
        long bytes = Math.multiplyHigh(rows, length) != 0 || Math.multiplyHigh(rows * length, perBase) != 0
                ? Long.MAX_VALUE : rows * length * perBase;
        ArrayTooLargeException.checkBytes("input '" + name + "' (" + rows + " rows x " + length + " bases"
                + (oneHot ? " x 4 float32 channels" : "") + ")", bytes, "an ONNX Runtime tensor (a ByteBuffer)");
    }

    /** The inputs as {@code [name type [shape], ...]}, -1 marking an open axis. */
    private static String describe(Map<String, NodeInfo> inputs) {
        return inputs.values().stream().map(n -> n.getInfo() instanceof TensorInfo t
                ? n.getName() + " " + t.type + " " + Arrays.toString(t.getShape())
                : n.getName() + " " + n.getInfo()).toList().toString();
    }
}
