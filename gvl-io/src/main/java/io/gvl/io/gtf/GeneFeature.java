package io.gvl.io.gtf;

/**
 * One feature row of a GTF/GFF3 (typically an exon or CDS) converted to 0-based half-open coordinates.
 * {@code exonNumber} is the file's {@code exon_number} attribute when present, otherwise the feature's rank
 * within its transcript in transcription order (5' to 3'); {@code geneName} may be {@code null}.
 */
public record GeneFeature(String chrom, int start, int end, byte strand, String feature, String transcriptId,
        String geneName, int exonNumber, long line) {}
