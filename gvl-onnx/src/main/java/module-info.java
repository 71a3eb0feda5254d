/** ONNX Runtime prediction over gvl views. */
module io.gvl.onnx {
    requires transitive io.gvl.dataloader;
    requires transitive com.microsoft.onnxruntime;
    requires org.apache.arrow.vector;
    requires org.apache.arrow.memory.core;
    requires org.slf4j;

    exports io.gvl.onnx;
}
