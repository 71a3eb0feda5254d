package io.gvl.cli;

import io.gvl.handoff.HandoffMain;
import io.gvl.handoff.HandoffOptions;
import io.gvl.handoff.HandoffProducer;
import io.gvl.handoff.Shard;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gvl handoff DIR}: the producer of the Python hand-off (docs/handoff.md). It sends batches of a dataset view
 * through a ring of shared-memory slot files, announcing each on standard output (or over {@code --listen}'s Unix
 * socket) and reading releases from standard input (or the socket). The Python package in {@code python/}
 * ({@code gvl_jvm}) starts it or attaches to it. Standard output carries only protocol lines, so everything else
 * this process prints goes to standard error. Exit code 1 and one line on a hand-off or data error.
 */
@Command(name = "handoff", mixinStandardHelpOptions = true,
        description = "Send batches of a dataset to a Python reader (the gvl_jvm package) through shared-memory "
                + "slots; protocol lines on standard output/input or over --listen's socket.")
public final class HandoffCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "Dataset directory.")
    Path dataset;

    @Option(names = "--reference", paramLabel = "FASTA", description = "Reference FASTA (needed for sequences).")
    Path reference;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Slot directory, created and removed by this run (default: /dev/shm/gvl-handoff-PID).")
    Path dir;

    @Option(names = "--slots", defaultValue = "3", description = "Slots in the ring (default: ${DEFAULT-VALUE}).")
    int slots;

    @Option(names = "--slot-bytes", defaultValue = "8388608", paramLabel = "BYTES",
            description = "Initial size of each slot file; slots grow as needed (default: ${DEFAULT-VALUE}).")
    long slotBytes;

    @Option(names = "--batch-size", defaultValue = "32", description = "Instances per batch (default: ${DEFAULT-VALUE}).")
    int batchSize;

    @Option(names = "--epochs", defaultValue = "1", description = "Epochs to send (default: ${DEFAULT-VALUE}).")
    int epochs;

    @Option(names = "--shuffle", description = "Shuffle each epoch (seeded by --seed and the epoch).")
    boolean shuffle;

    @Option(names = "--seed", defaultValue = "0", description = "Shuffle seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--seqs", defaultValue = "haplotypes", paramLabel = "KIND",
            description = "haplotypes, reference, annotated or none (default: ${DEFAULT-VALUE}).")
    String seqs;

    @Option(names = "--tracks", paramLabel = "NAMES", description = "Tracks to send, NAME,NAME (default: none).")
    String tracks;

    @Option(names = "--length", paramLabel = "N", description = "Fixed output length (default: each region's own).")
    Integer length;

    @Option(names = "--timeout-seconds", defaultValue = "60",
            description = "How long to wait for the reader to release a slot (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = "--mode", defaultValue = "direct",
            description = "direct (queries write into the slots), none, buffered or double_buffered (a loader's "
                    + "batches copied into the slots) (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(names = "--checksums", description = "Add a CRC32 of every buffer to the descriptors (for checking).")
    boolean checksums;

    @Option(names = "--parallel", paramLabel = "true|auto|false",
            description = "Split each query over the threads: true (default here: the producer's one job), auto "
                    + "(only batches of 1 MiB or more, as in-process) or false.")
    String parallel;

    @Option(names = "--shard", paramLabel = "I/N",
            description = "Send only batches b with b %% N == I of each epoch (one producer per data-loader worker).")
    String shard;

    @Option(names = "--listen", paramLabel = "SOCKET",
            description = "Wait for one reader on this Unix socket instead of using standard input and output.")
    Path listen;

    @Option(names = "--accept-timeout-seconds", defaultValue = "600",
            description = "How long --listen waits for the reader (default: ${DEFAULT-VALUE}).")
    int acceptTimeoutSeconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        HandoffOptions o;
        try {
            o = options();
        } catch (IllegalArgumentException e) {
            err.println("gvl handoff: " + e.getMessage());
            return 2;
        }
        // Protocol lines own standard output: whatever else is printed there (a library's notice) goes to stderr.
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        PrintStream previous = System.out;
        System.setOut(System.err);
        try {
            HandoffProducer.run(o, protocol, new FileInputStream(FileDescriptor.in), System.err);
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("gvl handoff: interrupted");
            return 1;
        } catch (RuntimeException e) {
            err.println("gvl handoff: " + e.getMessage());
            return 1;
        } finally {
            System.setOut(previous);
            err.flush();
        }
    }

    HandoffOptions options() {
        HandoffOptions d = HandoffOptions.defaults(dataset);
        return new HandoffOptions(dataset, Optional.ofNullable(reference), dir == null ? d.dir() : dir, slots,
                slotBytes, batchSize, epochs, shuffle, seed, HandoffMain.seqs(seqs),
                tracks == null ? List.of() : Arrays.asList(tracks.split(",")),
                length == null ? OptionalInt.empty() : OptionalInt.of(length), Duration.ofSeconds(timeoutSeconds),
                HandoffOptions.WriterMode.parse(mode), checksums,
                Optional.ofNullable(parallel).map(HandoffMain::parallel).or(d::parallel),
                shard == null ? Shard.ALL : Shard.parse(shard), Optional.ofNullable(listen),
                Duration.ofSeconds(acceptTimeoutSeconds));
    }
}
