package io.gvl.write.internal;

import io.gvl.format.DatasetExistsException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.Regions;
import io.gvl.format.TrackScope;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.io.InputFormatException;
import io.gvl.write.spec.SampleTrack;
import io.gvl.write.spec.UpdateOptions;
import io.gvl.write.spec.WriteException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * Adds tracks to an existing dataset (GVL's {@code update} in {@code _dataset/_write.py}). All new tracks are built in one private staging directory inside
 * the dataset (a {@code .tmp.} name that readers skip) and only then renamed into {@code intervals/} or
 * {@code annot_intervals/} under an install journal ({@link UpdateJournal}), so a failure or a kill leaves the
 * dataset as it was or, once every rename is done, complete. An update first recovers the updates killed while
 * installing; with no tracks it does only that. Genotypes, regions and metadata are never touched; the windows are
 * the stored {@code regions.npy} rows.
 */
public final class TrackUpdater {
    private TrackUpdater() {
    }

    public static void update(Path dataset, UpdateOptions o) {
        Path metaFile = DatasetLayout.metadata(dataset);
        if (!Files.isRegularFile(metaFile)) {
            throw new InputFormatException(dataset, "", "is not a GVL dataset (no metadata.json).",
                    "pass the directory that gvl write created.");
        }
        int recovered = UpdateJournal.recover(dataset);
        if (o.tracks().isEmpty() && o.annotations().isEmpty()) {
            if (recovered > 0) {
                return;
            }
            throw new WriteException("update needs at least one track or annotation track (there is no interrupted"
                    + " update to roll back either).", "give a track to add.");
        }
        TrackInputs.checkUniqueNames(o.tracks(), o.annotations());
        DatasetMetadata meta = MetadataFile.read(metaFile);
        Regions windows = RegionsFile.read(dataset.resolve(DatasetLayout.REGIONS));
        windows.validate(dataset.resolve(DatasetLayout.REGIONS), meta);
        for (SampleTrack t : o.tracks()) {
            TrackInputs.checkSamples(t, meta.samples(), true);
        }
        TrackInputs inputs = new TrackInputs(o.tracks(), o.annotations(), meta.samples());
        for (TrackInputs.Job j : inputs.jobs()) {
            checkTarget(dataset, j.kind(), j.name(), o.overwrite());
        }
        inputs.check(meta.contigs());
        Path staging = staging(dataset);
        try {
            Files.createDirectory(staging);
            Progress progress = new Progress(o.progress());
            try (OrderedChunks exec = new OrderedChunks(o.threads())) {
                for (TrackInputs.Job j : inputs.jobs()) {
                    TrackInputs.write(j, 0, j.sources().size(), staging, meta.contigs(), windows, o.maxMem(), exec,
                            progress);
                }
            }
            List<UpdateJournal.Track> built = new ArrayList<>();
            for (TrackInputs.Job j : inputs.jobs()) {
                built.add(new UpdateJournal.Track(j.kind(), j.name()));
            }
            UpdateJournal.begin(dataset, staging, built).install();
        } catch (IOException e) {
            throw new UncheckedIOException(dataset + ": cannot add tracks (" + e.getMessage() + ")", e);
        } finally {
            deleteUnlessJournaled(staging);
        }
    }

    /**
     * Removes a staging directory unless its install journal is still there: then a roll-back failed too, and the
     * next update needs both to recover ({@link UpdateJournal#recover}).
     */
    static void deleteUnlessJournaled(Path staging) {
        if (!Files.exists(UpdateJournal.journalOf(staging))) {
            deleteTree(staging);
        }
    }

    /** Refuses a target track that exists (unless overwriting) or whose name the other kind already uses. */
    static void checkTarget(Path dataset, TrackScope kind, String name, boolean overwrite) {
        Path target = DatasetLayout.track(dataset, kind, name);
        if (Files.exists(target) && !overwrite) {
            throw new DatasetExistsException(target + " already exists; pass --overwrite (overwrite(true) in the API) to"
                    + " replace the track");
        }
        TrackScope other = kind == TrackScope.SAMPLE ? TrackScope.ANNOTATION
                : TrackScope.SAMPLE;
        if (Files.exists(DatasetLayout.track(dataset, other, name))) {
            throw new WriteException("track '" + name + "' already exists under " + other.directory()
                    + "/; a dataset cannot serve two tracks of one name.", "choose another name.");
        }
    }

    /** A fresh staging directory name {@code update.tmp.<pid>-<hex>} inside {@code dataset} (not created). */
    static Path staging(Path dataset) {
        return dataset.resolve("update.tmp." + ProcessHandle.current().pid() + "-" + hex());
    }

    static String hex() {
        return HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            List<Path> all = new ArrayList<>(walk.toList());
            java.util.Collections.reverse(all);
            for (Path p : all) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(root + ": cannot delete", e);
        }
    }
}
