package io.gvl.dataset.splice;

/**
 * One element (CDS or exon) of a splice BED, 0-based half-open.
 *
 * @param strand       {@code '+'} or {@code '-'}
 * @param geneName     may be null
 * @param exonNumber   rank of the element on its transcript, 5' to 3' in transcription order (1-based)
 * @param chrom contig name
 * @param start 0-based start
 * @param end exclusive end
 * @param transcriptId the transcript the element belongs to
 */
public record SpliceBedRow(String chrom, int start, int end, char strand, String geneName, String transcriptId,
                           int exonNumber) {
}
