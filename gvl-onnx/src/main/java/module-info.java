/** ONNX Runtime prediction over gvl views. */
module io.gvl.onnx {
    requires transitive io.gvl.dataloader;
    requires transitive com.microsoft.onnxruntime;
    requires org.apache.arrow.vector;
    requires org.apache.arrow.memory.core;
    requires org.slf4j;
    requires com.github.luben.zstd_jni; // Parquet pages (internal.parquet.ZstdPageCodec)
    // Parquet tables use parquet-java, an optional dependency whose jars split packages between them, so they
    // cannot be modules: they stay on the class path, which this module reads (compiled with --add-reads
    // io.gvl.onnx=ALL-UNNAMED; on the module path pass the same flag at run time).

    exports io.gvl.onnx;
}
