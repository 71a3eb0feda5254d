package io.gvl.dataloader.internal;

import java.util.concurrent.Semaphore;

/**
 * Chunks written straight into pooled blocks of a {@link BlockPool}, for batches that own their memory
 * ({@code BUFFERED} with {@code copy=true}): each batch is a view of its chunk's block holding one reference, so the
 * block comes back to the pool when the last batch cut from it is closed (also after the loader closes), and nothing
 * is copied. The producer may hold at most {@code ahead} chunks that the consumer has not moved past.
 */
public final class BlockChunks implements ChunkMemory {
    private final BlockPool blocks;
    private final int ahead;
    private final Semaphore permits;

    public BlockChunks(BlockPool blocks, int ahead) {
        this.blocks = blocks;
        this.ahead = ahead;
        this.permits = new Semaphore(ahead);
    }

    @Override
    public Slot acquire(long bytes) throws InterruptedException {
        permits.acquire();
        return takeWithPermit(bytes);
    }

    @Override
    public Slot tryAcquire(long bytes) {
        return permits.tryAcquire() ? takeWithPermit(bytes) : null;
    }

    /** A block for a chunk whose permit the caller holds; the permit goes back if the block cannot be had. */
    private Slot takeWithPermit(long bytes) {
        try {
            return blocks.take(bytes);
        } catch (RuntimeException | Error e) {
            permits.release();
            throw e;
        }
    }

    @Override
    public void chunkDone(Slot slot) {
        try {
            slot.releaseChunk();
        } finally {
            permits.release();
        }
    }

    @Override
    public boolean starved() {
        return false;
    }

    @Override
    public int count() {
        return ahead;
    }
}
