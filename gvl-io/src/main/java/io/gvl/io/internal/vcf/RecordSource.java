package io.gvl.io.internal.vcf;

import io.gvl.io.internal.bgzf.BgzfInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

/** Where a text VCF gets raw record lines for a region: a tabix or CSI index, or an in-memory plain VCF. */
public interface RecordSource extends AutoCloseable {
    /** Contigs that have records, in index (file) order. */
    List<String> contigs();

    /** Feeds every record line whose REF span overlaps the 0-based half-open {@code [start, end)}. */
    void query(String contig, int start, int end, Consumer<String> sink) throws IOException;

    /**
     * As {@link #query(String, int, int, Consumer)}, feeding each line's UTF-8 bytes instead of a string (the
     * genotype-only decode reads bytes). By default the lines of {@link #query} are encoded.
     */
    default void queryBytes(String contig, int start, int end, LineSink sink) throws IOException {
        query(contig, start, end, line -> {
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            sink.accept(b, b.length);
        });
    }

    /**
     * As {@link #queryBytes}, for a reader that needs only the first eight columns: each line fed holds at least
     * everything up to its eighth tab (INFO's end), and may stop there. By default the whole lines of
     * {@link #queryBytes}.
     */
    default void querySites(String contig, int start, int end, LineSink sink) throws IOException {
        queryBytes(contig, start, end, sink);
    }

    /**
     * As {@link #querySites}, feeding whole the lines whose start {@code whole} accepts: {@code whole} sees each
     * line's start (through its eighth tab) when the line goes on past it, and a line it accepts is fed exactly as
     * {@link #queryBytes} feeds it. A line {@code whole} was not asked about is whole too. By default every line is
     * fed whole, without asking.
     */
    default void queryLines(String contig, int start, int end, BgzfInputStream.LineTest whole, LineSink sink)
            throws IOException {
        queryBytes(contig, start, end, sink);
    }

    /**
     * Positions that cut {@code contig}'s records into about {@code parts} runs of equal size for parallel reads
     * (see {@link io.gvl.io.internal.csi.CsiIndex#splitPositions}); none by default (no index to ask).
     */
    default int[] splitPositions(String contig, int parts) {
        return new int[0];
    }

    @Override
    void close();
}
