/** On-disk dataset format 2.0: metadata, NPY and raw memory-mapped arrays, Arrow tables. */
module io.gvl.format {
    requires org.slf4j;
    requires com.fasterxml.jackson.databind;

    exports io.gvl.format;
}
