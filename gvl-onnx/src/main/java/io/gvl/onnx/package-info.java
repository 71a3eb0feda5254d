/**
 * ONNX Runtime prediction over gvl views: {@link io.gvl.onnx.OnnxPredictor} runs every (region, sample, haplotype)
 * of a view through a model, its input tensors created over the batch's off-heap memory without a copy, and writes
 * the outputs as an Arrow IPC table keyed by region, sample and haplotype. {@link io.gvl.onnx.BatchTensor} makes a
 * tensor over one output of a gvl loader batch that holds a retained view of it, so the batch may be closed first.
 */
package io.gvl.onnx;
