package io.gvl.dataloader;

import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.dataloader.internal.BlockPool;
import io.gvl.dataloader.internal.Lease;
import io.gvl.dataloader.internal.LoaderMemory;
import io.gvl.dataloader.internal.RefCountedMemory;
import io.gvl.dataloader.internal.Slot;
import java.util.ArrayList;
import java.util.List;

/**
 * The batches of {@code NONE}: each fetched on the caller's thread straight into a pooled block of its own, so an
 * epoch opens no arena (an arena per batch costs a shared-arena close handshake, and fresh memory its first-touch
 * page faults). The block comes back to the pool when the batch and every view of it are closed. Only for a source
 * that writes in place ({@link SourceFetch#inPlace()}); any other is fetched as it is.
 */
final class DirectBatches {
    private final SourceFetch fetch;
    private final BlockPool blocks;
    private final LoaderMemory memory;

    public DirectBatches(SourceFetch fetch, BlockPool blocks, LoaderMemory memory) {
        this.fetch = fetch;
        this.blocks = blocks;
        this.memory = memory;
    }

    /** A fetched batch: its arrays, and the lease that holds its block. */
    public record Fetched(List<NamedArray> arrays, Lease lease) {
    }

    /**
     * Fetches instances {@code (regions[i], samples[i])} into a block.
     *
     * @param loaderOwned whether the loader reclaims the block at close ({@code copy=false} batches)
     */
    public Fetched fetch(int[] regions, int[] samples, boolean loaderOwned, String description) {
        long bytes = 0;
        for (int i = 0; i < regions.length; i++) {
            bytes += fetch.source().instanceBytes(regions[i], samples[i]);
        }
        Slot block = blocks.take(bytes);
        try {
            List<NamedArray> arrays = fetch.into(regions, samples, block.filler());
            List<FlatArray> views = new ArrayList<>(arrays.size());
            arrays.forEach(a -> views.add(a.array()));
            RefCountedMemory held = loaderOwned ? new LoaderHeld(block) : block;
            return new Fetched(arrays, new Lease(held, views, description, memory));
        } catch (RuntimeException | Error e) {
            block.release();
            throw e;
        }
    }

    /** A block that the loader reclaims when it closes, as it does its slots ({@code copy=false}). */
    private record LoaderHeld(Slot block) implements RefCountedMemory {
        @Override
        public void retain() {
            block.retain();
        }

        @Override
        public void release() {
            block.release();
        }

        @Override
        public boolean loaderOwned() {
            return true;
        }
    }
}
