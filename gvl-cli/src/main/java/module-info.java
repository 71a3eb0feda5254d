/** The ./gvl command line. */
module io.gvl.cli {
    requires io.gvl.bench;
    requires io.gvl.core;
    requires info.picocli;

    opens io.gvl.cli to info.picocli;
}
