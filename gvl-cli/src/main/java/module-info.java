/** The ./gvl command line. */
module io.gvl.cli {
    requires io.gvl.demo;
    requires io.gvl.dataset;
    requires io.gvl.write;
    requires io.gvl.onnx;
    requires io.gvl.handoff;
    requires info.picocli;
    requires org.slf4j; // progress lines off a terminal are INFO log lines (shown with -v)
    // gvl predict to a .parquet file: gvl-onnx writes it with parquet-java, which stays on the class path (its
    // jars split packages, so they cannot be modules; ./gvl runs everything on the class path).
    requires htsjdk; // only to set htsjdk's own log level (LogLevels)

    opens io.gvl.cli to info.picocli;

    // gvl bench runs the harness (module gvl-bench) when it is present.
    uses java.util.spi.ToolProvider;
}
