package io.gvl.onnx.internal.parquet;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;

/**
 * Makes a Parquet file's footer the same from one run to the next. parquet-java gathers a column chunk's encodings
 * in a {@code HashSet} of enum constants, whose iteration order follows identity hash codes and so changes between
 * JVM processes; the footer then lists the same encodings in another order, and two runs of {@code gvl predict}
 * write different bytes. This rewrites the footer with each chunk's encodings (and encoding statistics) sorted;
 * the footer keeps its length, so it is rewritten in place.
 */
final class EncodingOrder {
    private static final int TAIL = 8; // footer length (int32 LE) + "PAR1"

    private EncodingOrder() {
    }

    /** Sorts the encodings of every column chunk in the footer of {@code file}, a complete Parquet file. */
    static void sort(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            ByteBuffer tail = read(ch, size - TAIL, TAIL).order(ByteOrder.LITTLE_ENDIAN);
            int length = tail.getInt(0);
            long start = size - TAIL - length;
            FileMetaData footer = Util.readFileMetaData(new ByteArrayInputStream(read(ch, start, length).array()));
            for (RowGroup g : footer.getRow_groups()) {
                for (ColumnChunk c : g.getColumns()) {
                    sort(c.getMeta_data());
                }
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(length);
            Util.writeFileMetaData(footer, out);
            if (out.size() != length) {
                throw new IOException(file + ": the reordered Parquet footer has " + out.size() + " bytes, not "
                        + length);
            }
            ByteBuffer bytes = ByteBuffer.wrap(out.toByteArray());
            while (bytes.hasRemaining()) {
                ch.write(bytes, start + bytes.position());
            }
        }
    }

    private static void sort(ColumnMetaData m) {
        List<Encoding> encodings = new ArrayList<>(m.getEncodings());
        encodings.sort(Comparator.comparingInt(Encoding::getValue));
        m.setEncodings(encodings);
        if (m.isSetEncoding_stats()) {
            List<PageEncodingStats> stats = new ArrayList<>(m.getEncoding_stats());
            stats.sort(Comparator.<PageEncodingStats>comparingInt(s -> s.getPage_type().getValue())
                    .thenComparingInt(s -> s.getEncoding().getValue()));
            m.setEncoding_stats(stats);
        }
    }

    private static ByteBuffer read(FileChannel ch, long at, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                throw new IOException("unexpected end of file at " + (at + b.position()));
            }
        }
        return b;
    }
}
