/**
 * Batching over any {@link io.gvl.dataloader.BatchSource} (a dataset view), with optional background
 * prefetching into off-heap memory: {@link io.gvl.dataloader.Mode#BUFFERED} keeps prefetched chunks in-process,
 * {@link io.gvl.dataloader.Mode#DOUBLE_BUFFERED} writes them into file-backed shared memory with a documented
 * layout. The kernels write every batch once, into memory the batches are views of; nothing is copied.
 */
package io.gvl.dataloader;
