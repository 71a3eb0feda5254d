package io.gvl.write.spec;

import io.gvl.format.DatasetLayout;

/** The rule for track names: each is a directory name inside the dataset, so it must be one path segment. */
public final class TrackNames {
    private TrackNames() {
    }

    /**
     * Refuses a name that is not one plain path segment.
     *
     * @param name a proposed track name
     * @throws WriteException if it is empty, has a path separator, is {@code .} or {@code ..}, or looks like a
     *         staging or lock name that readers skip
     */
    public static void check(String name) {
        if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.equals(".") || name.equals("..")
                || !DatasetLayout.isTrackName(name)) {
            throw new WriteException("'" + name + "' cannot be a track name.",
                    "use a plain name without '/', '.tmp.', '.old.' or a '.lock' suffix.");
        }
    }
}
