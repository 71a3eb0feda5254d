/** The ./gvl command line. */
module io.gvl.cli {
    requires io.gvl.bench;
    requires io.gvl.core;
    requires info.picocli;
    requires htsjdk; // only to set htsjdk's own log level (LibraryLogging)

    opens io.gvl.cli to info.picocli;
}
