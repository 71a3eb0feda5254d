/** Input readers: reference FASTA, BED, VCF/BCF, bigWig, GTF/GFF3. */
module io.gvl.io {
    requires transitive io.gvl.format;
    requires org.slf4j;

    exports io.gvl.io;
    exports io.gvl.io.bed;
    exports io.gvl.io.bigwig;
    exports io.gvl.io.fasta;
    exports io.gvl.io.gtf;
    exports io.gvl.io.vcf;
}
