package io.gvl.write.internal;

import io.gvl.format.DatasetLayout;
import io.gvl.format.TrackScope;
import io.gvl.format.array.IntervalTrack;
import io.gvl.format.array.RawArray;
import io.gvl.format.array.RawArrayWriter;
import io.gvl.format.array.RawDtype;
import io.gvl.format.io.DatasetFiles;
import io.gvl.write.spec.TrackTransform;
import io.gvl.write.spec.WriteException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a new track whose intervals are an existing track's, with values from a {@link TrackTransform} (the
 * feature GVL documents as {@code write_transformed_track}). Starts, ends and offsets are copied byte for byte; values
 * are streamed cell by cell, so memory is one cell's intervals (arrays of the cell's length, fresh per cell). The track is built in an update's staging
 * directory inside the dataset and renamed into place under its install journal ({@link UpdateJournal}), so a failure
 * or a kill leaves the dataset as it was or complete.
 */
public final class TransformedTrackWriter {
    private TransformedTrackWriter() {
    }

    public static void write(Path dataset, String newTrack, String existing, TrackTransform transform,
                             boolean overwrite) {
        io.gvl.write.spec.TrackNames.check(newTrack);
        UpdateJournal.recover(dataset);
        try (DatasetFiles files = DatasetFiles.open(dataset)) {
            IntervalTrack source = files.tracks().get(existing);
            if (source == null) {
                source = files.annotationTracks().get(existing);
            }
            if (source == null) {
                throw new WriteException("the dataset " + dataset + " has no track '" + existing + "' (tracks: "
                        + files.tracks().keySet() + ", annotation tracks: " + files.annotationTracks().keySet() + ").",
                        "name an existing track.");
            }
            TrackScope kind = source.kind();
            TrackUpdater.checkTarget(dataset, kind, newTrack, overwrite);
            int[] diskToInput = diskToInput(files.inputRegions().table().column(
                    io.gvl.format.InputRegions.MAP_COLUMN, dataset).values());
            Path staging = TrackUpdater.staging(dataset);
            try {
                Path built = DatasetLayout.track(staging, kind, newTrack);
                Files.createDirectories(built);
                Path from = source.starts().file().getParent();
                for (String f : new String[] {DatasetLayout.STARTS, DatasetLayout.ENDS, DatasetLayout.OFFSETS}) {
                    Files.copy(from.resolve(f), built.resolve(f));
                }
                writeValues(source, built.resolve(DatasetLayout.VALUES), diskToInput, transform);
                UpdateJournal.begin(dataset, staging, List.of(new UpdateJournal.Track(kind, newTrack))).install();
            } catch (IOException e) {
                throw new UncheckedIOException(dataset + ": cannot write track '" + newTrack + "' (" + e.getMessage()
                        + ")", e);
            } finally {
                TrackUpdater.deleteUnlessJournaled(staging);
            }
        }
    }

    private static void writeValues(IntervalTrack t, Path out, int[] diskToInput, TrackTransform transform) {
        RawArray offsets = t.offsets();
        long cells = offsets.length() - 1;
        int perRegion = t.kind() == TrackScope.SAMPLE ? t.nSamples() : 1;
        try (RawArrayWriter w = RawArrayWriter.create(out, RawDtype.FLOAT32)) {
            for (long c = 0; c < cells; c++) {
                long a = offsets.getLong(c);
                int n = Math.toIntExact(offsets.getLong(c + 1) - a);
                // Arrays of the cell's exact length, so the transform sees no stale tail.
                int[] starts = t.starts().toIntArray(a, a + n);
                int[] ends = t.ends().toIntArray(a, a + n);
                float[] values = new float[n];
                for (int i = 0; i < n; i++) {
                    values[i] = t.values().getFloat(a + i);
                }
                int region = diskToInput[Math.toIntExact(c / perRegion)];
                int sample = t.kind() == TrackScope.SAMPLE ? (int) (c % perRegion) : -1;
                transform.apply(region, sample, starts, ends, values);
                w.writeFloats(values, 0, n);
            }
        }
    }

    private static int[] diskToInput(java.util.List<Object> inputToDisk) {
        int[] out = new int[inputToDisk.size()];
        for (int i = 0; i < out.length; i++) {
            out[((Number) inputToDisk.get(i)).intValue()] = i;
        }
        return out;
    }
}
