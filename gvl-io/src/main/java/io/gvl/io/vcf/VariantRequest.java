package io.gvl.io.vcf;

import java.util.List;

/**
 * What a query decodes besides positions and alleles: genotypes of these samples (file indexes, in output
 * order) and only the named FORMAT (per sample, e.g. {@code DS}) and INFO (per variant, e.g. {@code AF})
 * fields. Everything else in a record is skipped without being parsed.
 */
public record VariantRequest(int[] sampleIndexes, List<String> formatFields, List<String> infoFields) {
    public VariantRequest {
        sampleIndexes = sampleIndexes.clone();
        formatFields = List.copyOf(formatFields);
        infoFields = List.copyOf(infoFields);
    }

    @Override
    public int[] sampleIndexes() {
        return sampleIndexes.clone();
    }

    /** Also decode FORMAT field {@code key} as float per sample. */
    public VariantRequest withFormat(String key) {
        List<String> f = new java.util.ArrayList<>(formatFields);
        f.add(key);
        return new VariantRequest(sampleIndexes, f, infoFields);
    }

    /** Also decode INFO field {@code key} as float per variant (first value when there are several). */
    public VariantRequest withInfo(String key) {
        List<String> f = new java.util.ArrayList<>(infoFields);
        f.add(key);
        return new VariantRequest(sampleIndexes, formatFields, f);
    }
}
