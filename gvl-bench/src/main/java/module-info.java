/**
 * JMH microbenchmarks and the end-to-end benchmark harness. JMH runs the benchmarks from the class path
 * ({@code org.openjdk.jmh.Main}); the module descriptor keeps compile-time dependencies honest.
 */
module io.gvl.bench {
    requires transitive io.gvl.dataloader;
    requires io.gvl.demo;
    requires io.gvl.write;
    // The predict suite runs OnnxPredictor over the test models of gvl-onnx (copied into this jar).
    requires io.gvl.onnx;
    requires jmh.core;
    // The VCF benchmark's baseline decodes with htsjdk directly; the harness's FASTA peer too.
    requires htsjdk;
    requires org.knowm.xchart;
    // The GenVarLoader peer speaks JSON lines.
    requires com.fasterxml.jackson.databind;
    requires java.desktop;
    requires java.management;
    requires jdk.management;
    requires jdk.incubator.vector;

    exports io.gvl.bench.harness;

    // gvl bench finds the harness through this service; the command line does not depend on the module.
    provides java.util.spi.ToolProvider with io.gvl.bench.harness.HarnessTool;
}
