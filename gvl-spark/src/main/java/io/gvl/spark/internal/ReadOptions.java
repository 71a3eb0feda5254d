package io.gvl.spark.internal;

import io.gvl.dataset.settings.SeqKind;
import io.gvl.spark.errors.GvlOptionException;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The parsed options of one {@code spark.read.format("gvl")} read. Parsed once on the driver so every mistake is
 * reported before a task starts; serialized into the reader factory so executors open the same view.
 *
 * @param path the dataset directory
 * @param reference the reference FASTA, or null when the read has no sequence column
 * @param seqs the sequence column's kind: {@link SeqKind#HAPLOTYPES}, {@link SeqKind#REFERENCE} or
 *     {@link SeqKind#NONE}; null means the dataset's default (haplotypes with genotypes, else reference)
 * @param tracks the track columns asked for, or null for every track of the dataset
 * @param samples the sample subset asked for, or null for all samples
 * @param regionsPerPartition regions per planned partition, {@code >= 1}
 * @param regionsPerBatch regions per columnar batch inside a partition, {@code >= 1}
 * @param cacheDir the local directory for copies of datasets on a Hadoop file system, or null for the default
 * @param hadoop the Hadoop settings given as options (keys starting with {@code fs.}), applied over the session's
 */
public record ReadOptions(String path, String reference, SeqKind seqs, List<String> tracks, List<String> samples,
                          int regionsPerPartition, int regionsPerBatch, String cacheDir, Map<String, String> hadoop)
        implements Serializable {
    public static final String PATH = "path";
    public static final String REFERENCE = "reference";
    public static final String SEQS = "seqs";
    public static final String TRACKS = "tracks";
    public static final String SAMPLES = "samples";
    public static final String REGIONS_PER_PARTITION = "regionsPerPartition";
    public static final String REGIONS_PER_BATCH = "regionsPerBatch";
    public static final String CACHE_DIR = "cacheDir";
    static final int DEFAULT_REGIONS_PER_PARTITION = 64;
    static final int DEFAULT_REGIONS_PER_BATCH = 16;

    /**
     * Parses Spark's options (keys case-insensitive, as Spark passes them).
     *
     * @param options the reader options
     * @return the parsed options
     * @throws GvlOptionException naming the option and the fix for a missing or malformed value
     */
    public static ReadOptions parse(Map<String, String> options) {
        String path = find(options, PATH).orElseThrow(() -> new GvlOptionException("spark.read.format(\"gvl\")"
                + " needs the dataset directory: add .option(\"path\", \"/path/to/dataset.gvl\") or .load(path)"));
        String reference = find(options, REFERENCE).orElse(null);
        SeqKind seqs = find(options, SEQS).map(v -> seqKind(path, v)).orElse(null);
        List<String> tracks = find(options, TRACKS).map(ReadOptions::list).orElse(null);
        List<String> samples = find(options, SAMPLES).map(ReadOptions::list).orElse(null);
        int perPartition = find(options, REGIONS_PER_PARTITION).map(v -> positive(path, REGIONS_PER_PARTITION, v))
                .orElse(DEFAULT_REGIONS_PER_PARTITION);
        int perBatch = find(options, REGIONS_PER_BATCH).map(v -> positive(path, REGIONS_PER_BATCH, v))
                .orElse(DEFAULT_REGIONS_PER_BATCH);
        String cacheDir = find(options, CACHE_DIR).orElse(null);
        return new ReadOptions(path, reference, seqs, tracks, samples, perPartition, perBatch, cacheDir,
                new java.util.TreeMap<>(DatasetLocation.hadoopOptions(options)));
    }

    private static Optional<String> find(Map<String, String> options, String key) {
        return options.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(key)).map(Map.Entry::getValue)
                .findFirst();
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static SeqKind seqKind(String path, String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "haplotypes" -> SeqKind.HAPLOTYPES;
            case "reference" -> SeqKind.REFERENCE;
            case "none" -> SeqKind.NONE;
            default -> throw new GvlOptionException("option seqs = '" + value + "' for dataset " + path
                    + " is not a sequence kind: use \"haplotypes\", \"reference\" or \"none\"");
        };
    }

    private static int positive(String path, String key, String value) {
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below with the same message as a non-positive value
        }
        throw new GvlOptionException("option " + key + " = '" + value + "' for dataset " + path
                + " must be a whole number >= 1");
    }
}
