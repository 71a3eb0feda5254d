package io.gvl.format;

/** Where a track lives and how its cells are numbered. */
public enum TrackScope {
    /** {@code intervals/<name>/}: a cell per (region, sample). */
    SAMPLE("intervals"),
    /** {@code annot_intervals/<name>/}: a cell per region. */
    ANNOTATION("annot_intervals");

    private final String directory;

    TrackScope(String directory) {
        this.directory = directory;
    }

    /**
     * The dataset sub-directory holding tracks of this kind.
     *
     * @return {@code intervals} or {@code annot_intervals}
     */
    public String directory() {
        return directory;
    }
}
