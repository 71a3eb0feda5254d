package io.gvl.dataset.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.kernel.variant.FlatRagged;
import io.gvl.core.kernel.variant.VariantBuffers;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.DummyVariant;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.VarWindowOpt;
import io.gvl.io.fasta.Reference;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link SeqKind#VARIANTS} and {@link SeqKind#VARIANT_WINDOWS}: the stored variants of each (instance, ploid) and
 * the requested variant fields, always ragged, with tracks in reference coordinates or realigned to the haplotypes.
 * Their per-variant arrays are cut by variant range, so chunks still slice by instance. Sizes come from the stored
 * calls ({@link VariantSizer}); only plain variants can be spliced.
 */
enum VariantsKind implements OutputKind {
    /** {@link SeqKind#VARIANTS}: ALT (and REF) alleles, optionally with flank tokens. */
    VARIANTS(SeqKind.VARIANTS, "variants") {
        @Override
        VariantSequences sequences(VariantSequences.Inputs in) {
            VariantOptions o = in.options();
            boolean withFlank = in.flank() && o.flankLength() > 0 && o.tokens().isPresent() && in.genome() != null;
            int l = withFlank ? o.flankLength() : 0;
            Map<String, FlatRagged> bufs = VariantBuffers.variants(in.arena(), in.gathered(), in.rows(),
                    in.store().alt(), o.wants("ref") ? in.store().ref() : null,
                    withFlank ? VariantReconstructor.tokenizer(o.tokens().get(), l) : null, in.genome(),
                    Reference.PAD);
            Map<String, FlatRagged> alleles = new LinkedHashMap<>();
            for (String k : List.of(DatasetOutput.ALT, DatasetOutput.REF)) {
                FlatRagged a = bufs.get(k);
                if (a != null) {
                    alleles.put(k, a);
                }
            }
            return new VariantSequences(alleles, bufs.get(DatasetOutput.FLANK_TOKENS), l);
        }

        @Override
        MemorySegment dummySequence(String name, DType dtype, DummyVariant d, int flankLength, VariantOptions o) {
            return MemorySegment.ofArray(name.equals(DatasetOutput.ALT) ? d.alt() : d.ref());
        }

        @Override
        boolean reverseComplementsAlleles() {
            return true;
        }

        @Override
        List<NamedArray> arrange(List<NamedArray> scalars, Map<String, NamedArray> perVariant) {
            // GVL's order: alt, start, ref (when asked for), then the other fields.
            List<NamedArray> out = new ArrayList<>();
            out.add(perVariant.get(DatasetOutput.ALT));
            for (NamedArray a : scalars) {
                out.add(a);
                if (a.name().equals(DatasetOutput.START) && perVariant.containsKey(DatasetOutput.REF)) {
                    out.add(perVariant.get(DatasetOutput.REF));
                }
            }
            return out;
        }

        @Override
        long sequenceBytes(long alt, long ref, VariantOptions o) {
            long bytes = alt + 8;
            if (o.wants(DatasetOutput.REF)) {
                bytes += ref + 8;
            }
            if (o.flankLength() > 0 && o.tokens().isPresent()) {
                long l2 = 2L * o.flankLength();
                // The flanks are cut from a fetched window (scratch) and tokenized.
                bytes += ref + l2 + l2 * (o.tokens().get().bytesSuffice() ? 1 : 4);
            }
            return bytes;
        }
    },
    /** {@link SeqKind#VARIANT_WINDOWS}: token windows (or alleles) of REF and ALT with their flanks. */
    WINDOWS(SeqKind.VARIANT_WINDOWS, "variant-windows") {
        @Override
        VariantSequences sequences(VariantSequences.Inputs in) {
            VarWindowOpt w = in.options().windowOpt();
            int l = w.flankLength();
            Map<String, FlatRagged> windows = VariantBuffers.windows(in.arena(), in.gathered(), part(w.ref()),
                    part(w.alt()), in.store().alt(), w.ref() == VarWindowOpt.Part.ALLELE ? in.store().ref() : null,
                    VariantReconstructor.tokenizer(w.tokens(), l), in.genome(), Reference.PAD);
            return new VariantSequences(windows, null, l);
        }

        @Override
        MemorySegment dummySequence(String name, DType dtype, DummyVariant d, int flankLength, VariantOptions o) {
            boolean alt = name.equals(DatasetOutput.ALT) || name.equals(DatasetOutput.ALT_WINDOW);
            byte[] allele = alt ? d.alt() : d.ref();
            int len = allele.length + (name.endsWith("_window") ? 2 * flankLength : 0);
            int unk = o.windowOpt().tokens().unknownToken();
            MemorySegment s = MemorySegment.ofArray(new long[Math.max(1, (len * dtype.byteSize() + 7) / 8)])
                    .asSlice(0, (long) len * dtype.byteSize());
            for (int i = 0; i < len; i++) {
                MemorySegment.copy(VariantColumns.scalar(dtype, (double) unk), 0, s, (long) i * dtype.byteSize(),
                        dtype.byteSize());
            }
            return s;
        }

        @Override
        boolean reverseComplementsAlleles() {
            return false;
        }

        @Override
        List<NamedArray> arrange(List<NamedArray> scalars, Map<String, NamedArray> perVariant) {
            List<NamedArray> out = new ArrayList<>(scalars);
            out.addAll(perVariant.values());
            return out;
        }

        @Override
        long sequenceBytes(long alt, long ref, VariantOptions o) {
            VarWindowOpt w = o.windowOpt();
            int es = w.tokens().bytesSuffice() ? 1 : 4;
            long l2 = 2L * w.flankLength();
            boolean refWindow = w.ref() == VarWindowOpt.Part.WINDOW;
            boolean altWindow = w.alt() == VarWindowOpt.Part.WINDOW;
            long refBytes = refWindow ? ref + l2 : ref;
            long altBytes = altWindow ? alt + l2 : alt;
            // Scratch: the gathered ALT alleles, the fetched reference window, the joined ALT window or the gathered REF.
            long scratch = alt + (refWindow || altWindow ? ref + l2 : 0) + (altWindow ? altBytes : 0)
                    + (refWindow ? 0 : ref);
            return scratch + es * (refBytes + altBytes) + 16;
        }

        private static VariantBuffers.Part part(VarWindowOpt.Part p) {
            return p == VarWindowOpt.Part.WINDOW ? VariantBuffers.Part.WINDOW : VariantBuffers.Part.ALLELE;
        }
    };

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

