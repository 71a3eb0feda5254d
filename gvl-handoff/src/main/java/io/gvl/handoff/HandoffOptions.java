package io.gvl.handoff;

import io.gvl.dataset.settings.Parallel;
import io.gvl.dataset.settings.SeqKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a hand-off producer sends: the dataset view (sequences, tracks, length, parallelism), the epochs and their
 * order, the slot ring, and where the consumer is (the process's standard streams, or a Unix socket it listens on).
 * {@code HandoffMain} and {@code gvl handoff} both build one of these and pass it to {@link HandoffProducer#run}.
 *
 * @param dataset the dataset directory
 * @param reference the reference FASTA, when the view needs sequences the dataset does not store
 * @param dir the slot directory (created if missing; its files are deleted at the end)
 * @param slots the number of slots, {@code >= 1}
 * @param slotBytes the initial size of each slot file
 * @param batchSize instances per batch, {@code >= 1}
 * @param epochs epochs to send, {@code >= 1}
 * @param shuffle whether each epoch is shuffled
 * @param seed the shuffle's seed
 * @param seqs the sequence output
 * @param tracks the tracks to send (empty: none)
 * @param length a fixed output length, or empty for the dataset's own lengths
 * @param releaseTimeout how long the producer waits for the consumer to release a slot
 * @param mode how batches reach the slots
 * @param checksums whether descriptors carry a CRC32 of every buffer
 * @param parallel the view's query parallelism, or empty for the dataset's own setting
 * @param shard which batches of each epoch to send
 * @param listen a Unix socket path to accept one consumer on, or empty to use the standard streams
 * @param acceptTimeout how long to wait for that consumer to connect
 */
public record HandoffOptions(Path dataset, Optional<Path> reference, Path dir, int slots, long slotBytes, int batchSize,
        int epochs, boolean shuffle, long seed, SeqKind seqs, List<String> tracks, OptionalInt length,
        Duration releaseTimeout, WriterMode mode, boolean checksums, Optional<Parallel> parallel, Shard shard,
        Optional<Path> listen, Duration acceptTimeout) {

    /** Where default slot directories are made. */
    static final Path DEFAULT_PARENT = Path.of("/dev/shm");
    /** The name of a default slot directory before the producer's pid. */
    static final String DEFAULT_PREFIX = "gvl-handoff-";

    /** How batches reach the slots. */
    public enum WriterMode {
        /** The producer's queries write straight into the slot files: no copy. */
        DIRECT,
        /** A {@code DataLoader} in mode {@code none} fills its own buffers; each batch is copied into a slot. */
        NONE,
        /** The same with a {@code buffered} loader (the next batch is fetched while one is copied). */
        BUFFERED,
        /** The same with a {@code double_buffered} loader. */
        DOUBLE_BUFFERED;

        /**
         * Parses a mode name as written on a command line ({@code direct}, {@code none}, {@code buffered},
         * {@code double_buffered}), in any case.
         *
         * @param name the name
         * @return the mode
         * @throws IllegalArgumentException if {@code name} is none of them
         */
        public static WriterMode parse(String name) {
            for (WriterMode m : values()) {
                if (m.name().equalsIgnoreCase(name)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("--mode " + name + " is not one of direct, none, buffered,"
                    + " double_buffered");
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Checks every value.
     *
     * @throws IllegalArgumentException if a count or size is out of range, or a shard is asked of a loader mode
     */
    public HandoffOptions {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(dir, "dir");
        tracks = List.copyOf(tracks);
        positive("--slots", slots);
        positive("--batch-size", batchSize);
        positive("--epochs", epochs);
        if (slotBytes < 0) {
            throw new IllegalArgumentException("--slot-bytes must be >= 0, got " + slotBytes);
        }
        if (length.isPresent() && length.getAsInt() < 1) {
            throw new IllegalArgumentException("--length must be >= 1, got " + length.getAsInt());
        }
        if (releaseTimeout.isNegative() || releaseTimeout.isZero() || acceptTimeout.isNegative()
                || acceptTimeout.isZero()) {
            throw new IllegalArgumentException("timeouts must be positive");
        }
        if (mode != WriterMode.DIRECT && shard.count() > 1) {
            throw new IllegalArgumentException("--shard " + shard + " needs --mode direct (a loader mode would"
                    + " compute every batch and send only some)");
        }
    }

    /**
     * The defaults for {@code dataset}: slots in {@code /dev/shm/gvl-handoff-<pid>}, 3 slots of 8 MiB, batches of 32,
     * one epoch in C order, haplotypes, no tracks, the dataset's lengths, a 60 s release timeout, direct mode, no
     * checksums, standard streams, and every query split over the threads ({@link Parallel#TRUE}): a producer is a
     * process of its own whose one job is filling slots, so it does not keep small batches on one thread as an
     * in-process view does (measured: 1.4-1.5x the batches per second of {@code AUTO} at 1 kb x 128 and 16 kb x 64).
     *
     * @param dataset the dataset directory
     * @return the options
     */
    public static HandoffOptions defaults(Path dataset) {
        return new HandoffOptions(dataset, Optional.empty(), defaultDir(), 3, 8L << 20, 32, 1, false, 0,
                SeqKind.HAPLOTYPES, List.of(), OptionalInt.empty(), Duration.ofSeconds(60), WriterMode.DIRECT, false,
                Optional.of(Parallel.TRUE), Shard.ALL, Optional.empty(), Duration.ofSeconds(600));
    }

    /**
     * The default slot directory: {@code /dev/shm/gvl-handoff-<pid>} (RAM on Linux).
     *
     * @return the path
     */
    public static Path defaultDir() {
        return DEFAULT_PARENT.resolve(DEFAULT_PREFIX + ProcessHandle.current().pid());
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1, got " + value);
        }
    }
}
