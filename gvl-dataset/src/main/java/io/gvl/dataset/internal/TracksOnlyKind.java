package io.gvl.dataset.internal;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataset.settings.SeqKind;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link SeqKind#NONE}: tracks alone, per base in reference coordinates (one float32 row per instance and track)
 * or as stored intervals. The only kind whose spliced form carries tracks.
 */
enum TracksOnlyKind implements OutputKind {
    INSTANCE;

    @Override
    public SeqKind seqKind() {
        return SeqKind.NONE;
    }

    @Override
    public String outputName() {
        return "none";
    }

    @Override
    public void check(OpenedDataset ds, ViewState v) {
        if (v.activeTracks().isEmpty()) {
            throw new IllegalArgumentException("a view needs sequences or at least one track");
        }
    }

    @Override
    public boolean haplotypeAware() {
        return false;
    }

    @Override
    public long instanceBytes(OpenedDataset ds, ViewState v, Instances inst, int i) {
        InstanceShape s = InstanceShape.of(ds, v, inst, i);
        return TrackOutput.referenceBytes(s, s.row());
    }

    @Override
    public long splicedBytes(OpenedDataset ds, ViewState v, Instances elements) {
        return InstanceShape.splicedBytes(this, ds, v, elements, 8L * v.activeTracks().size());
    }

    @Override
    public List<NamedArray> reconstruct(Reconstruction r) {
        return r.shaped(r.withReferenceTracks(new ArrayList<>()));
    }

    @Override
    public List<NamedArray> reconstructSpliced(OpenedDataset ds, ViewState v, SplicedInstances inst, Arena arena) {
        return OutputShaper.shape(SplicedReconstruction.of(ds, v, inst, arena).tracks(), v.length(),
                inst.leadingShape(), arena);
    }
}
