package io.gvl.arrow.internal;

import io.gvl.dataloader.BatchView;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.ForeignAllocation;

/**
 * Arrow buffers over the segments of one retained batch view. Every wrapped segment holds one count on the view;
 * when Arrow releases the last of them (in Java, or through a C Data consumer's release callback, on any thread) the
 * view is closed and the loader may reuse its slot. Segments that are not off-heap (small rebased offset arrays of
 * a batch sliced out of a larger chunk) are copied into the allocator instead.
 */
public final class ViewBuffers {
    private final BatchView view;
    private final BufferAllocator allocator;
    // One count for the builder itself, so the view cannot close while buffers are still being made.
    private final AtomicInteger holds = new AtomicInteger(1);

    public ViewBuffers(BatchView view, BufferAllocator allocator) {
        this.view = view;
        this.allocator = allocator;
    }

    /** A buffer over {@code segment}: the same memory when off-heap, else a copy owned by the allocator. */
    public ArrowBuf wrap(MemorySegment segment) {
        long size = segment.byteSize();
        if (size == 0) {
            return allocator.getEmpty();
        }
        if (!segment.isNative()) {
            ArrowBuf copy = allocator.buffer(size);
            copy.setBytes(0, segment.toArray(ValueLayout.JAVA_BYTE));
            return copy;
        }
        holds.incrementAndGet();
        try {
            return allocator.wrapForeignAllocation(new ForeignAllocation(size, segment.address()) {
                @Override
                protected void release0() {
                    drop();
                }
            });
        } catch (RuntimeException e) {
            drop();
            throw e;
        }
    }

    /** Ends the builder's own hold: from now on the buffers alone keep the view open. */
    public void done() {
        drop();
    }

    private void drop() {
        if (holds.decrementAndGet() == 0) {
            view.close();
        }
    }
}
