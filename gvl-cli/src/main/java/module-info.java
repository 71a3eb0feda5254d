/** The ./gvl command line. */
module io.gvl.cli {
    requires io.gvl.demo;
    requires io.gvl.core;
    requires io.gvl.onnx;
    requires info.picocli;
    // gvl predict to a .parquet file reads the Arrow table back. parquet-java's jars split packages between
    // them, so they cannot be modules: they stay on the class path, which this module reads (--add-reads
    // io.gvl.cli=ALL-UNNAMED in the POM; ./gvl runs everything on the class path).
    requires org.apache.arrow.vector;
    requires org.apache.arrow.memory.core;
    requires htsjdk; // only to set htsjdk's own log level (LibraryLogging)

    opens io.gvl.cli to info.picocli;

    // gvl bench runs the harness (module gvl-bench) when it is present.
    uses java.util.spi.ToolProvider;
}
