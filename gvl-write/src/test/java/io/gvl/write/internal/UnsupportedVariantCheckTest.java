package io.gvl.write.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The breakend test by hand agrees with the VCF specification's patterns, written as a regular expression here. */
class UnsupportedVariantCheckTest {
    private static final Pattern BREAKEND = Pattern.compile("[\\[\\]]|^\\.[A-Za-z]|[A-Za-z]\\.$");

    @Test
    void breakendsAsTheRegularExpressionFindsThem_seed20261209() {
        for (String a : List.of("A", "AC", ".A", "A.", "G]17:198982]", "]13:123456]T", "[17:1[A", ".", "..",
                "<DEL>", "*", "a.", ".c", "1.", ".1", "")) {
            assertEquals(BREAKEND.matcher(a).find(), UnsupportedVariantCheck.breakend(a), a);
        }
        Random rnd = new Random(20261209);
        String alphabet = "ACGTacgtN.[]:0123456789<>*zZ";
        for (int t = 0; t < 200_000; t++) {
            StringBuilder b = new StringBuilder();
            for (int k = rnd.nextInt(7); k > 0; k--) {
                b.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
            }
            String a = b.toString();
            assertEquals(BREAKEND.matcher(a).find(), UnsupportedVariantCheck.breakend(a), a);
        }
    }
}
