package io.gvl.handoff;

import io.gvl.dataset.settings.Parallel;
import io.gvl.dataset.settings.SeqKind;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The hand-off producer as a plain {@code java} main (no picocli), for a reader that starts it with a class path:
 * descriptor lines on standard output, release lines on standard input (or both over {@code --listen}'s socket);
 * errors go to standard error, and the exit status is 0 done, 2 bad arguments, 3 hand-off or data error. The
 * command line's {@code gvl handoff} takes the same options.
 *
 * <pre>
 * java -cp CLASSPATH io.gvl.handoff.HandoffMain DIR|--dataset DIR [--reference FASTA] [--dir /dev/shm/NAME]
 *      [--slots 3] [--slot-bytes 8388608] [--batch-size 32] [--epochs 1] [--shuffle] [--seed 0]
 *      [--seqs haplotypes|reference|annotated|none] [--tracks a,b] [--length N] [--timeout-seconds 60]
 *      [--mode direct|none|buffered|double_buffered] [--checksums] [--parallel true|auto|false]
 *      [--shard I/N] [--listen SOCKET] [--accept-timeout-seconds 600]
 * </pre>
 */
public final class HandoffMain {
    private static final Set<String> FLAGS = Set.of("--shuffle", "--checksums");
    private static final Set<String> OPTIONS = Set.of("--dataset", "--reference", "--dir", "--slots",
            "--slot-bytes", "--batch-size", "--epochs", "--seed", "--seqs", "--tracks", "--length",
            "--timeout-seconds", "--mode", "--parallel", "--shard", "--listen", "--accept-timeout-seconds");

    private HandoffMain() {
    }

    /**
     * Runs the producer with the options above until every epoch is sent, then exits with its status.
     *
     * @param args the options
     */
    public static void main(String[] args) {
        OutputStream out = System.out;
        // Descriptor lines own standard output: anything else printed there would break the protocol.
        System.setOut(new PrintStream(System.err, true));
        HandoffOptions o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("gvl handoff: " + e.getMessage());
            System.exit(2);
            return;
        }
        try {
            HandoffProducer.run(o, out, System.in, System.err);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.exit(3);
        } catch (RuntimeException e) {
            System.err.println("gvl handoff: " + e.getMessage());
            System.exit(3);
        }
    }

    /**
     * Parses the options above.
     *
     * @param args the command line
     * @return the options
     * @throws IllegalArgumentException naming the first bad or missing option
     */
    public static HandoffOptions parse(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") && !o.containsKey("--dataset")) {
                o.put("--dataset", args[i]); // the dataset may also come first, as in `gvl handoff DIR`
            } else if (FLAGS.contains(args[i])) {
                o.put(args[i], "true");
            } else if (OPTIONS.contains(args[i]) && i + 1 < args.length) {
                o.put(args[i], args[++i]);
            } else {
                throw new IllegalArgumentException("unknown or incomplete option '" + args[i] + "' in "
                        + Arrays.toString(args) + "; options: " + OPTIONS + " " + FLAGS);
            }
        }
        if (!o.containsKey("--dataset")) {
            throw new IllegalArgumentException("--dataset DIR is required");
        }
        HandoffOptions d = HandoffOptions.defaults(Path.of(o.get("--dataset")));
        return new HandoffOptions(d.dataset(), Optional.ofNullable(o.get("--reference")).map(Path::of),
                o.containsKey("--dir") ? Path.of(o.get("--dir")) : d.dir(),
                integer(o, "--slots", d.slots()), longValue(o, "--slot-bytes", d.slotBytes()),
                integer(o, "--batch-size", d.batchSize()), integer(o, "--epochs", d.epochs()),
                o.containsKey("--shuffle"), longValue(o, "--seed", d.seed()),
                o.containsKey("--seqs") ? seqs(o.get("--seqs")) : d.seqs(),
                o.containsKey("--tracks") ? List.of(o.get("--tracks").split(",")) : d.tracks(),
                o.containsKey("--length") ? OptionalInt.of(integer(o, "--length", 0)) : d.length(),
                Duration.ofSeconds(integer(o, "--timeout-seconds", (int) d.releaseTimeout().toSeconds())),
                o.containsKey("--mode") ? HandoffOptions.WriterMode.parse(o.get("--mode")) : d.mode(),
                o.containsKey("--checksums"),
                Optional.ofNullable(o.get("--parallel")).map(HandoffMain::parallel).or(d::parallel),
                o.containsKey("--shard") ? Shard.parse(o.get("--shard")) : d.shard(),
                Optional.ofNullable(o.get("--listen")).map(Path::of),
                Duration.ofSeconds(integer(o, "--accept-timeout-seconds", (int) d.acceptTimeout().toSeconds())));
    }

    /**
     * A sequence kind as written on a command line.
     *
     * @param name {@code haplotypes}, {@code reference}, {@code annotated} or {@code none}, in any case
     * @return the kind
     * @throws IllegalArgumentException if it is none of them
     */
    public static SeqKind seqs(String name) {
        return parseEnum(SeqKind.class, "--seqs", name);
    }

    /**
     * A query parallelism as written on a command line.
     *
     * @param name {@code auto}, {@code true} or {@code false}, in any case
     * @return the setting
     * @throws IllegalArgumentException if it is none of them
     */
    public static Parallel parallel(String name) {
        return parseEnum(Parallel.class, "--parallel", name);
    }

    private static <E extends Enum<E>> E parseEnum(Class<E> type, String option, String name) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(name)) {
                return e;
            }
        }
        throw new IllegalArgumentException(option + " " + name + " is not one of "
                + Arrays.toString(type.getEnumConstants()).toLowerCase(Locale.ROOT));
    }

    private static int integer(Map<String, String> o, String name, int fallback) {
        long v = longValue(o, name, fallback);
        if (v != (int) v) {
            throw new IllegalArgumentException(name + " " + v + " is out of range");
        }
        return (int) v;
    }

    private static long longValue(Map<String, String> o, String name, long fallback) {
        String v = o.get(name);
        try {
            return v == null ? fallback : Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " needs an integer, got '" + v + "'");
        }
    }
}
