package io.gvl.io;

import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedRegion;
import io.gvl.io.bigwig.BigWigReader;
import io.gvl.io.fasta.Reference;
import io.gvl.io.vcf.VcfReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The inputs of one write, seen together: which BED contigs every source can serve (names resolved with
 * {@link ContigNormalizer}) and which samples every per-sample source has (GVL's inner join, sorted). It
 * borrows the readers; whoever opened them closes them.
 *
 * @param bed the regions
 * @param reference optional reference genome
 * @param variants optional VCF
 * @param tracks per-sample bigWig tracks: track name to (sample to reader)
 */
public record Sources(BedFile bed, Optional<Reference> reference, Optional<VcfReader> variants,
        Map<String, Map<String, BigWigReader>> tracks) {

    /** Copies the track map; the readers themselves are shared, not copied. */
    public Sources {
        tracks = Map.copyOf(tracks);
    }

    /** A named contig source, for messages. */
    private record Named(String what, java.nio.file.Path file, ContigNormalizer names) {}

    private List<Named> contigSources() {
        List<Named> out = new ArrayList<>();
        reference.ifPresent(r -> out.add(new Named("reference", r.fasta(), r.normalizer())));
        variants.ifPresent(v -> out.add(new Named("variants", v.path(), v.normalizer())));
        tracks.forEach((name, bySample) -> bySample.forEach((sample, bw) ->
                out.add(new Named("track '" + name + "' sample '" + sample + "'", bw.path(), bw.normalizer()))));
        return out;
    }

    /**
     * BED contigs (BED spelling, order of first appearance) that every source resolves.
     *
     * @return the contigs every source can serve; BED rows on other contigs cannot be written
     */
    public List<String> contigsInCommon() {
        List<Named> sources = contigSources();
        return bed.contigs().stream().filter(c -> sources.stream().allMatch(s -> s.names().indexOf(c) >= 0)).toList();
    }

    /**
     * Throws when a BED contig is missing from a source, naming the BED line of its first region, the source
     * and the contigs that source does have.
     */
    public void requireBedContigs() {
        Map<String, BedRegion> first = new LinkedHashMap<>();
        for (BedRegion r : bed.regions()) {
            first.putIfAbsent(r.chrom(), r);
        }
        for (Named s : contigSources()) {
            for (BedRegion r : first.values()) {
                if (s.names().indexOf(r.chrom()) < 0) {
                    List<String> has = s.names().contigs();
                    throw new InputFormatException(bed.path(), "line " + r.line(), "contig '" + r.chrom()
                            + "' is not in the " + s.what() + " (" + s.file() + ", which has "
                            + (has.size() > 10 ? has.subList(0, 10) + "..." : has) + ").",
                            "drop regions on that contig or use inputs with matching contig names.");
                }
            }
        }
    }

    /**
     * Samples available in every per-sample source, sorted; an empty result or no such source is an error.
     *
     * @return the sorted sample names every per-sample source has
     * @throws InputFormatException if there is no per-sample source or no sample is common to all of them
     */
    public List<String> samplesInCommon() {
        Set<String> common = null;
        if (variants.isPresent()) {
            common = new TreeSet<>(variants.get().samples());
        }
        for (Map<String, BigWigReader> bySample : tracks.values()) {
            if (common == null) {
                common = new TreeSet<>(bySample.keySet());
            } else {
                common.retainAll(bySample.keySet());
            }
        }
        if (common == null) {
            throw new IllegalArgumentException("No samples available across all variant file(s) and/or tracks.");
        }
        if (common.isEmpty()) {
            throw new IllegalArgumentException("No samples remain after intersecting variant samples with track "
                    + "samples; check that sample names agree between the VCF header and the track tables.");
        }
        return List.copyOf(common);
    }

    /**
     * {@code requested} (or all available when {@code null}), checked against {@link #samplesInCommon()}, sorted.
     *
     * @param requested sample names, or {@code null} for all available ones
     * @return the samples, sorted in Python's string order
     * @throws InputFormatException naming the missing samples and where they are missing
     */
    public List<String> samples(List<String> requested) {
        List<String> available = samplesInCommon();
        if (requested == null) {
            return available;
        }
        Set<String> missing = new TreeSet<>(requested);
        missing.removeAll(available);
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("Samples " + missing + " not found in variants or tracks.");
        }
        return List.copyOf(new TreeSet<>(requested));
    }
}
