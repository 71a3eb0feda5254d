/** Input readers: reference FASTA, BED, VCF/BCF, bigWig, GTF/GFF3. */
module io.gvl.io {
    requires transitive io.gvl.format;
    requires org.slf4j;
    requires htsjdk;
}
