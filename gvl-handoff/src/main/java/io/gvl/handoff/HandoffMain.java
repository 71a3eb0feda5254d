package io.gvl.handoff;

import io.gvl.dataloader.DataLoader;
import io.gvl.dataloader.DatasetSource;
import io.gvl.dataloader.Mode;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.Parallel;
import io.gvl.dataset.settings.SeqKind;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The hand-off writer as a child process: a Python reader ({@code python/gvl_handoff}) starts it, reads descriptor
 * lines from its standard output and writes release lines to its standard input; errors go to standard error and
 * the exit status (0 done, 2 bad arguments, 3 hand-off or data error).
 *
 * <pre>
 * java -cp CLASSPATH io.gvl.handoff.HandoffMain --dataset DIR [--reference FASTA] [--dir /dev/shm/NAME]
 *      [--slots 3] [--slot-bytes 8388608] [--batch-size 32] [--epochs 1] [--shuffle] [--seed 0]
 *      [--seqs haplotypes|reference|annotated|none] [--tracks a,b] [--length N] [--timeout-seconds 60]
 *      [--mode direct|none|buffered|double_buffered] [--checksums] [--parallel auto|true|false]
 * </pre>
 */
public final class HandoffMain {
    private static final Set<String> FLAGS = Set.of("--shuffle", "--checksums");
    /** The default mode: the writer's queries fill the slots themselves. */
    private static final String DIRECT = "direct";
    private static final Set<String> OPTIONS = Set.of("--dataset", "--reference", "--dir", "--slots",
            "--slot-bytes", "--batch-size", "--epochs", "--seed", "--seqs", "--tracks", "--length",
            "--timeout-seconds", "--mode", "--parallel");

    private HandoffMain() {
    }

    /**
     * Runs the writer with the options above until every epoch is sent.
     *
     * @param args the options
     */
    public static void main(String[] args) {
        OutputStream out = new BufferedOutputStream(System.out, 1 << 16);
        // Descriptor lines own standard output: anything else printed there would break the protocol.
        System.setOut(new PrintStream(System.err, true));
        Map<String, String> opts;
        try {
            opts = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("gvl handoff: " + e.getMessage());
            System.exit(2);
            return;
        }
        try {
            run(opts, out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.exit(3);
        } catch (RuntimeException e) {
            System.err.println("gvl handoff: " + e.getMessage());
            System.exit(3);
        }
    }

    private static void run(Map<String, String> o, OutputStream out) throws InterruptedException {
        Path dir = Path.of(o.getOrDefault("--dir", "/dev/shm/gvl-handoff-" + ProcessHandle.current().pid()));
        Dataset ds = o.containsKey("--reference")
                ? Dataset.open(Path.of(o.get("--dataset")), Path.of(o.get("--reference")))
                : Dataset.open(Path.of(o.get("--dataset")));
        try (ds; SlotRing ring = SlotRing.create(dir, integer(o, "--slots", 3),
                Long.parseLong(o.getOrDefault("--slot-bytes", "8388608")))) {
            // A reader that stops early terminates this process: the slot files must not outlive it.
            Runtime.getRuntime().addShutdownHook(new Thread(ring::deleteFiles, "gvl-handoff-cleanup"));
            Dataset view = ds.withSeqs(SeqKind.valueOf(o.getOrDefault("--seqs", "haplotypes")
                    .toUpperCase(Locale.ROOT)));
            view = o.containsKey("--tracks") ? view.withTracks(List.of(o.get("--tracks").split(",")))
                    : view.withoutTracks();
            if (o.containsKey("--parallel")) {
                Parallel parallel = Parallel.valueOf(o.get("--parallel").toUpperCase(Locale.ROOT));
                view = view.withSettings(s -> s.withParallel(parallel));
            }
            if (o.containsKey("--length")) {
                view = view.withLen(OutputLength.fixed(integer(o, "--length", 0)));
            }
            HandoffWriter w = new HandoffWriter(ring, out, System.in,
                    Duration.ofSeconds(integer(o, "--timeout-seconds", 60)), o.containsKey("--checksums"));
            int batchSize = integer(o, "--batch-size", 32);
            boolean shuffle = o.containsKey("--shuffle");
            long seed = Long.parseLong(o.getOrDefault("--seed", "0"));
            String mode = o.getOrDefault("--mode", DIRECT).toLowerCase(Locale.ROOT);
            if (mode.equals(DIRECT)) {
                w.run(new DatasetSource(view), batchSize, shuffle, seed, integer(o, "--epochs", 1));
                return;
            }
            try (DataLoader loader = DataLoader.builder(view).batchSize(batchSize).shuffle(shuffle).seed(seed)
                    .mode(Mode.valueOf(mode.toUpperCase(Locale.ROOT))).copy(false).build()) {
                w.run(loader, integer(o, "--epochs", 1));
            }
        }
    }

    private static int integer(Map<String, String> o, String name, int fallback) {
        String v = o.get(name);
        try {
            return v == null ? fallback : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " needs an integer, got '" + v + "'");
        }
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (FLAGS.contains(args[i])) {
                o.put(args[i], "true");
            } else if (OPTIONS.contains(args[i]) && i + 1 < args.length) {
                o.put(args[i], args[++i]);
            } else {
                throw new IllegalArgumentException("unknown or incomplete option '" + args[i] + "' in "
                        + Arrays.toString(args) + "; options: " + OPTIONS + " " + FLAGS);
            }
        }
        if (o.containsKey("--mode") && !o.get("--mode").equalsIgnoreCase(DIRECT) && Arrays.stream(Mode.values())
                .noneMatch(m -> m.name().equalsIgnoreCase(o.get("--mode")))) {
            throw new IllegalArgumentException("--mode " + o.get("--mode") + " is not one of [direct, "
                    + Arrays.toString(Mode.values()).toLowerCase(Locale.ROOT).substring(1));
        }
        if (o.containsKey("--parallel") && Arrays.stream(Parallel.values())
                .noneMatch(p -> p.name().equalsIgnoreCase(o.get("--parallel")))) {
            throw new IllegalArgumentException("--parallel " + o.get("--parallel") + " is not one of "
                    + Arrays.toString(Parallel.values()).toLowerCase(Locale.ROOT));
        }
        if (!o.containsKey("--dataset")) {
            throw new IllegalArgumentException("--dataset DIR is required");
        }
        return o;
    }
}
