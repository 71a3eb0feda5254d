package io.gvl.format.internal.runs;

import io.gvl.format.ConcatException;
import io.gvl.format.array.RawArray;
import io.gvl.format.array.RawArrayWriter;
import io.gvl.format.array.RawDtype;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Joins one ragged store (an {@code offsets.npy} over slots plus one or more parallel payload files, such as a
 * track's starts, ends and values) through {@link SlotRuns}. The joined offsets are rebased as they stream out
 * through a 1 MiB buffer; payload bytes go from file to file by channel transfer, so memory stays bounded however
 * large the inputs are. Input offsets are memory-mapped and checked as they are read: the count against the grid,
 * monotonicity, and the last offset against the payload size.
 */
public final class RaggedJoin {
    private RaggedJoin() {
    }

    /**
     * One input's store.
     *
     * @param offsets its header-less int64 offsets file
     * @param payloads its payload files, parallel to the outputs; a missing file reads as empty
     * @param slots the number of slots its grid has ({@code offsets} holds one more element)
     * @param label names the input in errors
     */
    public record Store(Path offsets, List<Path> payloads, long slots, String label) {
    }

    /**
     * Writes the joined store.
     *
     * @param inputs one store per input, in input order
     * @param runs the joined slot sequence
     * @param outOffsets the joined offsets file to create
     * @param outPayloads the joined payload files to create, parallel to each input's payloads
     * @param itemSize bytes per payload element (the same for every payload file)
     * @throws IOException if a file cannot be read or written
     * @throws ConcatException if an input's offsets disagree with its grid or payload
     */
    public static void join(List<Store> inputs, RunSource runs, Path outOffsets, List<Path> outPayloads,
                            int itemSize) throws IOException {
        try (Arena arena = Arena.ofConfined();
             RawArrayWriter offsets = RawArrayWriter.create(outOffsets, RawDtype.INT64);
             Outputs out = new Outputs(outPayloads)) {
            List<RawArray> srcOffsets = new ArrayList<>();
            List<List<FileChannel>> srcPayloads = new ArrayList<>();
            for (Store s : inputs) {
                RawArray off = RawArray.map(s.offsets(), RawDtype.INT64, arena);
                if (off.length() != s.slots() + 1) {
                    throw new ConcatException(s.label() + ": " + s.offsets() + " holds " + off.length()
                            + " offsets but the dataset's grid has " + s.slots() + " slots (expected "
                            + (s.slots() + 1) + "); the dataset is inconsistent.", "write that input again.");
                }
                srcOffsets.add(off);
                srcPayloads.add(out.openInputs(s, off.getLong(s.slots()), itemSize));
            }
            long[] total = {0};
            offsets.writeLong(0);
            runs.forEach((d, start, stop) -> {
                RawArray off = srcOffsets.get(d);
                long prev = off.getLong(start);
                for (long slot = start; slot < stop; slot++) {
                    long next = off.getLong(slot + 1);
                    if (next < prev) {
                        throw new ConcatException(inputs.get(d).label() + ": " + inputs.get(d).offsets()
                                + " decreases at slot " + slot + " (" + prev + " then " + next + "); the file is"
                                + " corrupt.", "write that input again.");
                    }
                    total[0] += next - prev;
                    offsets.writeLong(total[0]);
                    prev = next;
                }
                long from = off.getLong(start) * itemSize;
                long to = off.getLong(stop) * itemSize;
                for (int k = 0; k < outPayloads.size(); k++) {
                    out.copy(srcPayloads.get(d).get(k), from, to, k);
                }
            });
        }
    }

    /** The output payload channels, and the input channels opened for them (all closed together). */
    private static final class Outputs implements AutoCloseable {
        private final List<FileChannel> outs = new ArrayList<>();
        private final List<FileChannel> opened = new ArrayList<>();

        Outputs(List<Path> files) throws IOException {
            for (Path f : files) {
                outs.add(FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING));
            }
        }

        List<FileChannel> openInputs(Store s, long elements, int itemSize) throws IOException {
            List<FileChannel> chans = new ArrayList<>();
            for (Path p : s.payloads()) {
                long size = Files.exists(p) ? Files.size(p) : 0;
                if (size < elements * itemSize) {
                    throw new ConcatException(s.label() + ": " + p + " holds " + size / itemSize + " elements but "
                            + s.offsets() + " ends at " + elements + "; the file is truncated or missing.",
                            "write that input again.");
                }
                FileChannel ch = size == 0 ? null : FileChannel.open(p, StandardOpenOption.READ);
                if (ch != null) {
                    opened.add(ch);
                }
                chans.add(ch);
            }
            return chans;
        }

        void copy(FileChannel src, long from, long to, int k) throws IOException {
            FileChannel dst = outs.get(k);
            long pos = from;
            while (pos < to) {
                long n = src.transferTo(pos, to - pos, dst);
                if (n <= 0) {
                    throw new IOException("short transfer from payload at byte " + pos);
                }
                pos += n;
            }
        }

        @Override
        public void close() throws IOException {
            IOException first = null;
            for (FileChannel c : outs) {
                try {
                    c.force(true);
                    c.close();
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
            for (FileChannel c : opened) {
                c.close();
            }
            if (first != null) {
                throw first;
            }
        }
    }
}
