package io.gvl.format.io;

import io.gvl.format.DatasetFormatException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.MessageMetadataResult;
import org.apache.arrow.vector.ipc.message.MessageSerializer;

/**
 * Checks an Arrow IPC file's record-batch messages before Arrow loads them: every block must lie inside the file,
 * and a batch's counts (its buffers, and the variadic buffers of string-view columns) must be ones its message can
 * describe. Arrow sizes lists and buffers from these counts before it reads a byte, so a damaged count would
 * otherwise exhaust the heap. Only the small metadata flatbuffer of each message is read.
 */
final class ArrowBatchCheck {
    private ArrowBatchCheck() {
    }

    /**
     * Checks {@code blocks} of {@code file}, read through {@code ch}.
     *
     * @throws DatasetFormatException naming the file and the block when one does not hold
     * @throws IOException if the file cannot be read
     */
    static void check(Path file, FileChannel ch, List<ArrowBlock> blocks) throws IOException {
        long fileBytes = ch.size();
        for (ArrowBlock b : blocks) {
            long end = b.getOffset() + b.getMetadataLength() + b.getBodyLength();
            if (b.getOffset() < 0 || b.getMetadataLength() <= 0 || b.getBodyLength() < 0 || end > fileBytes
                    || end < 0) {
                throw bad(file, b, "claims " + b.getMetadataLength() + " + " + b.getBodyLength() + " bytes, past the"
                        + " file's " + fileBytes + " bytes");
            }
            ch.position(b.getOffset());
            MessageMetadataResult m = MessageSerializer.readMessage(new ReadChannel(ch));
            if (m == null || m.getMessage().headerType() != MessageHeader.RecordBatch) {
                continue; // a dictionary batch, whose record batch is checked with the records
            }
            RecordBatch batch = (RecordBatch) m.getMessage().header(new RecordBatch());
            // A buffer, a field node and a count take at least 8 bytes of the message each, so the message bounds
            // their numbers (a flatbuffer vector's length is read as stored, unchecked).
            long room = b.getMetadataLength() / 8;
            if (batch.variadicBufferCountsLength() < 0 || batch.variadicBufferCountsLength() > room) {
                throw bad(file, b, "claims " + batch.variadicBufferCountsLength() + " variadic buffer counts in a "
                        + b.getMetadataLength() + "-byte message");
            }
            long variadic = 0;
            for (int i = 0; i < batch.variadicBufferCountsLength(); i++) {
                long n = batch.variadicBufferCounts(i);
                if (n < 0 || n > batch.buffersLength()) {
                    throw bad(file, b, "has a variadic buffer count of " + n + " in a batch of "
                            + batch.buffersLength() + " buffers");
                }
                variadic += n; // fewer than 2^28 counts of fewer than 2^31: no overflow
            }
            if (batch.buffersLength() < 0 || batch.buffersLength() > room || batch.nodesLength() < 0
                    || batch.nodesLength() > room || variadic > batch.buffersLength() || batch.length() < 0) {
                throw bad(file, b, "claims " + batch.buffersLength() + " buffers, " + batch.nodesLength()
                        + " field nodes, " + variadic + " variadic buffers and " + batch.length() + " rows in a "
                        + b.getMetadataLength() + "-byte message");
            }
        }
    }

    private static DatasetFormatException bad(Path file, ArrowBlock b, String what) {
        return new DatasetFormatException(file + ": the record batch at offset " + b.getOffset() + " " + what
                + "; the file is truncated or corrupt");
    }
}
