package io.gvl.dataset.export;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.export.Hdf5ExportOptions.Encoding;
import io.gvl.dataset.internal.OutputKind;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.Settings;
import io.gvl.dataset.settings.TrackKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Exports a dataset view as fixed-length arrays in one HDF5 file for {@code h5py}-based training loops:
 * {@code /sequences} (uint8, {@code (instances, ploidy, N)} for haplotypes or {@code (instances, N)} for the
 * reference, with a trailing axis of 4 when one-hot), {@code /tracks} (float32, {@code (instances, tracks,
 * [ploidy,] N)}), the instance index ({@code /region}, {@code /chrom}, {@code /start}, {@code /end}, {@code /strand},
 * {@code /sample}) and root attributes recording the settings. Instances are the view's regions × samples,
 * region-major; every array equals what {@link Dataset#get(int[], int[])} returns for the same instances.
 *
 * <p>Queries run in batches, but jhdf 0.13 writes only whole in-memory arrays, so the arrays are held on the heap
 * until the file is written; {@link ExportPlan#check} refuses an export above {@link Hdf5ExportOptions#maxBytes}
 * before anything is allocated.
 */
public final class Hdf5Export {
    /** Output queried per batch when the caller does not choose a batch size. */
    private static final long BATCH_BYTES = 8L << 20;

    /**
     * What was written.
     *
     * @param file        the published file
     * @param instances   number of instances (rows of the leading axis)
     * @param memoryBytes the heap the export was estimated to need
     */
    public record Result(Path file, int instances, long memoryBytes) {
    }

    private Hdf5Export() {
    }

    /**
     * Writes {@code view} (its sequences, active tracks, regions, samples and settings) to {@code out}.
     *
     * @param view the dataset view to export; its length is replaced by the fixed length of {@code o}
     * @param out the HDF5 file to write (through a temporary sibling and a rename)
     * @param o the export settings
     * @return what was written
     * @throws ExportException if the export would exceed the memory bound, the file exists, or the view cannot be
     *     exported
     */
    public static Result export(Dataset view, Path out, Hdf5ExportOptions o) {
        Dataset v = view.withLen(OutputLength.fixed(o.length()));
        boolean seqs = v.seqKind() != SeqKind.NONE;
        boolean tracks = !v.activeTracks().isEmpty();
        boolean oneHot = o.encoding() == Encoding.ONEHOT;
        Optional<String> axes = OutputKind.of(v.seqKind()).hdf5Axes(oneHot);
        if (seqs && axes.isEmpty()) {
            throw new ExportException(out + ": " + v.seqKind() + " outputs have no fixed-length HDF5 layout.",
                    "export haplotypes or the reference (withSeqs(HAPLOTYPES/REFERENCE), --seqs).");
        }
        if (tracks && v.trackKind() == TrackKind.INTERVALS) {
            throw new ExportException(out + ": tracks in interval form have no fixed-length HDF5 layout.",
                    "export per-base tracks (withTrackKind(TrackKind.TRACKS)).");
        }
        if (v.size() == 0) {
            throw new ExportException(out + ": the view has no instances.", "select at least one region and sample.");
        }
        if (v.size() > Integer.MAX_VALUE) {
            throw new ExportException(out + ": " + v.size() + " instances exceed one array's index range.",
                    "export fewer regions or samples per file.");
        }
        ExportPlan plan;
        try (DatasetOutput probe = v.get(new int[] {0}, new int[] {0})) {
            plan = ExportPlan.of(v.size(), seqs ? perInstance(probe.sequences(), out) : null, oneHot,
                    tracks ? perInstance(probe.tracks(), out) : null);
        }
        plan.check(out, o.effectiveMaxBytes());
        HeapArrays seq = !seqs ? null : oneHot ? HeapArrays.oneHot(plan.sequenceShape())
                : HeapArrays.bytes(plan.sequenceShape());
        HeapArrays trk = tracks ? HeapArrays.floats(plan.trackShape()) : null;
        fill(v, batchSize(v, o), seq, trk, oneHot);
        InstanceIndex index = InstanceIndex.of(v);
        ExportFile.write(out, o.overwrite(), o.deflateLevel(), f -> {
            attributes(f, v, o);
            if (seq != null) {
                f.putChunked("sequences", seq.data(), seq.shape(), 1, true)
                        .putAttribute("axes", axes.orElseThrow());
            }
            if (trk != null) {
                f.putChunked("tracks", trk.data(), trk.shape(), 4, false)
                        .putAttribute("axes", trk.shape().length == 4 ? "instance,track,ploid,position"
                                : "instance,track,position");
            }
            f.putChunked("region", index.region(), new int[] {plan.instances()}, 4, false);
            f.putChunked("start", index.start(), new int[] {plan.instances()}, 8, false);
            f.putChunked("end", index.end(), new int[] {plan.instances()}, 8, false);
            f.putChunked("strand", index.strand(), new int[] {plan.instances()}, 1, false);
            f.put("chrom", index.chrom());
            f.put("sample", index.sample());
        });
        return new Result(out, plan.instances(), plan.memoryBytes());
    }

    private static long[] perInstance(FlatArray a, Path out) {
        if (!(a instanceof Dense d)) {
            throw new IllegalStateException(out + ": a fixed-length view returned a ragged array");
        }
        long[] shape = d.shape();
        return java.util.Arrays.copyOfRange(shape, 1, shape.length);
    }

    private static int batchSize(Dataset v, Hdf5ExportOptions o) {
        if (o.batchSize() > 0) {
            return o.batchSize();
        }
        return (int) Math.clamp(BATCH_BYTES / Math.max(1, v.outputBytes(0, 0)), 1, 4096);
    }

    /** Queries the view batch by batch and copies every row into the nested arrays. */
    private static void fill(Dataset v, int batch, HeapArrays seq, HeapArrays trk, boolean oneHot) {
        long n = v.size();
        int samples = v.sampleCount();
        for (long from = 0; from < n; from += batch) {
            int k = (int) Math.min(batch, n - from);
            int[] r = new int[k];
            int[] s = new int[k];
            for (int i = 0; i < k; i++) {
                r[i] = InstanceIndex.viewRegion(from + i, samples);
                s[i] = InstanceIndex.viewSample(from + i, samples);
            }
            try (DatasetOutput out = v.get(r, s)) {
                if (seq != null) {
                    Dense d = (Dense) out.sequences();
                    long first = from * (d.rows() / k);
                    for (long row = 0; row < d.rows(); row++) {
                        if (oneHot) {
                            seq.setOneHot(first + row, d.row(row));
                        } else {
                            seq.setBytes(first + row, d.row(row));
                        }
                    }
                }
                if (trk != null) {
                    Dense d = (Dense) out.tracks();
                    long first = from * (d.rows() / k);
                    for (long row = 0; row < d.rows(); row++) {
                        trk.setFloats(first + row, d.row(row));
                    }
                }
            }
        }
    }

    /** Root attributes: enough to reproduce the export and to read the arrays without this documentation. */
    private static void attributes(ExportFile f, Dataset v, Hdf5ExportOptions o) {
        Settings st = v.settings();
        f.attribute("gvl_export", "hdf5 v1");
        f.attribute("dataset", v.path().toString());
        f.attribute("sequence_kind", v.seqKind().name().toLowerCase(java.util.Locale.ROOT));
        f.attribute("encoding", o.encoding().name().toLowerCase(java.util.Locale.ROOT));
        if (o.encoding() == Encoding.ONEHOT) {
            f.attribute("alphabet", "ACGT");
        }
        f.attribute("length", o.length());
        f.attribute("ploidy", v.ploidy().orElse(0));
        List<String> tracks = v.activeTracks();
        f.attribute("tracks", String.join(",", tracks));
        f.attribute("regions", v.regionCount());
        f.attribute("samples", v.sampleCount());
        f.attribute("instance_order", "region-major: instance = region * samples + sample");
        f.attribute("jitter", st.jitter());
        f.attribute("deterministic", st.deterministic() ? 1 : 0);
        f.attribute("rc_neg", st.rcNeg() ? 1 : 0);
        f.attribute("realign_tracks", st.realignTracks() ? 1 : 0);
    }
}
