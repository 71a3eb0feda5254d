package io.gvl.spark.internal;

import java.net.URI;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Tells a local path from a Hadoop file system URI. A string without a scheme, or with {@code file:}, is a local
 * path: gvl's own POSIX code writes it (atomic renames) and opens it. Any other scheme ({@code s3a}, {@code hdfs},
 * {@code gs}, {@code abfs}, ...) is reached through the Hadoop client with the object-store protocol, which never
 * relies on rename.
 */
public final class StorageUris {
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

    private StorageUris() {
    }

    /**
     * The local path {@code location} names, or {@code null} when it is a URI of another file system.
     *
     * @param location a path or URI
     * @return the path, or {@code null}
     */
    public static Path localPath(String location) {
        if (!SCHEME.matcher(location).find()) {
            return Path.of(location);
        }
        URI uri = URI.create(location);
        return "file".equalsIgnoreCase(uri.getScheme()) ? Path.of(uri) : null;
    }
}
