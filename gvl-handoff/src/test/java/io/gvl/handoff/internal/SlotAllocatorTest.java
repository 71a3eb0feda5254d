package io.gvl.handoff.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.DatasetSource;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A query through a slot allocator writes its outputs into the slot itself, which the descriptor then points at. */
class SlotAllocatorTest {
    @TempDir
    Path tmp;

    @Test
    void aQueryFillsTheSlotInPlaceSeed402() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(402, 0);
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
             Arena slotArena = Arena.ofShared()) {
            Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov");
            int[] regions = {1, 0, 2};
            int[] samples = {0, 1, 1};
            MemorySegment slot = slotArena.allocate(1 << 20, 4096);
            try (SlotAllocator alloc = new SlotAllocator(slot);
                 DatasetOutput direct = view.get(regions, samples)) {
                List<NamedArray> out = new DatasetSource(view).fetch(regions, samples, alloc);
                assertFalse(alloc.overflowed());
                List<Map<String, Object>> d = SlotLayout.inPlace(slot, out, false);
                assertNotNull(d, "every buffer lies in the slot on a 64-byte boundary");
                for (int i = 0; i < out.size(); i++) {
                    Ragged r = (Ragged) out.get(i).array();
                    long at = (long) d.get(i).get("data_offset");
                    assertEquals(r.data().address() - slot.address(), at);
                    assertEquals(0, at % 64);
                    Ragged want = (Ragged) direct.get(out.get(i).name());
                    assertArrayEquals(want.data().toArray(ValueLayout.JAVA_BYTE), slot.asSlice(at,
                            (long) d.get(i).get("data_bytes")).toArray(ValueLayout.JAVA_BYTE));
                }
                assertEquals(d.get(0).get("offsets_offset"), d.get(1).get("offsets_offset"),
                        "the track shares the haplotypes' offsets");
                assertTrue(alloc.used() <= slot.byteSize());
            }
        }
    }

    @Test
    void whatDoesNotFitGoesAsideAndIsNotDescribedInPlace() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment slot = arena.allocate(256, 64);
            try (SlotAllocator alloc = new SlotAllocator(slot)) {
                MemorySegment a = alloc.allocate(100, 1);
                MemorySegment b = alloc.allocate(100, 8);
                assertEquals(slot.address(), a.address());
                assertEquals(slot.address() + 128, b.address(), "each allocation on a 64-byte boundary");
                MemorySegment c = alloc.allocate(100, 8);
                assertTrue(alloc.overflowed());
                assertTrue(alloc.demand() >= 228 + 100, "demand " + alloc.demand());
                MemorySegment offsets = arena.allocate(16, 8);
                Ragged outside = Ragged.wrap(io.gvl.core.buffer.DType.U8, new long[] {1}, c.asSlice(0, 0),
                        offsets);
                assertNull(SlotLayout.inPlace(slot, List.of(new NamedArray("x", outside)), false));
            }
        }
    }
}
