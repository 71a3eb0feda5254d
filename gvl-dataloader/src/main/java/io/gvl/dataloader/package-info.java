/**
 * Batching over any {@link io.gvl.dataloader.BatchSource} (a dataset view), with optional background
 * prefetching into off-heap memory: {@link io.gvl.dataloader.Mode#BUFFERED} keeps prefetched chunks in-process,
 * {@link io.gvl.dataloader.Mode#DOUBLE_BUFFERED} serializes them into two file-backed shared-memory slots.
 */
package io.gvl.dataloader;
