/** Input readers: reference FASTA, BED, VCF/BCF, PLINK 2 PGEN, genoray .svar2 stores, bigWig, GTF/GFF3, interval tables (TSV/CSV, Parquet, Arrow IPC). */
module io.gvl.io {
    requires it.unimi.dsi.fastutil.core;
    requires transitive io.gvl.format;
    requires org.slf4j;
    // BGZF text is split into lines a vector register at a time when the JVM runs the Vector API
    requires jdk.incubator.vector;
    requires com.fasterxml.jackson.databind;
    requires com.github.luben.zstd_jni;
    requires dev.hardwood.core;

    exports io.gvl.io;
    exports io.gvl.io.bed;
    exports io.gvl.io.bigwig;
    exports io.gvl.io.fasta;
    exports io.gvl.io.gtf;
    exports io.gvl.io.pgen;
    exports io.gvl.io.svar;
    exports io.gvl.io.table;
    exports io.gvl.io.variant;
    exports io.gvl.io.vcf;
    // the BGZF reader, for its benchmark (libdeflate against zlib)
    exports io.gvl.io.internal.bgzf to io.gvl.bench;
}
