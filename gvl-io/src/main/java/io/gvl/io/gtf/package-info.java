/**
 * Gene models from GTF and GFF3 files (plain or gzip): {@link io.gvl.io.gtf.GeneModelReader} returns the rows of
 * the requested feature types (exons, CDS) as {@link io.gvl.io.gtf.GeneFeature}s in 0-based half-open
 * coordinates, with transcript, gene name and exon number resolved, which splice BEDs are built from.
 */
package io.gvl.io.gtf;
