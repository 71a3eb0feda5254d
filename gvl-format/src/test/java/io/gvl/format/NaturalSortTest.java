package io.gvl.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.testkit.Seeds;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Natural sort against the spec's examples and against a tuple-key model of Python natsort. */
class NaturalSortTest {

    @Test
    void specExamples() {
        assertEquals(List.of("1", "2", "10", "X", "Y"), NaturalSort.sortedUnique(List.of("Y", "10", "X", "2", "1")));
        assertEquals(List.of("chr1", "chr2", "chr10", "chrM", "chrX"),
                NaturalSort.sortedUnique(List.of("chrX", "chr10", "chrM", "chr2", "chr1", "chr2")));
        assertEquals(List.of("GL000192.1", "GL000192.2", "GL000192.10", "GL000193.1"),
                NaturalSort.sortedUnique(List.of("GL000193.1", "GL000192.10", "GL000192.2", "GL000192.1")));
        assertEquals(List.of("chr1", "chr1_random", "chrUn", "chr_1"),
                NaturalSort.sortedUnique(List.of("chrUn", "chr_1", "chr1_random", "chr1")));
        assertEquals(0, NaturalSort.compare("chr01", "chr1"));
    }

    @Test
    void regionOrderIsStableAndInvertsToRIdxMap() {
        RegionOrder o = NaturalSort.regionOrder(List.of("chr2", "chr1", "chr1", "chr10", "chr1"),
                new long[] {5, 7, 7, 0, 3}, new long[] {9, 9, 8, 1, 4});
        assertArrayEquals(new int[] {4, 2, 1, 0, 3}, o.sortedToInput());
        assertArrayEquals(new int[] {3, 2, 1, 4, 0}, o.inputToSorted());
        for (int i = 0; i < o.size(); i++) {
            assertEquals(i, o.inputRow(o.sortedRow(i)));
        }
    }

    /** Python's key: split on digit runs, drop empty parts, '' first if the name starts with a number. */
    private static List<Object> pythonKey(String s) {
        List<Object> key = new ArrayList<>();
        Matcher m = Pattern.compile("(\\d+)", Pattern.UNICODE_CHARACTER_CLASS).matcher(s);
        int last = 0;
        while (m.find()) {
            if (m.start() > last) {
                key.add(s.substring(last, m.start()));
            }
            StringBuilder ascii = new StringBuilder();
            m.group().codePoints().forEach(cp -> ascii.append(Character.digit(cp, 10)));
            key.add(new BigInteger(ascii.toString()));
            last = m.end();
        }
        if (last < s.length()) {
            key.add(s.substring(last));
        }
        if (!key.isEmpty() && key.getFirst() instanceof BigInteger) {
            key.addFirst("");
        }
        return key;
    }

    private static int compareKeys(List<Object> a, List<Object> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = a.get(i) instanceof BigInteger x ? x.compareTo((BigInteger) b.get(i))
                    : Integer.signum(codePointCompare((String) a.get(i), (String) b.get(i)));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static int codePointCompare(String a, String b) {
        int[] x = a.codePoints().toArray();
        int[] y = b.codePoints().toArray();
        return java.util.Arrays.compare(x, y);
    }

    static Stream<Long> seeds() {
        return Seeds.range(1, 9);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void agreesWithTheTupleKeyModel(long seed) {
        Random rnd = new Random(seed);
        String[] alphabet = {"a", "b", "B", "_", ".", "0", "1", "9", "00", "\u0661", "\uD83D\uDE00", "\uFFFD", "chr"};
        for (int t = 0; t < 3000; t++) {
            String a = word(rnd, alphabet);
            String b = word(rnd, alphabet);
            int expected = compareKeys(pythonKey(a), pythonKey(b));
            assertEquals(expected, Integer.signum(NaturalSort.compare(a, b)), "'" + a + "' vs '" + b + "'");
        }
    }

    private static String word(Random rnd, String[] alphabet) {
        StringBuilder sb = new StringBuilder();
        int n = rnd.nextInt(6);
        for (int i = 0; i < n; i++) {
            sb.append(alphabet[rnd.nextInt(alphabet.length)]);
        }
        return sb.toString();
    }
}
