/**
 * The bundled demo data ({@code demo-data/} in a source checkout) and its printed views, shared by {@code gvl demo}
 * and the benchmark harness so that the command line does not depend on the harness.
 */
module io.gvl.demo {
    requires transitive io.gvl.dataset;
    requires transitive io.gvl.write;

    exports io.gvl.demo;
}
