/** Deep Java Library (DJL) datasets over gvl views. */
module io.gvl.djl {
    requires transitive io.gvl.dataloader;
    requires transitive ai.djl.api;
    requires org.slf4j;

    exports io.gvl.djl;
}
