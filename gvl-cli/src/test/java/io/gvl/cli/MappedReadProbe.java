package io.gvl.cli;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.format.array.MappedFiles;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Child-JVM side of {@code MappedReadFaultsTest}: opens the dataset {@code args[0]} with the reference
 * {@code args[1]}, reads every instance, then changes the file {@code args[3]} (relative to the dataset, or the
 * reference cache file for {@code cache}) as {@code args[2]} says ({@code truncate}, {@code delete}) and reads
 * again. Prints one line: {@code same}, {@code different}, or the error's class and message. A crash of the JVM
 * (SIGBUS) would end it without that line.
 */
final class MappedReadProbe {
    private MappedReadProbe() {}

    public static void main(String[] args) throws Exception {
        try (Dataset ds = Dataset.open(Path.of(args[0]), Path.of(args[1]))) {
            byte[] before = bytes(ds);
            Path file = args[3].equals("cache") ? cacheFile(Path.of(System.getProperty("gvl.cache.dir")))
                    : Path.of(args[0]).resolve(args[3]);
            if (args[2].equals("truncate")) {
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    ch.truncate(ch.size() / 3);
                }
            } else {
                Files.delete(file);
            }
            // A passed check stands for MappedFiles.CHECK_INTERVAL_NANOS; the next query after it sees the change.
            Thread.sleep(MappedFiles.CHECK_INTERVAL_NANOS / 1_000_000 + 10);
            try {
                System.out.println(Arrays.equals(before, bytes(ds)) ? "same" : "different");
            } catch (RuntimeException | Error e) {
                System.out.println(e.getClass().getName() + ": " + e.getMessage());
            }
        }
    }

    /** Every output array of every instance, concatenated. */
    private static byte[] bytes(Dataset ds) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int[] regions = IntStream.range(0, ds.regionCount()).toArray();
        int[] samples = IntStream.range(0, ds.sampleCount()).toArray();
        try (DatasetOutput o = ds.getGrid(regions, samples)) {
            for (NamedArray a : o.arrays()) {
                java.lang.foreign.MemorySegment data = switch (a.array()) {
                    case Ragged r -> r.data();
                    case Dense d -> d.data();
                };
                out.writeBytes(data.toArray(ValueLayout.JAVA_BYTE));
            }
        }
        return out.toByteArray();
    }

    private static Path cacheFile(Path dir) throws Exception {
        try (var s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".gvlref")).findFirst().orElseThrow();
        }
    }
}
