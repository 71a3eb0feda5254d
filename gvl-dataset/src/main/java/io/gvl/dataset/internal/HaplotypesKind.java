package io.gvl.dataset.internal;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataset.SeqKind;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Optional;

/**
 * {@link SeqKind#HAPLOTYPES}: one uint8 row per (instance, ploid), with tracks in reference coordinates or
 * realigned to the haplotypes. Ragged lengths depend on the variants in the window, so with jitter the size is the
 * bound over the window widened by the jitter.
 */
enum HaplotypesKind implements OutputKind {
    INSTANCE;

    @Override
    public SeqKind seqKind() {
        return SeqKind.HAPLOTYPES;
    }

    @Override
    public String outputName() {
        return "haplotypes";
    }

    @Override
    public void check(OpenedDataset ds, ViewState v) {
        requireGenotypesAndReference(ds, v);
    }

    /** The checks every haplotype kind makes: it needs genotypes and a reference. */
    static void requireGenotypesAndReference(OpenedDataset ds, ViewState v) {
        if (!ds.hasGenotypes()) {
            throw new IllegalArgumentException(v.seqs() + " output needs genotypes, but dataset " + ds.path()
                    + " was written without variants");
        }
        ViewValidation.requireReference(ds, v.seqs().toString());
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
        return bytes(new InstanceShape(ds, v, diskRegion, diskSample), 1, 1);
    }

    /**
     * Haplotype rows with {@code bytesPerBase} bytes per base over {@code arrays} ragged arrays (sequences and
     * annotations), plus the tracks.
     */
    static long bytes(InstanceShape s, int bytesPerBase, int arrays) {
        long total = s.haplotypeTotal(true);
        long tracks = TrackOutput.realigned(s.view()) ? TrackOutput.realignedBytes(s, total)
                : TrackOutput.referenceBytes(s, s.row());
        return bytesPerBase * total + 8L * s.ds().ploidy() * arrays + tracks;
    }

    @Override
    public long splicedBytes(OpenedDataset ds, ViewState v, Instances elements) {
        return InstanceShape.splicedBytes(this, ds, v, elements, 8L * ds.ploidy());
    }

    @Override
    public List<NamedArray> reconstruct(Reconstruction r) {
        return r.shaped(r.haplotypes());
    }

    @Override
    public List<NamedArray> reconstructSpliced(OpenedDataset ds, ViewState v, SplicedInstances inst, Arena arena) {
        return OutputShaper.shape(SplicedReconstruction.of(ds, v, inst, arena).haplotypes(), v.length(),
                inst.leadingShape(), arena);
    }

    @Override
    public Optional<String> hdf5Axes(boolean oneHot) {
        return Optional.of(oneHot ? "instance,ploid,position,base" : "instance,ploid,position");
    }
}
