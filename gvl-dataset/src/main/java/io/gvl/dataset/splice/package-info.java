/**
 * Splice BEDs: one row per exon or CDS element with {@code transcript_id} and {@code exon_number} columns, built
 * from a GTF/GFF3 gene model or a BED12 file by {@link io.gvl.dataset.splice.SpliceBeds} (GVL's
 * {@code get_splice_bed}, with the same filters). Write the {@link io.gvl.dataset.splice.SpliceBed} as the regions of
 * a dataset, then read spliced transcripts with {@code spliceInfo("transcript_id", "exon_number")}; see
 * {@code docs/splicing.md}.
 */
package io.gvl.dataset.splice;
