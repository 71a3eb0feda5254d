package io.gvl.onnx.internal.parquet;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.parquet.io.PositionOutputStream;

/**
 * parquet-java's output over a stream that is already open (the temporary sibling of the table file), so the
 * Parquet writer needs no Hadoop FileSystem and the file is published by the same rename as the Arrow table.
 */
public final class StreamOutputFile implements org.apache.parquet.io.OutputFile {
    private final OutputStream stream;
    private final String name;

    public StreamOutputFile(OutputStream stream, String name) {
        this.stream = stream;
        this.name = name;
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) {
        return new PositionOutputStream() {
            private long position;

            @Override
            public long getPos() {
                return position;
            }

            @Override
            public void write(int b) throws IOException {
                stream.write(b);
                position++;
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                stream.write(b, off, len);
                position += len;
            }

            @Override
            public void flush() throws IOException {
                stream.flush();
            }

            @Override
            public void close() throws IOException {
                stream.flush(); // the table closes the stream once the writer is done
            }
        };
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) {
        return create(blockSizeHint);
    }

    @Override
    public boolean supportsBlockSize() {
        return false;
    }

    @Override
    public long defaultBlockSize() {
        return 0;
    }

    @Override
    public String getPath() {
        return name;
    }
}
