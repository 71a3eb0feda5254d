package io.gvl.arrow;

import io.gvl.arrow.internal.ArrowLayout;
import io.gvl.arrow.internal.ViewBuffers;
import io.gvl.core.buffer.NamedArray;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.BatchView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Arrow record batches over a loader batch's own memory, without copying its data: the way to give a batch to
 * pyarrow, polars or torch inside one process (for example a JVM started by JPype), through the Arrow C Data
 * Interface.
 *
 * <p>Layout, one column per output in the batch's order, one row per instance: a ragged output of shape
 * {@code [n, d1..dk]} is {@code FixedSizeList<d1>(... FixedSizeList<dk>(LargeList<T>))} over the batch's data and
 * int64 offsets; a dense (fixed-length or padded) output of shape {@code [n, d1..dk, L]} is
 * {@code FixedSizeList<d1>(... FixedSizeList<L>(T))}, with no offsets. {@code T} is {@code uint8}, {@code int32},
 * {@code int64} or {@code float32}. Outputs with equal offsets (haplotypes and their realigned tracks) share one
 * offsets buffer. Nothing is nullable. The data buffers are the batch's segments (same addresses); a batch sliced out
 * of a larger loader chunk has small rebased offset arrays on the Java heap, and those are copied into
 * {@code allocator}.
 *
 * <p>Lifetime: the root holds a retained {@link BatchView}, so the bytes stay valid (and the loader does not reuse
 * them) after the batch is closed and later batches are produced, until every Arrow buffer is released: by closing
 * the root, or, after {@link #exportToC}, by the C consumer's release callback. The wrapped bytes count against
 * {@code allocator}. Close the root (or let the consumer release it) before closing the loader; a loader that closes
 * first reclaims the view, after which the buffers must not be read.
 *
 * <p>JVM flags: {@code --add-opens=java.base/java.nio=ALL-UNNAMED} for the C Data structs and
 * {@code --enable-native-access=ALL-UNNAMED} for arrow-c-data's JNI library; wrapping alone needs none.
 * Thread-safe: the release may come from any thread.
 */
public final class ArrowBatches {
    private ArrowBatches() {
    }

    /**
     * The Arrow schema {@link #wrap(Batch, BufferAllocator)} gives a batch with these arrays.
     *
     * @param arrays the arrays of a batch, each with the instance axis first
     * @return the schema, one field per array, in order
     * @throws IllegalArgumentException if an array has no instance axis, or an axis exceeds {@code Integer.MAX_VALUE}
     * @throws io.gvl.dataloader.ArrayTooLargeException if an array has more values than an Arrow vector counts
     *     ({@code Integer.MAX_VALUE}): use a smaller batch or a shorter length
     */
    public static Schema schema(List<NamedArray> arrays) {
        List<Field> fields = new ArrayList<>(arrays.size());
        for (NamedArray a : arrays) {
            ArrowLayout.instances(a);
            ArrowLayout.checkSize(a);
            fields.add(ArrowLayout.field(a));
        }
        return new Schema(fields);
    }

    /**
     * A zero-copy Arrow view of {@code batch}. It retains a view of the batch, so the batch may be closed at once.
     *
     * @param batch an open batch
     * @param allocator the allocator the wrapped buffers are accounted to
     * @return a root the caller closes (or exports and closes); its buffers keep the batch's memory alive
     * @throws IllegalStateException if the batch is closed
     * @throws IllegalArgumentException if an array has no instance axis, or the arrays disagree on the instance count
     * @throws io.gvl.dataloader.ArrayTooLargeException if an array has more values than an Arrow vector counts
     */
    public static VectorSchemaRoot wrap(Batch batch, BufferAllocator allocator) {
        return wrap(batch.retain(), allocator);
    }

    /**
     * A zero-copy Arrow view of a retained batch view; the root takes ownership of {@code view} and closes it when
     * Arrow releases the last buffer (at once if building the root fails).
     *
     * @param view an open view, which the caller no longer closes
     * @param allocator the allocator the wrapped buffers are accounted to
     * @return a root the caller closes (or exports and closes)
     * @throws IllegalStateException if the view is closed
     * @throws IllegalArgumentException if an array has no instance axis, or the arrays disagree on the instance count
     * @throws io.gvl.dataloader.ArrayTooLargeException if an array has more values than an Arrow vector counts
     *     ({@code Integer.MAX_VALUE}; checked before anything is wrapped): use a smaller batch or a shorter length
     */
    public static VectorSchemaRoot wrap(BatchView view, BufferAllocator allocator) {
        ViewBuffers buffers = new ViewBuffers(view, allocator);
        List<ArrowBuf> bufs = new ArrayList<>();
        try {
            List<NamedArray> arrays = view.arrays();
            Schema schema = schema(arrays);
            int rows = arrays.isEmpty() ? 0 : ArrowLayout.instances(arrays.getFirst());
            List<ArrowFieldNode> nodes = new ArrayList<>();
            ArrowLayout.OffsetsBuf shared = null;
            for (NamedArray a : arrays) {
                if (ArrowLayout.instances(a) != rows) {
                    throw new IllegalArgumentException("array '" + a.name() + "' has " + ArrowLayout.instances(a)
                            + " instances but '" + arrays.getFirst().name() + "' has " + rows);
                }
                shared = ArrowLayout.append(a, allocator, buffers, shared, nodes, bufs);
            }
            VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
            try (ArrowRecordBatch batch = new ArrowRecordBatch(rows, nodes, bufs)) {
                new VectorLoader(root).load(batch);
            } catch (RuntimeException e) {
                root.close();
                throw e;
            }
            return root;
        } finally {
            // The vectors now hold their own references; drop the ones made here (a shared buffer only once).
            Set<ArrowBuf> made = Collections.newSetFromMap(new IdentityHashMap<>());
            made.addAll(bufs);
            made.forEach(b -> b.getReferenceManager().release());
            buffers.done();
        }
    }

    /**
     * Exports {@code root} through the Arrow C Data Interface into {@code array} and {@code schema} (whose
     * {@code memoryAddress()} a consumer such as {@code pyarrow.RecordBatch._import_from_c} takes). Only metadata is
     * exported; the consumer reads the same memory and releases it through the structs' release callbacks, which
     * releases the batch view. The caller may close {@code root} right after.
     *
     * @param root a root from {@link #wrap(Batch, BufferAllocator)}
     * @param allocator the allocator for the export's private data
     * @param array an allocated, empty C array struct
     * @param schema an allocated, empty C schema struct
     */
    public static void exportToC(VectorSchemaRoot root, BufferAllocator allocator, ArrowArray array,
            ArrowSchema schema) {
        Data.exportVectorSchemaRoot(allocator, root, null, array, schema);
    }
}
