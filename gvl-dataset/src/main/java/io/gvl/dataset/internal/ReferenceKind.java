package io.gvl.dataset.internal;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataset.settings.SeqKind;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Optional;

/**
 * {@link SeqKind#REFERENCE}: the reference over each (jittered) region, one uint8 row per instance, with tracks in
 * reference coordinates. Jitter shifts the window but not its length, so the size is exact with jitter too.
 */
enum ReferenceKind implements OutputKind {
    INSTANCE;

    @Override
    public SeqKind seqKind() {
        return SeqKind.REFERENCE;
    }

    @Override
    public String outputName() {
        return "reference";
    }

    @Override
    public void check(OpenedDataset ds, ViewState v) {
        ViewValidation.requireReference(ds, "reference");
    }

    @Override
    public boolean haplotypeAware() {
        return false;
    }

    @Override
    public long instanceBytes(OpenedDataset ds, ViewState v, Instances inst, int i) {
        InstanceShape s = InstanceShape.of(ds, v, inst, i);
        return s.row() + 8 + TrackOutput.referenceBytes(s, s.row());
    }

    @Override
    public long splicedBytes(OpenedDataset ds, ViewState v, Instances elements) {
        return InstanceShape.splicedBytes(this, ds, v, elements, 8);
    }

    @Override
    public List<NamedArray> reconstruct(Reconstruction r) {
        return r.shaped(r.withReferenceTracks(r.reference()));
    }

    @Override
    public List<NamedArray> reconstructSpliced(OpenedDataset ds, ViewState v, SplicedInstances inst, Arena arena) {
        return OutputShaper.shape(SplicedReconstruction.of(ds, v, inst, arena).reference(), v.length(),
                inst.leadingShape(), arena);
    }

    @Override
    public Optional<String> hdf5Axes(boolean oneHot) {
        return Optional.of(oneHot ? "instance,position,base" : "instance,position");
    }
}
