/**
 * ONNX Runtime prediction over gvl views: {@link io.gvl.onnx.OnnxPredictor} runs every (region, sample, haplotype)
 * of a view through a model, its input tensors created over the batch's off-heap memory without a copy, and writes
 * the outputs as an Arrow IPC table keyed by region, sample and haplotype.
 */
package io.gvl.onnx;
