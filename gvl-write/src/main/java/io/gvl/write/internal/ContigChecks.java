package io.gvl.write.internal;

import io.gvl.io.ContigNormalizer;
import io.gvl.io.InputFormatException;
import io.gvl.io.fasta.Reference;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks the BED contigs against the reference and the variant file before anything is written, naming the BED
 * line of the first region on an unknown contig. GVL only warns about contigs missing from the variants (their
 * regions silently get no variants); gvl fails unless the caller allows it, because it is usually a naming or
 * genome-build mistake.
 */
final class ContigChecks {
    private static final Logger LOG = LoggerFactory.getLogger(ContigChecks.class);

    private ContigChecks() {
    }

    static void againstReference(Path bed, RegionSet regions, Path fasta) {
        try (Reference ref = Reference.open(fasta)) {
            int code = firstMissing(regions, ref.normalizer());
            if (code >= 0) {
                String contig = regions.contigs().get(code);
                throw new InputFormatException(bed, "line " + firstLine(regions, code), "contig '" + contig
                        + "' is not in the reference " + fasta + " (it has " + preview(ref.contigs()) + ").",
                        "use the reference the BED was made for, or drop the regions on '" + contig + "'.");
            }
        }
    }

    /** Fails (or warns, when allowed) on BED contigs the variant file does not know. */
    static void againstVariants(Path bed, RegionSet regions, Path vcf, List<String> vcfContigs, boolean allow) {
        ContigNormalizer known = new ContigNormalizer(vcfContigs);
        int code = firstMissing(regions, known);
        if (code < 0) {
            return;
        }
        String contig = regions.contigs().get(code);
        if (allow) {
            LOG.warn("{}: contig '{}' of {} is not in the variant file; its regions get no variants.", vcf, contig,
                    bed);
            return;
        }
        throw new InputFormatException(bed, "line " + firstLine(regions, code), "contig '" + contig
                + "' is not in the variant file " + vcf + " (it has " + preview(vcfContigs) + ").",
                "rename the contig, drop its regions, or allow missing contigs (--allow-missing-contigs) to store"
                + " them without variants as GenVarLoader does.");
    }

    private static int firstMissing(RegionSet regions, ContigNormalizer known) {
        for (int c = 0; c < regions.contigs().size(); c++) {
            if (known.indexOf(regions.contigs().get(c)) < 0) {
                return c;
            }
        }
        return -1;
    }

    /** The first BED line of the regions on contig {@code code} (for messages). */
    static long firstLine(RegionSet regions, int code) {
        long line = Long.MAX_VALUE;
        for (int k = 0; k < regions.size(); k++) {
            if (regions.contigCode()[k] == code) {
                line = Math.min(line, regions.line()[k]);
            }
        }
        return line;
    }

    private static String preview(List<String> names) {
        return names.size() > 10 ? names.subList(0, 10) + "..." : names.toString();
    }
}
