package io.gvl.dataset.settings;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * The record inserted into every empty (instance, ploid) group of variant outputs (GVL's {@code DummyVariant}), so
 * that consumers never see an empty group. Fields not named here get {@code info[name]}, else 0 (integers) or NaN
 * (floating point); its alleles are reverse-complemented on negative strands like real ones.
 *
 * @param start the 0-based start of the record
 * @param ilen its ALT length minus REF length
 * @param dosage its dosage
 * @param ref its REF allele (ASCII), copied
 * @param alt its ALT allele (ASCII), copied
 * @param info fill values of other fields by name
 */
public record DummyVariant(int start, int ilen, float dosage, byte[] ref, byte[] alt, Map<String, Double> info) {

    /** Copies the alleles and the info map. */
    public DummyVariant {
        ref = ref.clone();
        alt = alt.clone();
        info = Map.copyOf(info);
    }

    /**
     * GVL's defaults: start -1, ilen 0, dosage 0, alleles {@code N}.
     *
     * @return the default record
     */
    public static DummyVariant defaults() {
        byte[] n = {'N'};
        return new DummyVariant(-1, 0, 0f, n, n, Map.of());
    }

    /**
     * A copy with other alleles.
     *
     * @param ref the REF allele, ASCII
     * @param alt the ALT allele, ASCII
     * @return a new record
     */
    public DummyVariant withAlleles(String ref, String alt) {
        return new DummyVariant(start, ilen, dosage, ref.getBytes(StandardCharsets.US_ASCII),
                alt.getBytes(StandardCharsets.US_ASCII), info);
    }

    /**
     * A copy with another start.
     *
     * @param s the 0-based start
     * @return a new record
     */
    public DummyVariant withStart(int s) {
        return new DummyVariant(s, ilen, dosage, ref, alt, info);
    }

    /**
     * A copy with another length difference.
     *
     * @param i ALT length minus REF length
     * @return a new record
     */
    public DummyVariant withIlen(int i) {
        return new DummyVariant(start, i, dosage, ref, alt, info);
    }

    /**
     * A copy with another dosage.
     *
     * @param d the dosage
     * @return a new record
     */
    public DummyVariant withDosage(float d) {
        return new DummyVariant(start, ilen, d, ref, alt, info);
    }

    /**
     * A copy with other fill values for INFO fields.
     *
     * @param values field name to value
     * @return a new record
     */
    public DummyVariant withInfo(Map<String, Double> values) {
        return new DummyVariant(start, ilen, dosage, ref, alt, values);
    }

    /**
     * The REF allele, as a copy.
     *
     * @return a new array of ASCII bytes
     */
    @Override
    public byte[] ref() {
        return ref.clone();
    }

    /**
     * The ALT allele, as a copy.
     *
     * @return a new array of ASCII bytes
     */
    @Override
    public byte[] alt() {
        return alt.clone();
    }

    /**
     * The fill value of field {@code name}, or null when it takes the type default (0 or NaN).
     *
     * @param name a variant field name
     * @return the fill value, or {@code null}
     */
    public Double valueOf(String name) {
        return switch (name) {
            case "start" -> (double) start;
            case "ilen" -> (double) ilen;
            case "dosage" -> (double) dosage;
            default -> info.get(name);
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DummyVariant d && d.start == start && d.ilen == ilen
                && Float.compare(d.dosage, dosage) == 0 && Arrays.equals(d.ref, ref) && Arrays.equals(d.alt, alt)
                && d.info.equals(info);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(new Object[] {start, ilen, dosage, Arrays.hashCode(ref), Arrays.hashCode(alt), info});
    }

    @Override
    public String toString() {
        return "DummyVariant[start=" + start + ", ilen=" + ilen + ", dosage=" + dosage + ", ref="
                + new String(ref, StandardCharsets.ISO_8859_1) + ", alt=" + new String(alt, StandardCharsets.ISO_8859_1)
                + ", info=" + info + "]";
    }
}
