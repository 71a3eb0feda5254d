package io.gvl.bench.harness;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import jdk.incubator.vector.ByteVector;

/**
 * The machine and JVM a result was measured on, logged with every run so figures are never read without it.
 *
 * @param cpu           CPU model from {@code /proc/cpuinfo} (or {@code os.arch})
 * @param cores         available processors
 * @param threads       threads the harness ran the kernels with
 * @param jdk           runtime version and vendor
 * @param vectorSpecies the Vector API's preferred byte species (e.g. {@code Species[byte, 32, S_256_BIT]})
 * @param maxHeapBytes  {@code Runtime.maxMemory()}
 * @param jvmArgs       the JVM's input arguments (heap flags among them)
 */
public record SystemInfo(String cpu, int cores, int threads, String jdk, String vectorSpecies, long maxHeapBytes,
                         List<String> jvmArgs) {

    /** The current machine and JVM, with {@code threads} as the harness's thread count. */
    public static SystemInfo detect(int threads) {
        return new SystemInfo(readCpuModel(), Runtime.getRuntime().availableProcessors(), threads,
                Runtime.version() + " (" + System.getProperty("java.vm.vendor") + ")", preferredSpecies(),
                Runtime.getRuntime().maxMemory(), ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /** Key/value lines for logs and the CSV header comment. */
    public Map<String, String> fields() {
        return new java.util.LinkedHashMap<>(Map.of(
                "cpu", cpu, "cores", Integer.toString(cores), "threads", Integer.toString(threads), "jdk", jdk,
                "vector_species", vectorSpecies, "max_heap_mib", Long.toString(maxHeapBytes >> 20),
                "jvm_args", String.join(" ", jvmArgs), "load_average", loadAverage()));
    }

    /**
     * The 1, 5 and 15 minute load averages as {@code uptime} prints them (from {@code /proc/loadavg}), read now:
     * on a shared machine every figure is read with the load it was measured under.
     */
    public static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
            return f[0] + ", " + f[1] + ", " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String readCpuModel() {
        Path info = Path.of("/proc/cpuinfo");
        if (Files.isReadable(info)) {
            try (Stream<String> lines = Files.lines(info)) {
                return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).strip())
                        .findFirst().orElse(System.getProperty("os.arch"));
            } catch (IOException | java.io.UncheckedIOException e) {
                return System.getProperty("os.arch");
            }
        }
        return System.getProperty("os.arch");
    }

    private static String preferredSpecies() {
        try {
            return ByteVector.SPECIES_PREFERRED.toString();
        } catch (LinkageError e) {
            return "unavailable (run with --add-modules=jdk.incubator.vector)";
        }
    }
}
