package io.gvl.core.write;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * A sample-independent track stored under {@code annot_intervals/<name>/} (GVL's {@code annot_tracks} entry): a
 * bigWig ({@code .bw}/{@code .bigwig}, any case) or a BED-like table whose 5th column ({@code score}) is the value.
 *
 * @param name   track name, the directory name in the dataset
 * @param source the bigWig or BED-like file
 */
public record AnnotationTrack(String name, Path source) {

    /** Rejects {@code null} fields and checks the track name. */
    public AnnotationTrack {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        TrackNames.check(name);
    }

    /**
     * Whether {@link #source} is read as a bigWig (by suffix, as GVL decides).
     *
     * @return {@code true} for a {@code .bw} or {@code .bigwig} file
     */
    public boolean isBigWig() {
        String n = source.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".bw") || n.endsWith(".bigwig");
    }
}
