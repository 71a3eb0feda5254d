/** Input readers: reference FASTA, BED, VCF/BCF, bigWig, GTF/GFF3. */
module io.gvl.io {
    requires transitive io.gvl.format;
    requires org.slf4j;
    // Transitive only so gvl-bench (whose descriptor this module does not own) can compile its htsjdk
    // baseline; gvl-io's exported API exposes no htsjdk type.
    requires transitive htsjdk;
    requires it.unimi.dsi.fastutil;

    exports io.gvl.io;
    exports io.gvl.io.bed;
    exports io.gvl.io.bigwig;
    exports io.gvl.io.fasta;
    exports io.gvl.io.gtf;
    exports io.gvl.io.vcf;
}
