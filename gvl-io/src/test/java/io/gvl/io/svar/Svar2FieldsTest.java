package io.gvl.io.svar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import htsjdk.variant.variantcontext.VariantContext;
import htsjdk.variant.vcf.VCFFileReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** INFO values of {@code zf.svar2} (AF as f32, DP narrowed to u16) read through each call's origin. */
class Svar2FieldsTest {
    @Test
    void infoValuesOfEveryGatheredCallEqualTheVcf() {
        Map<String, double[]> vcf = new HashMap<>();
        try (VCFFileReader r = new VCFFileReader(Svar2Fixtures.VCF, false)) {
            for (VariantContext vc : r) {
                String alt = vc.getAlternateAllele(0).getBaseString();
                int ilen = alt.length() - vc.getReference().length();
                String key = (vc.getStart() - 1) + " " + ilen + " " + (ilen < 0 && alt.length() == 1 ? "" : alt);
                vcf.put(key, new double[]{(float) vc.getAttributeAsDouble("AF", Double.NaN),
                        vc.getAttributeAsInt("DP", -1)});
            }
        }
        try (Svar2Store store = Svar2Store.open(Svar2Fixtures.svar("zf.svar2"))) {
            List<Svar2Field> fields = store.fields();
            assertEquals(List.of(new Svar2Field("AF", Svar2Field.Category.INFO, "f32", null),
                    new Svar2Field("DP", Svar2Field.Category.INFO, "u16", null)), fields);
            Svar2Contig z = store.contig("z");
            Svar2Calls calls = new Svar2Calls();
            int[] perKind = new int[4];
            for (int h = 0; h < z.haplotypes(); h++) {
                calls.clear();
                Svar2Gather.gatherAll(z, h, calls);
                for (int i = 0; i < calls.size(); i++) {
                    String key = calls.position(i) + " " + calls.ilen(i) + " "
                            + new String(calls.alt(i), StandardCharsets.US_ASCII);
                    double[] want = vcf.get(key);
                    assertEquals(want[0], z.fieldValue(fields.get(0), calls.origin(i), h / 2), "AF of " + key);
                    assertEquals(want[1], z.fieldValue(fields.get(1), calls.origin(i), h / 2), "DP of " + key);
                    perKind[Svar2Origin.kind(calls.origin(i)).ordinal()]++;
                }
            }
            for (int n : perKind) {
                assertTrue(n > 0, "every stream kind was read");
            }
            Svar2Field other = new Svar2Field("DS", Svar2Field.Category.FORMAT, "f32", null);
            assertThrows(IllegalArgumentException.class, () -> z.fieldValue(other, 0, 0));
        }
    }
}
