package io.gvl.dataset.splice;

import io.gvl.format.NaturalSort;
import io.gvl.io.bed.BedBlocks;
import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedReader;
import io.gvl.io.bed.BedRegion;
import io.gvl.io.gtf.GeneFeature;
import io.gvl.io.gtf.GeneModelReader;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Builds splice BEDs (GVL's {@code get_splice_bed}, in {@code _dataset/_write.py}) from a GTF or GFF3 gene model, or from
 * BED12 transcripts. Exon numbers always count 5' to 3' on the transcript, so splicing by them gives minus-strand
 * transcripts their exons in transcript order.
 */
public final class SpliceBeds {
    private static final Comparator<SpliceBedRow> SORT = Comparator.comparing(SpliceBedRow::chrom, NaturalSort.ORDER)
            .thenComparingInt(SpliceBedRow::start);

    private SpliceBeds() {
    }

    /**
     * {@link #fromGeneModel(Path, SpliceBedOptions)} with GVL's defaults.
     *
     * @param gtfOrGff3 a GTF or GFF3 file
     * @return the splice BED
     */
    public static SpliceBed fromGeneModel(Path gtfOrGff3) {
        return fromGeneModel(gtfOrGff3, SpliceBedOptions.gvlDefaults());
    }

    /**
     * Rows of {@code options.feature()} (GTF exon numbers from {@code exon_number}, else the rank in transcription
     * order), filtered by contig, transcript support level and summed length, naturally sorted by contig and start.
     *
     * @param gtfOrGff3 a GTF or GFF3 file
     * @param options the feature and filters
     * @return the splice BED
     * @throws io.gvl.io.InputFormatException if the file is malformed
     */
    public static SpliceBed fromGeneModel(Path gtfOrGff3, SpliceBedOptions options) {
        List<GeneFeature> features = GeneModelReader.read(gtfOrGff3, Set.of(options.feature()));
        Long2ObjectOpenHashMap<String> levels = options.transcriptSupportLevel() == null
                ? new Long2ObjectOpenHashMap<>() : SupportLevels.read(gtfOrGff3);
        List<SpliceBedRow> rows = new ArrayList<>();
        for (GeneFeature f : features) {
            if (options.contigs() != null && !options.contigs().contains(f.chrom())) {
                continue;
            }
            if (options.transcriptSupportLevel() != null
                    && !options.transcriptSupportLevel().equals(levels.get(f.line()))) {
                continue;
            }
            rows.add(new SpliceBedRow(f.chrom(), f.start(), f.end(), f.strand() < 0 ? '-' : '+', f.geneName(),
                    f.transcriptId(), f.exonNumber()));
        }
        return finish(rows, options.requireMultipleOf3());
    }

    /**
     * One row per block of each BED12 transcript, named by the {@code name} column; with {@code codingOnly} the
     * blocks are clipped to {@code [thickStart, thickEnd)} (non-coding transcripts then vanish), like GVL's CDS rows.
     *
     * @param bed12 a BED12 file
     * @param codingOnly keep only the coding part of each transcript
     * @param requireMultipleOf3 drop transcripts whose kept length is not a multiple of 3
     * @return the splice BED
     * @throws io.gvl.io.InputFormatException if the file is malformed
     */
    public static SpliceBed fromBed12(Path bed12, boolean codingOnly, boolean requireMultipleOf3) {
        BedFile bed = BedReader.read(bed12);
        if (!bed.hasBlocks()) {
            throw new IllegalArgumentException(bed12 + ": not a BED12 file (no blockCount/blockSizes/blockStarts"
                    + " columns); give transcripts with their exon blocks");
        }
        List<SpliceBedRow> rows = new ArrayList<>();
        for (int i = 0; i < bed.size(); i++) {
            BedRegion r = bed.get(i);
            BedBlocks b = bed.blocks(i);
            String id = bed.value(i, "name");
            if (id == null) {
                throw new IllegalArgumentException(bed12 + ": row " + (i + 1) + " has no name; the name column is the"
                        + " transcript id");
            }
            int lo = codingOnly ? (int) Long.parseLong(bed.value(i, "thickStart")) : r.start();
            int hi = codingOnly ? (int) Long.parseLong(bed.value(i, "thickEnd")) : r.end();
            List<int[]> kept = new ArrayList<>();
            for (int k = 0; k < b.count(); k++) {
                int s = Math.max(b.starts()[k], lo);
                int e = Math.min(b.ends()[k], hi);
                if (e > s) {
                    kept.add(new int[] {s, e});
                }
            }
            kept.sort(Comparator.comparingInt(x -> x[0]));
            char strand = r.strand() < 0 ? '-' : '+';
            for (int k = 0; k < kept.size(); k++) {
                int number = strand == '-' ? kept.size() - k : k + 1;
                rows.add(new SpliceBedRow(r.chrom(), kept.get(k)[0], kept.get(k)[1], strand, null, id, number));
            }
        }
        return finish(rows, requireMultipleOf3);
    }

    private static SpliceBed finish(List<SpliceBedRow> rows, boolean requireMultipleOf3) {
        if (requireMultipleOf3) {
            Object2LongOpenHashMap<String> length = new Object2LongOpenHashMap<>();
            for (SpliceBedRow r : rows) {
                length.addTo(r.transcriptId(), (long) r.end() - r.start());
            }
            rows.removeIf(r -> length.getLong(r.transcriptId()) % 3 != 0);
        }
        rows.sort(SORT);
        return new SpliceBed(rows);
    }
}
