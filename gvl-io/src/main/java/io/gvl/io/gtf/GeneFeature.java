package io.gvl.io.gtf;

/**
 * One feature row of a GTF/GFF3 (typically an exon or CDS) converted to 0-based half-open coordinates.
 * {@code exonNumber} is the file's {@code exon_number} attribute when present, otherwise the feature's rank
 * within its transcript in transcription order (5' to 3'); {@code geneName} may be {@code null}.
 *
 * @param chrom contig name as the file spells it
 * @param start 0-based inclusive start (the file's 1-based start minus one)
 * @param end exclusive end (the file's inclusive end)
 * @param strand {@code +1} or {@code -1}
 * @param feature the feature type of column 3, e.g. {@code exon}
 * @param transcriptId the {@code transcript_id} attribute (GTF) or parent transcript ID (GFF3)
 * @param geneName the {@code gene_name} attribute, or {@code null}
 * @param exonNumber 1-based exon number in transcription order
 * @param line 1-based line number in the file, for error messages
 */
public record GeneFeature(String chrom, int start, int end, byte strand, String feature, String transcriptId,
        String geneName, int exonNumber, long line) {}
