package io.gvl.onnx.internal.parquet;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Zstandard page compression for parquet-java's writer, with zstd-jni (already a dependency of gvl-io) instead of
 * parquet-java's own codec factory, which goes through Hadoop's {@code Configuration} and codec classes: with this
 * factory the writer runs without any Hadoop jar at run time. Pages are standard zstd frames (level 3, zstd's
 * default), as every Parquet reader expects of ZSTD pages. Write only: no decompressor is offered.
 */
public final class ZstdPageCodec implements CompressionCodecFactory, CompressionCodecFactory.BytesInputCompressor {
    private static final int LEVEL = 3;

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codecName) {
        if (codecName != CompressionCodecName.ZSTD) {
            throw new IllegalArgumentException("only ZSTD pages are written, not " + codecName);
        }
        return this;
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codecName) {
        throw new UnsupportedOperationException("the prediction writer never reads pages back");
    }

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
        return BytesInput.from(Zstd.compress(bytes.toByteArray(), LEVEL));
    }

    @Override
    public CompressionCodecName getCodecName() {
        return CompressionCodecName.ZSTD;
    }

    @Override
    public void release() {
        // nothing pooled
    }
}