    /** The kind's per-variant sequence arrays (alleles, or token windows) of the selected calls. */
    abstract VariantSequences sequences(VariantSequences.Inputs in);

    /** The sequence an empty group's {@code name} array gets: the dummy allele, or its unknown tokens. */
    abstract MemorySegment dummySequence(String name, DType dtype, DummyVariant d, int flankLength, VariantOptions o);

    /** Whether alleles of negative-strand rows are reverse-complemented (token windows are not). */
    abstract boolean reverseComplementsAlleles();

    /** The scalar fields (start first) and the per-variant sequence arrays in GVL's output order. */
    abstract List<NamedArray> arrange(List<NamedArray> scalars, Map<String, NamedArray> perVariant);

    /** Bytes of one kept variant's sequence arrays, with the scratch they are built from. */
    abstract long sequenceBytes(long alt, long ref, VariantOptions o);

    @Override
    public boolean haplotypeAware() {
        return true;
    }

    @Override
    public boolean spliceable() {
        return this == VARIANTS;
    }

    @Override
    public long instanceBytes(OpenedDataset ds, ViewState v, Instances inst, int i) {
        InstanceShape s = InstanceShape.of(ds, v, inst, i);
        if (TrackOutput.realigned(v)) {
            // Tracks are realigned through the instance's haplotypes, which are built in the same arena and dropped.
            long haplotypes = s.haplotypeTotal(false);
            long scratch = haplotypes + 8L * ds.ploidy();
            return VariantSizer.bytes(ds, v, s.cell()) + TrackOutput.realignedBytes(s, haplotypes) + scratch;
        }
        return VariantSizer.bytes(ds, v, s.cell()) + TrackOutput.referenceBytes(s, s.regionLength());
    }

    @Override
    public long splicedBytes(OpenedDataset ds, ViewState v, Instances elements) {
        requireSpliceable();
        return VariantSizer.bytes(ds, v, elements.cells());
    }

    @Override
    public List<NamedArray> reconstruct(Reconstruction r) {
        return r.variants();
    }

    @Override
    public boolean appliesVariants(ViewState v) {
        // Tracks realigned to the haplotypes apply the variants too.
        return this == VARIANTS && v.realignTracks() && !v.activeTracks().isEmpty();
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
