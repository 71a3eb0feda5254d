package io.gvl.format.build;

import io.gvl.format.ArrowTable;
import io.gvl.format.ConcatAxis;
import io.gvl.format.ConcatException;
import io.gvl.format.DatasetExistsException;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata.VariantsFingerprint;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.PythonStrings;
import io.gvl.format.TrackScope;
import io.gvl.format.internal.concat.BedJoin;
import io.gvl.format.internal.concat.ConcatChecks;
import io.gvl.format.internal.concat.ConcatInput;
import io.gvl.format.internal.concat.RegionRowsJoin;
import io.gvl.format.internal.runs.JoinOrder;
import io.gvl.format.internal.runs.RaggedJoin;
import io.gvl.format.internal.runs.SlotRuns;
import io.gvl.format.io.ArrowTableFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.VariantTableFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Joins datasets that were written separately (by region blocks or by sample batches) into one, as GenVarLoader
 * 0.43.1's {@code genvarloader.concat} does and with the same bytes for every file whose bytes GVL fixes. Along
 * {@link ConcatAxis#REGIONS} the inputs have the same samples and the regions are merged into natural-sort order; along
 * {@link ConcatAxis#SAMPLES} they have the same regions and disjoint samples, merged into sorted order. Every input
 * must index one variant table (the same {@code genotypes/variants.arrow} bytes), and agree on ploidy, jitter, contigs
 * and track names; all of that is checked before anything is written.
 *
 * <p>The join streams: offsets are rebased as they are written and the variant indices and track intervals are
 * copied file to file through the operating system, so memory is bounded by per-region and per-sample tables,
 * never by the genotype or interval count. The variant table is hard-linked from input #0 where the file system
 * allows it (else copied). The result is built in a temporary sibling and published by an atomic rename through
 * {@link DatasetPublisher}: on any failure nothing is left at the destination. Safe to call from several threads
 * for different destinations.
 */
public final class DatasetConcat {

    private DatasetConcat() {
    }

    /**
     * Joins {@code inputs} along {@code axis} into a new dataset at {@code out}.
     *
     * @param out the dataset directory to create (or replace, with {@code overwrite}); not one of the inputs
     * @param inputs two or more dataset directories written by gvl or GenVarLoader (format 2.0, genotypes from a
     *     VCF/BCF/PGEN or none); their order is input #0, #1, ... in messages, and input #0 supplies what all share
     * @param axis the axis to join along
     * @param overwrite whether an existing dataset at {@code out} may be replaced
     * @param maxMem memory budget in bytes, {@code > 0}; accepted as GVL's {@code max_mem} is, the join itself
     *     needs only a few MiB of buffers beyond the region and sample tables
     * @throws ConcatException if the inputs cannot be joined (differing samples, regions, variant table, ploidy,
     *     jitter, contigs or tracks, overlapping samples, duplicate regions, fewer than two inputs, an input that
     *     is not a dataset), naming the input and the fix
     * @throws DatasetExistsException if {@code out} exists and {@code overwrite} is false, or is not a dataset
     * @throws DatasetFormatException if an input's files are inconsistent with its metadata
     * @throws java.io.UncheckedIOException if reading or writing fails; nothing is left at {@code out}
     * @throws IllegalArgumentException if {@code maxMem <= 0}
     */
    public static void concat(Path out, List<Path> inputs, ConcatAxis axis, boolean overwrite, long maxMem) {
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(axis, "axis");
        if (maxMem <= 0) {
            throw new IllegalArgumentException("maxMem must be > 0 bytes, got " + maxMem);
        }
        if (inputs.size() < 2) {
            throw new ConcatException("concat needs at least two datasets, got " + inputs.size() + ".",
                    "pass two or more dataset directories.");
        }
        Path target = out.toAbsolutePath().normalize();
        if (Files.exists(target) && !overwrite) {
            throw new DatasetExistsException(DatasetPublisher.alreadyExists(target));
        }
        List<ConcatInput> loaded = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            Path dir = inputs.get(i);
            if (dir.toAbsolutePath().normalize().equals(target)) {
                throw new ConcatException("the output " + out + " is also input #" + i + ".",
                        "write the joined dataset to a new directory.");
            }
            loaded.add(ConcatInput.load(i, dir));
        }
        ConcatChecks.check(loaded, axis);
        Plan plan = axis == ConcatAxis.REGIONS ? alongRegions(loaded) : alongSamples(loaded);
        DatasetPublisher.publish(out, overwrite, tmp -> build(tmp, loaded, plan));
    }

    /** The joined axes and, along regions, the joined BED table. */
    private record Plan(boolean alongRegions, JoinOrder order, ArrowTable bed, List<String> samples, int nRegions) {
    }

    private static Plan alongRegions(List<ConcatInput> in) {
        BedJoin bed = BedJoin.of(in);
        return new Plan(true, bed.order(), bed.table(), in.getFirst().meta().samples(), bed.order().size());
    }

    private static Plan alongSamples(List<ConcatInput> in) {
        Map<String, int[]> owner = new HashMap<>();
        List<String> samples = new ArrayList<>();
        for (ConcatInput d : in) {
            List<String> s = d.meta().samples();
            for (int w = 0; w < s.size(); w++) {
                owner.put(s.get(w), new int[] {d.index(), w});
                samples.add(s.get(w));
            }
        }
        samples.sort(PythonStrings.ORDER);
        int[] source = new int[samples.size()];
        int[] within = new int[samples.size()];
        for (int j = 0; j < samples.size(); j++) {
            int[] o = owner.get(samples.get(j));
            source[j] = o[0];
            within[j] = o[1];
        }
        return new Plan(false, new JoinOrder(source, within), null, samples, in.getFirst().meta().nRegions());
    }

    private static void build(Path tmp, List<ConcatInput> in, Plan plan) throws IOException {
        ConcatInput ref = in.getFirst();
        if (plan.alongRegions()) {
            ArrowTableFile.write(plan.bed(), tmp.resolve(DatasetLayout.INPUT_REGIONS));
        } else {
            Files.copy(ref.dir().resolve(DatasetLayout.INPUT_REGIONS), tmp.resolve(DatasetLayout.INPUT_REGIONS));
        }
        RegionRowsJoin.join(in, plan.alongRegions(), plan.order(), tmp.resolve(DatasetLayout.REGIONS));
        int[] nSamples = in.stream().mapToInt(ConcatInput::nSamples).toArray();
        VariantsFingerprint fingerprint = null;
        if (ref.genotypes()) {
            Path geno = Files.createDirectories(DatasetLayout.genotypes(tmp));
            linkOrCopy(DatasetLayout.genotypes(ref.dir()).resolve(DatasetLayout.VARIANTS),
                    geno.resolve(DatasetLayout.VARIANTS));
            fingerprint = ref.fingerprint();
            int ploidy = ref.meta().ploidy() == null ? 1 : ref.meta().ploidy();
            List<RaggedJoin.Store> stores = new ArrayList<>();
            for (ConcatInput d : in) {
                Path g = DatasetLayout.genotypes(d.dir());
                stores.add(new RaggedJoin.Store(g.resolve(DatasetLayout.OFFSETS),
                        List.of(g.resolve(DatasetLayout.VARIANT_IDXS)),
                        (long) d.meta().nRegions() * d.nSamples() * ploidy, d.label()));
            }
            RaggedJoin.join(stores, new SlotRuns(plan.alongRegions(), plan.order(), plan.nRegions(), nSamples,
                    ploidy), geno.resolve(DatasetLayout.OFFSETS), List.of(geno.resolve(DatasetLayout.VARIANT_IDXS)), 4);
        }
        for (String name : ref.tracks()) {
            joinTrack(tmp, in, TrackScope.SAMPLE, name,
                    new SlotRuns(plan.alongRegions(), plan.order(), plan.nRegions(), nSamples, 1));
        }
        int[] ones = new int[in.size()];
        Arrays.fill(ones, 1);
        for (String name : ref.annotTracks()) {
            if (plan.alongRegions()) {
                joinTrack(tmp, in, TrackScope.ANNOTATION, name,
                        new SlotRuns(true, plan.order(), plan.nRegions(), ones, 1));
            } else {
                copySharedTrack(tmp, in, name);
            }
        }
        DatasetMetadata joined = new DatasetMetadata(plan.samples(), ref.meta().contigs(), plan.nRegions(),
                ref.meta().ploidy(), ref.meta().maxJitter(), ref.meta().version(), DatasetMetadata.FORMAT_VERSION,
                null, null, fingerprint);
        MetadataFile.write(joined, DatasetLayout.metadata(tmp));
    }

    private static final List<String> TRACK_PAYLOADS = List.of(DatasetLayout.STARTS, DatasetLayout.ENDS,
            DatasetLayout.VALUES);

    private static void joinTrack(Path tmp, List<ConcatInput> in, TrackScope kind, String name,
                                  SlotRuns runs) throws IOException {
        List<RaggedJoin.Store> stores = new ArrayList<>();
        for (ConcatInput d : in) {
            Path t = DatasetLayout.track(d.dir(), kind, name);
            long cells = kind == TrackScope.SAMPLE ? (long) d.meta().nRegions() * d.nSamples()
                    : d.meta().nRegions();
            stores.add(new RaggedJoin.Store(t.resolve(DatasetLayout.OFFSETS),
                    TRACK_PAYLOADS.stream().map(t::resolve).toList(), cells, d.label() + " track " + name));
        }
        Path out = Files.createDirectories(DatasetLayout.track(tmp, kind, name));
        RaggedJoin.join(stores, runs, out.resolve(DatasetLayout.OFFSETS),
                TRACK_PAYLOADS.stream().map(out::resolve).toList(), 4);
    }

    /**
     * Along samples an annotation track does not depend on samples, so input #0's copy serves, provided every
     * input holds the same data (its regions may have been extended differently); compared by GVL's bounded
     * fingerprint of each file.
     */
    private static void copySharedTrack(Path tmp, List<ConcatInput> in, String name) throws IOException {
        Path src = DatasetLayout.track(in.getFirst().dir(), TrackScope.ANNOTATION, name);
        List<String> files = new ArrayList<>(TRACK_PAYLOADS);
        files.add(DatasetLayout.OFFSETS);
        for (ConcatInput d : in.subList(1, in.size())) {
            Path t = DatasetLayout.track(d.dir(), TrackScope.ANNOTATION, name);
            for (String f : files) {
                if (!VariantTableFile.fingerprint(t.resolve(f)).equals(VariantTableFile.fingerprint(src.resolve(f)))) {
                    throw new ConcatException(d.label() + ": annotation track '" + name + "' file " + f
                            + " differs from input #0's; joining along samples needs the same annotation data in"
                            + " every input (regions extended to different lengths change it).",
                            "write the inputs with the same annotation track and extend-to-length setting.");
                }
            }
        }
        Path out = Files.createDirectories(DatasetLayout.track(tmp, TrackScope.ANNOTATION, name));
        for (String f : files) {
            linkOrCopy(src.resolve(f), out.resolve(f));
        }
    }

    private static void linkOrCopy(Path src, Path dst) throws IOException {
        try {
            Files.createLink(dst, src);
        } catch (IOException | UnsupportedOperationException e) {
            Files.copy(src, dst);
        }
    }
}
