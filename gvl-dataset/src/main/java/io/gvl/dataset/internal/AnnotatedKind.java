package io.gvl.dataset.internal;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataset.SeqKind;
import java.lang.foreign.Arena;
import java.util.List;

/**
 * {@link SeqKind#ANNOTATED}: haplotypes plus two int32 rows of the same lengths per (instance, ploid), the variant
 * index and the reference coordinate of each base, so 9 bytes per base over three ragged arrays. It has no
 * fixed-length HDF5 layout.
 */
enum AnnotatedKind implements OutputKind {
    INSTANCE;

    @Override
    public SeqKind seqKind() {
        return SeqKind.ANNOTATED;
    }

    @Override
    public String outputName() {
        return "annotated";
    }

    @Override
    public void check(OpenedDataset ds, ViewState v) {
        HaplotypesKind.requireGenotypesAndReference(ds, v);
    }

    @Override
    public boolean haplotypeAware() {
        return true;
    }

    @Override
    public boolean haplotypeRows() {
        return true;
    }

    @Override
    public long instanceBytes(OpenedDataset ds, ViewState v, int diskRegion, int diskSample) {
        return HaplotypesKind.bytes(new InstanceShape(ds, v, diskRegion, diskSample), 9, 3);
    }

    @Override
    public long splicedBytes(OpenedDataset ds, ViewState v, Instances elements) {
        return InstanceShape.splicedBytes(this, ds, v, elements, 24L * ds.ploidy());
    }

    @Override
    public List<NamedArray> reconstruct(Reconstruction r) {
        return r.shaped(r.annotatedHaplotypes());
    }

    @Override
    public List<NamedArray> reconstructSpliced(OpenedDataset ds, ViewState v, SplicedInstances inst, Arena arena) {
        return OutputShaper.shape(SplicedReconstruction.of(ds, v, inst, arena).annotatedHaplotypes(), v.length(),
                inst.leadingShape(), arena);
    }
}
