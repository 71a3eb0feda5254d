/**
 * The consumer as a named module, for the module-path run of the README quickstart: it checks that gvl's module
 * descriptors export and re-export what a program needs. On the class path this descriptor is ignored.
 */
module io.gvl.examples.consumer {
    requires io.gvl.write;
    requires io.gvl.dataset;
    requires io.gvl.djl;
    requires io.gvl.onnx;
    // The ONNX example reads the predictions table (Arrow IPC) back.
    requires org.apache.arrow.vector;
    requires org.apache.arrow.memory.core;
}
