/**
 * The write pipeline: {@code Gvl.write}, {@code update}, {@code concat}, {@code export} and write plans (plan, part,
 * merge) from every input source (VCF/BCF, PGEN, bigWig, HDF5, interval tables) into format 2.0 datasets. It never
 * reads through the dataset views: the read engine (io.gvl.dataset) is not among its dependencies.
 */
module io.gvl.write {
    requires it.unimi.dsi.fastutil.core;
    requires transitive io.gvl.io;
    requires io.gvl.core;
    requires org.slf4j;
    requires io.jhdf;
    requires com.fasterxml.jackson.databind;

    exports io.gvl.write;
    exports io.gvl.write.spec;
}
