/**
 * Zero-copy Apache Arrow views of loader batches, and their export through the Arrow C Data Interface.
 *
 * <p>{@link io.gvl.arrow.ArrowBatches#wrap(io.gvl.dataloader.Batch, org.apache.arrow.memory.BufferAllocator)} builds a
 * {@link org.apache.arrow.vector.VectorSchemaRoot} whose buffers are the batch's own off-heap memory: a ragged output
 * is a {@code LargeList} over the batch's data and int64 offsets, a fixed-length output a {@code FixedSizeList}, and
 * every leading axis after the instance axis one more {@code FixedSizeList} level. The Arrow buffers hold a retained
 * {@link io.gvl.dataloader.BatchView}, so the loader reuses the slot only once Arrow (or the C Data consumer that
 * imported the batch) releases the last buffer. The JVM needs {@code --add-opens=java.base/java.nio=ALL-UNNAMED}
 * (Arrow's C Data structs) and {@code --enable-native-access=ALL-UNNAMED} (arrow-c-data's small JNI library).
 */
package io.gvl.arrow;
