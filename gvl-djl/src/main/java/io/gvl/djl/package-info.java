/**
 * DJL datasets over gvl views: {@link io.gvl.djl.GvlDjlDataset} answers each mini-batch with one batched gvl query
 * into a reused off-heap slot and hands the result to the engine as NDArrays over that memory, without a copy.
 * The NDArrays of a batch are closed before its memory is reused, when the DJL batch is closed.
 * {@link io.gvl.djl.BatchNDArrays} wraps a gvl loader batch instead: its NDArrays hold a retained view of the batch,
 * so the batch may be closed before them.
 */
package io.gvl.djl;
