package io.gvl.format.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;

/** The one way gvl writes an Arrow IPC file: filled vectors as a single record batch, forced to disk. */
final class ArrowFileOutput {
    private ArrowFileOutput() {
    }

    /**
     * Writes {@code vectors} as one batch of {@code rows} rows. The batch's root takes the vectors over and closes
     * them; {@code vectors} is emptied once it has, so a caller that closes what is left in it never closes twice.
     *
     * @param dicts dictionaries of dictionary-encoded vectors, or {@code null}
     * @param zstd  compress every buffer with zstd
     */
    static void writeOneBatch(List<FieldVector> vectors, int rows, DictionaryProvider dicts, boolean zstd, Path file)
            throws IOException {
        try (VectorSchemaRoot root = new VectorSchemaRoot(new ArrayList<>(vectors));
             FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                     StandardOpenOption.TRUNCATE_EXISTING);
             ArrowFileWriter w = zstd
                     ? new ArrowFileWriter(root, dicts, ch, Map.of(), IpcOption.DEFAULT,
                             CommonsCompressionFactory.INSTANCE, CompressionUtil.CodecType.ZSTD)
                     : new ArrowFileWriter(root, dicts, ch)) {
            vectors.clear();
            root.setRowCount(rows);
            w.start();
            w.writeBatch();
            w.end();
            ch.force(true);
        }
    }
}
