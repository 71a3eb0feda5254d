/**
 * Test support shared by the tests of several modules (never a runtime dependency): GenVarLoader 0.43.1 goldens,
 * the ONNX test models, synthetic datasets written through gvl-format, and small helpers. Tests run on the class
 * path; the descriptor keeps the module's javadoc linkable with gvl-format's.
 */
module io.gvl.testdata {
    requires transitive io.gvl.format;
    requires io.jhdf;

    exports io.gvl.testing;
}
