package io.gvl.io.variant;

import java.util.List;

/**
 * What a query decodes besides positions and alleles: genotypes of these samples (file indexes, in output
 * order) and only the named FORMAT (per sample, e.g. {@code DS}) and INFO (per variant, e.g. {@code AF})
 * fields. Everything else in a record is skipped without being parsed.
 *
 * @param sampleIndexes indexes into the VCF's sample list, in output order
 * @param formatFields FORMAT keys to decode as floats per sample
 * @param infoFields INFO keys to decode as floats per variant
 */
public record VariantRequest(int[] sampleIndexes, List<String> formatFields, List<String> infoFields) {
    /** Copies all three so the request cannot change after construction. */
    public VariantRequest {
        sampleIndexes = sampleIndexes.clone();
        formatFields = List.copyOf(formatFields);
        infoFields = List.copyOf(infoFields);
    }

    /**
     * The requested sample indexes, as a copy.
     *
     * @return a new array of indexes into the VCF's sample list
     */
    @Override
    public int[] sampleIndexes() {
        return sampleIndexes.clone();
    }

    /**
     * Also decode FORMAT field {@code key} as float per sample.
     *
     * @param key a FORMAT key, e.g. {@code DS}
     * @return a new request; this one is unchanged
     */
    public VariantRequest withFormat(String key) {
        List<String> f = new java.util.ArrayList<>(formatFields);
        f.add(key);
        return new VariantRequest(sampleIndexes, f, infoFields);
    }

    /**
     * Also decode INFO field {@code key} as float per variant (first value when there are several).
     *
     * @param key an INFO key, e.g. {@code AF}
     * @return a new request; this one is unchanged
     */
    public VariantRequest withInfo(String key) {
        List<String> f = new java.util.ArrayList<>(infoFields);
        f.add(key);
        return new VariantRequest(sampleIndexes, formatFields, f);
    }
}
