/** The ./gvl command line. */
module io.gvl.cli {
    requires io.gvl.demo;
    requires io.gvl.core;
    requires io.gvl.onnx;
    requires info.picocli;
    requires htsjdk; // only to set htsjdk's own log level (LibraryLogging)

    opens io.gvl.cli to info.picocli;

    // gvl bench runs the harness (module gvl-bench) when it is present.
    uses java.util.spi.ToolProvider;
}
