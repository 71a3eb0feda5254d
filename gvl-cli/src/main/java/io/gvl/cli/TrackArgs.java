package io.gvl.cli;

import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.Hdf5Track;
import io.gvl.write.spec.SampleTrack;
import io.gvl.write.spec.TableTrack;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/** The track options {@code gvl write} and {@code gvl update} share (a picocli mixin). */
final class TrackArgs {

    @Option(names = "--bigwig", paramLabel = "NAME=TABLE",
            description = "Per-sample track NAME from a table with columns sample and path (TSV, or CSV by suffix); "
                    + "on update it must list exactly the dataset's samples.")
    Map<String, Path> bigwigs = new LinkedHashMap<>();

    @Option(names = "--hdf5-track", paramLabel = "NAME=TABLE|FILE",
            description = "Per-sample track NAME from dense HDF5 coverage (one 1-D dataset per contig): a table with "
                    + "columns sample, path and optionally group (TSV, or CSV by suffix), or one .h5/.hdf5 file with a "
                    + "group per sample; on update it must hold exactly the dataset's samples.")
    Map<String, Path> hdf5Tracks = new LinkedHashMap<>();

    @Option(names = "--table", paramLabel = "NAME=FILE",
            description = "Per-sample track NAME from a long-form interval table with columns sample_id, chrom, "
                    + "start, end, value (.tsv/.txt, .csv, .parquet, .arrow/.ipc/.feather); on update its samples "
                    + "must be exactly the dataset's.")
    Map<String, Path> tables = new LinkedHashMap<>();

    @Option(names = "--annot", paramLabel = "NAME=FILE",
            description = "Sample-independent track NAME from a bigWig, an interval table (columns chrom, start, "
                    + "end, value; suffixes as --table) or a BED-like file (value = column 5).")
    Map<String, Path> annotations = new LinkedHashMap<>();

    @Option(names = "--table-column", paramLabel = "CANONICAL=ACTUAL",
            description = "Column map for every --table and table --annot: read the canonical column (sample_id, "
                    + "chrom, start, end, value) from the column named ACTUAL.")
    Map<String, String> tableColumns = new LinkedHashMap<>();

    /** Hands every requested track to the options builder. */
    void addTo(Consumer<SampleTrack> sampleTracks, Consumer<AnnotationTrack> annotationTracks) {
        bigwigs.forEach((name, table) -> sampleTracks.accept(BigWigs.fromTable(name, table)));
        hdf5Tracks.forEach((name, source) -> sampleTracks.accept(hdf5Track(name, source)));
        tables.forEach((name, file) -> sampleTracks.accept(TableTrack.read(name, file, tableColumns)));
        annotations.forEach((name, file) -> annotationTracks.accept(new AnnotationTrack(name, file, tableColumns)));
    }

    /** An HDF5 track from a {@code .h5}/{@code .hdf5} file with a group per sample, or from a sample table. */
    static Hdf5Track hdf5Track(String name, Path source) {
        String file = source.getFileName().toString().toLowerCase(Locale.ROOT);
        return file.endsWith(".h5") || file.endsWith(".hdf5") ? Hdf5Track.ofGroups(name, source)
                : Hdf5Track.fromTable(name, source);
    }
}
