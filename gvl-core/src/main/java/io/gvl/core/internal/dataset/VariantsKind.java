package io.gvl.core.internal.dataset;

import io.gvl.core.buffer.NamedArray;
import io.gvl.core.dataset.OutputLength;
import io.gvl.core.dataset.SeqKind;
import java.lang.foreign.Arena;
import java.util.List;

/**
 * {@link SeqKind#VARIANTS} and {@link SeqKind#VARIANT_WINDOWS}: the stored variants of each (instance, ploid) and
 * the requested variant fields, always ragged, with tracks in reference coordinates or realigned to the haplotypes.
 * Their per-variant arrays are cut by variant range, so chunks still slice by instance. Sizes come from the stored
 * calls ({@link VariantSizer}); only plain variants can be spliced.
 */
enum VariantsKind implements OutputKind {
    /** {@link SeqKind#VARIANTS}. */
    VARIANTS(SeqKind.VARIANTS, "variants"),
    /** {@link SeqKind#VARIANT_WINDOWS}. */
    WINDOWS(SeqKind.VARIANT_WINDOWS, "variant-windows");

    private final SeqKind seqs;
    private final String outputName;

    VariantsKind(SeqKind seqs, String outputName) {
        this.seqs = seqs;
        this.outputName = outputName;
    }

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
        if (!(v.length() instanceof OutputLength.Ragged)) {
            throw new IllegalArgumentException(v.seqs() + " output is always ragged; remove the output length "
                    + v.length() + " (withLen(OutputLength.ragged()))");
        }
        boolean realigned = v.realignTracks() && !v.activeTracks().isEmpty();
        if (this == WINDOWS) {
            if (v.variants().windowOpt() == null) {
                throw new IllegalArgumentException("VARIANT_WINDOWS output needs window options: use"
                        + " withSeqs(SeqKind.VARIANT_WINDOWS, new VarWindowOpt(...))");
            }
            ViewValidation.requireReference(ds, "VARIANT_WINDOWS");
            if (realigned) {
                throw new IllegalArgumentException("VARIANT_WINDOWS with tracks needs reference-coordinate tracks:"
                        + " set withRealignTracks(false) or drop the tracks");
            }
        } else if (realigned) {
            ViewValidation.requireReference(ds, "VARIANTS with haplotype-realigned tracks");
        }
    }

    @Override
    public boolean haplotypeAware() {
        return true;
    }

    @Override
    public boolean spliceable() {
        return this == VARIANTS;
    }

    @Override
    public long instanceBytes(OpenedDataset ds, ViewState v, int diskRegion, int diskSample) {
        InstanceShape s = new InstanceShape(ds, v, diskRegion, diskSample);
        if (TrackOutput.realigned(v)) {
            // Tracks are realigned through the instance's haplotypes, which are built in the same arena and dropped.
            long haplotypes = s.haplotypeTotal(false);
            long scratch = haplotypes + 8L * ds.ploidy();
            return VariantSizer.bytes(ds, v, s.dsIdx()) + TrackOutput.realignedBytes(s, haplotypes) + scratch;
        }
        return VariantSizer.bytes(ds, v, s.dsIdx()) + TrackOutput.referenceBytes(s, s.regionLength());
    }

    @Override
    public long splicedBytes(OpenedDataset ds, ViewState v, Instances elements) {
        requireSpliceable();
        return VariantSizer.bytes(ds, v, elements.dsIdx());
    }

    @Override
    public List<NamedArray> reconstruct(Reconstruction r) {
        return r.variants();
    }

    @Override
    public List<NamedArray> reconstructSpliced(OpenedDataset ds, ViewState v, SplicedInstances inst, Arena arena) {
        requireSpliceable();
        return SplicedVariants.run(ds, v, inst, arena);
    }

    private void requireSpliceable() {
        if (!spliceable()) {
            throw new IllegalStateException(seqs + " output is not spliced; the view checks refuse such views");
        }
    }
}
