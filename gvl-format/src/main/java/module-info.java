/** On-disk dataset format 2.0: metadata, NPY and raw memory-mapped arrays, Arrow tables. */
module io.gvl.format {
    requires it.unimi.dsi.fastutil.core;
    requires org.slf4j;
    requires com.fasterxml.jackson.databind;
    requires org.apache.arrow.vector;
    requires org.apache.arrow.format; // IPC metadata: IpcFile reads dataset Arrow files with the flatbuffers alone
    requires com.github.luben.zstd_jni;
    requires org.apache.commons.compress;
    requires org.apache.arrow.memory.core;
    requires org.apache.arrow.compression;
    // The allocator implementation is found reflectively by arrow-memory-core; requiring it puts it in the graph.
    requires org.apache.arrow.memory.unsafe;
    // com.sun.nio.file.ExtendedOpenOption.DIRECT (looked up by name): large array files are written past the page cache
    requires jdk.unsupported;

    exports io.gvl.format;
    exports io.gvl.format.array;
    exports io.gvl.format.io;
    // The engine room of the write pipeline and the read engine: publishing, parts, shards, concat, migration.
    exports io.gvl.format.build to io.gvl.io, io.gvl.write, io.gvl.dataset, io.gvl.cli, io.gvl.testdata;
}
