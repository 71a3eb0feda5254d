package io.gvl.dataset.internal;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataset.settings.SeqKind;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Optional;

/**
 * The haplotype kinds: one uint8 row per (instance, ploid), with tracks in reference coordinates or realigned to the
 * haplotypes; {@link SeqKind#ANNOTATED} adds two int32 rows of the same lengths per (instance, ploid), the variant
 * index and the reference coordinate of each base. Ragged lengths depend on the variants in the window, so with
 * jitter the size is the bound over the window widened by the jitter.
 */
enum HaplotypesKind implements OutputKind {
    /** {@link SeqKind#HAPLOTYPES}: 1 byte per base in one ragged array. */
    PLAIN(SeqKind.HAPLOTYPES, "haplotypes", 1, 1) {
        @Override
        public List<NamedArray> reconstruct(Reconstruction r) {
            return r.shaped(r.haplotypes());
        }

        @Override
        List<NamedArray> spliced(SplicedReconstruction r) {
            return r.haplotypes();
        }

        @Override
        public Optional<String> hdf5Axes(boolean oneHot) {
            return Optional.of(oneHot ? "instance,ploid,position,base" : "instance,ploid,position");
        }
    },
    /** {@link SeqKind#ANNOTATED}: 9 bytes per base over three ragged arrays; no fixed-length HDF5 layout. */
    ANNOTATED(SeqKind.ANNOTATED, "annotated", 9, 3) {
        @Override
        public List<NamedArray> reconstruct(Reconstruction r) {
            return r.shaped(r.annotatedHaplotypes());
        }

        @Override
        List<NamedArray> spliced(SplicedReconstruction r) {
            return r.annotatedHaplotypes();
        }
    };

    private final SeqKind seqs;
    private final String outputName;
    private final int bytesPerBase;
    private final int arrays;

    HaplotypesKind(SeqKind seqs, String outputName, int bytesPerBase, int arrays) {
        this.seqs = seqs;
        this.outputName = outputName;
        this.bytesPerBase = bytesPerBase;
        this.arrays = arrays;
    }

    /** The kind's arrays of one spliced batch, before output-length conversion. */
    abstract List<NamedArray> spliced(SplicedReconstruction r);

    @Override
    public SeqKind seqKind() {
        return seqs;
    }

    @Override
    public String outputName() {
        return outputName;
    }

    @Override
    public void check(OpenedDataset ds, ViewState v) {
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

    /** Haplotype rows of {@code bytesPerBase} bytes per base over {@code arrays} ragged arrays, plus the tracks. */
    @Override
    public long instanceBytes(OpenedDataset ds, ViewState v, Instances inst, int i) {
        InstanceShape s = InstanceShape.of(ds, v, inst, i);
        long total = s.haplotypeTotal(true);
        long tracks = TrackOutput.realigned(s.view()) ? TrackOutput.realignedBytes(s, total)
                : TrackOutput.referenceBytes(s, s.row());
        return bytesPerBase * total + 8L * s.ds().ploidy() * arrays + tracks;
    }

    @Override
    public long splicedBytes(OpenedDataset ds, ViewState v, Instances elements) {
        return InstanceShape.splicedBytes(this, ds, v, elements, 8L * arrays * ds.ploidy());
    }

    @Override
    public List<NamedArray> reconstructSpliced(OpenedDataset ds, ViewState v, SplicedInstances inst, Arena arena) {
        return OutputShaper.shape(spliced(SplicedReconstruction.of(ds, v, inst, arena)), v.length(),
                inst.leadingShape(), arena);
    }
}
