package io.gvl.fuzz;

import io.gvl.io.variant.VariantBatch;
import io.gvl.io.variant.VariantRequest;
import io.gvl.io.vcf.VcfReader;
import java.nio.file.Path;

/**
 * Reads a VCF or BCF the way a write does: the header, the support scan, every record with all samples and every
 * declared INFO and FORMAT field, then a windowed query of each contig through the index. Touches every value a
 * batch holds, so a decoder that reads past its record shows up here rather than in a dataset.
 */
final class VariantFiles {
    private VariantFiles() {
    }

    /** Reads {@code file} whole, then once per contig through its index; returns a checksum of what was read. */
    static long readAll(Path file) {
        long sum = 0;
        try (VcfReader r = VcfReader.open(file)) {
            sum += r.samples().size() + r.contigs().size();
            VariantRequest request = r.allSamples();
            for (String key : r.declaredInfo().keySet()) {
                request = request.withInfo(key);
            }
            for (String key : r.declaredFormat().keySet()) {
                if (!key.equals("GT")) {
                    request = request.withFormat(key);
                }
            }
            r.scanUnsupported();
            for (VariantBatch b : r.requireSupportedAndReadAll(request)) {
                sum += touch(b, r.samples().size());
            }
            for (String contig : r.contigs()) {
                sum += touch(r.query(contig, 0, 1L << 31, r.allSamples()), r.samples().size());
            }
        }
        return sum;
    }

    private static long touch(VariantBatch b, int samples) {
        long sum = b.size();
        for (int i = 0; i < b.size(); i++) {
            sum += b.positions()[i] + b.ilen(i);
            for (int s = 0; s < samples; s++) {
                sum += b.genotype(i, s, 0) + b.genotype(i, s, 1);
            }
        }
        return sum;
    }
}
