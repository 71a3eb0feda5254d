package io.gvl.spark.internal;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * What one task writing to an object store reports to the driver: where its attempt uploaded the part, every
 * uploaded file with its size and CRC32C (what the shard manifest records, so the driver never reads the data
 * back), and the part's small control files ({@code part.json}, a genotype part's window ends) inline, which the
 * driver and the track tasks need and which are therefore never uploaded.
 *
 * @param part the part's name ({@code <kind>-r<block>-s<block>})
 * @param attempt Spark's attempt number of the task, 0 for the first
 * @param prefix the attempt's prefix relative to the root, unique to this attempt
 * @param files the uploaded files, paths relative to the part directory, in path order
 * @param control the control files by name
 */
public record UploadedPart(String part, int attempt, String prefix, List<File> files, Map<String, byte[]> control)
        implements Serializable {

    /** Copies the collections. */
    public UploadedPart {
        files = List.copyOf(files);
        control = Map.copyOf(control);
    }

    /**
     * One uploaded file.
     *
     * @param path its path relative to the part directory, with {@code /} separators
     * @param bytes its size
     * @param crc32c its CRC32C as 8 lower-case hex digits
     */
    public record File(String path, long bytes, String crc32c) implements Serializable {
    }

    /**
     * The outcome as the local write reports it (an object-store attempt never reuses another's upload).
     *
     * @return the part, not reused, and the attempt
     */
    public PartOutcome outcome() {
        return new PartOutcome(part, false, attempt);
    }
}
