package io.gvl.write.internal;

import io.gvl.format.Regions;
import io.gvl.format.TrackScope;
import io.gvl.io.InputFormatException;
import io.gvl.io.table.IntervalTable;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.Hdf5Track;
import io.gvl.write.spec.SampleTrack;
import io.gvl.write.spec.TableTrack;
import io.gvl.write.spec.WriteException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The requested tracks as jobs: each names its sources (one bigWig, HDF5 coverage or table sample per dataset
 * sample, or one annotation source) without holding them open; a table is indexed once per track, on first use.
 * {@link #check} opens every file once, before anything is written, so a bad track
 * fails early; {@link #write} opens one track's files only while that track is written, so the number of open
 * files stays at one track's samples.
 */
final class TrackInputs {
    /** One track to write. */
    record Job(String name, TrackScope kind, List<Supplier<IntervalSource>> sources) {
    }

    private final List<Job> jobs = new ArrayList<>();

    TrackInputs(List<? extends SampleTrack> tracks, List<AnnotationTrack> annotations, List<String> samples) {
        for (SampleTrack t : tracks) {
            Supplier<TableIntervals> table = t instanceof TableTrack tt
                    ? once(() -> TableIntervals.perSample(tt.table())) : null;
            List<Supplier<IntervalSource>> perSample = new ArrayList<>(samples.size());
            for (String s : samples) {
                perSample.add(switch (t) {
                    case BigWigs b -> {
                        Path file = b.paths().get(s);
                        yield () -> new BigWigSource(file);
                    }
                    case Hdf5Track h -> {
                        Hdf5Track.Source source = h.sources().get(s);
                        yield () -> new Hdf5Source(source);
                    }
                    case TableTrack _ -> () -> table.get().source(s);
                });
            }
            jobs.add(new Job(t.name(), TrackScope.SAMPLE, perSample));
        }
        for (AnnotationTrack a : annotations) {
            Supplier<IntervalSource> source;
            if (a.isBigWig()) {
                source = () -> new BigWigSource(a.source());
            } else if (a.isTable()) {
                Supplier<TableIntervals> table = once(() -> TableIntervals.annotation(
                        IntervalTable.read(a.source(), a.columnMap(), false)));
                source = () -> table.get().source(null);
            } else {
                source = () -> new TableSource(a.source());
            }
            jobs.add(new Job(a.name(), TrackScope.ANNOTATION, List.of(source)));
        }
    }

    /** {@code s} computed on first use and then kept (parts of one write may ask from several threads). */
    private static <T> Supplier<T> once(Supplier<T> s) {
        return new Supplier<>() {
            private T value;

            @Override
            public synchronized T get() {
                if (value == null) {
                    value = s.get();
                }
                return value;
            }
        };
    }

    List<Job> jobs() {
        return jobs;
    }

    /** Opens every source once and checks it serves every contig in {@code contigs}. */
    void check(List<String> contigs) {
        for (Job j : jobs) {
            for (Supplier<IntervalSource> s : j.sources()) {
                try (IntervalSource src = s.get()) {
                    contigs.forEach(c -> src.requireContig(c, j.name()));
                }
            }
        }
    }

    /**
     * Writes job {@code j} under {@code root} over {@code windows}, for the sources {@code [from, to)} (the samples
     * of one sample block; {@code [0, 1)} for an annotation track).
     */
    static void write(Job j, int from, int to, Path root, List<String> contigs, Regions windows, long maxMem,
                      OrderedChunks exec, Progress progress) {
        List<IntervalSource> open = new ArrayList<>(to - from);
        try {
            j.sources().subList(from, to).forEach(s -> open.add(s.get()));
            new TrackStage(j.name(), j.kind(), open, contigs, windows, maxMem).write(root, exec, progress);
        } finally {
            open.forEach(IntervalSource::close);
        }
    }

    /** Fails on a name used twice, across sample and annotation tracks (both would be served under one name). */
    static void checkUniqueNames(List<? extends SampleTrack> tracks, List<AnnotationTrack> annotations) {
        Set<String> seen = new HashSet<>();
        List<String> dup = new ArrayList<>();
        tracks.forEach(t -> {
            if (!seen.add(t.name())) {
                dup.add(t.name());
            }
        });
        annotations.forEach(t -> {
            if (!seen.add(t.name())) {
                dup.add(t.name());
            }
        });
        if (!dup.isEmpty()) {
            throw new WriteException("Duplicate track names: " + dup + ".", "give each track a unique name.");
        }
    }

    /** Fails when a sample track lacks a dataset sample (or, with {@code exact}, lists any other sample). */
    static void checkSamples(SampleTrack t, List<String> samples, boolean exact) {
        Set<String> missing = new TreeSet<>(SampleResolver.CODE_POINT);
        missing.addAll(samples);
        t.samples().forEach(missing::remove);
        Set<String> extra = new TreeSet<>(SampleResolver.CODE_POINT);
        if (exact) {
            extra.addAll(t.samples());
            extra.removeAll(samples);
        }
        if (t instanceof TableTrack tt && !extra.isEmpty()) {
            IntervalTable table = tt.table();
            String first = extra.iterator().next();
            throw new InputFormatException(table.file(), table.location(table.firstRowOf(first)), "track '"
                    + t.name() + "' has sample(s) " + extra + " that the dataset lacks (missing=" + missing
                    + "); the dataset's samples are " + samples + ".", "keep only rows of the dataset's samples in"
                    + " the table.");
        }
        if (!missing.isEmpty() || !extra.isEmpty()) {
            throw new WriteException("Track '" + t.name() + "' samples must " + (exact ? "exactly match" : "include")
                    + " the dataset's: missing=" + missing + " extra=" + extra + ".",
                    t instanceof TableTrack tt ? "give rows for every dataset sample in " + tt.table().file() + "."
                    : "list exactly one " + (t instanceof Hdf5Track ? "HDF5 coverage" : "bigWig")
                    + " per dataset sample in the track table.");
        }
    }
}
