package io.gvl.io.internal.pgen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hand-written field splitter of the plink2 text tables against the rule it replaces (strip, then split on runs
 * of tabs and spaces), on seeded random lines with leading, trailing and repeated separators, other white space at
 * the ends, with every field limit from 1 to past the field count, and every single field by index. The seed is in
 * the case name.
 */
class TextTableFieldsTest {
    private static final String[] PIECES = {"chr1", "12345", "rs7", "A", "ACGT", ".", "AF=0.25;DP=7", "x y", "é"};
    private static final String[] GAPS = {"\t", " ", "\t\t", " \t ", "   "};

    static Stream<Arguments> seeds() {
        return LongStream.of(1, 17, 404, 2026).mapToObj(s -> Arguments.of("seed=" + s, s));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seeds")
    void splitsAsTheRegularExpressionWouldWithAnyLimit(String name, long seed) {
        Random rnd = new Random(seed);
        for (int t = 0; t < 500; t++) {
            StringBuilder line = new StringBuilder();
            if (rnd.nextInt(4) == 0) {
                line.append(GAPS[rnd.nextInt(GAPS.length)]);
            }
            int fields = rnd.nextInt(12);
            for (int f = 0; f < fields; f++) {
                if (f > 0) {
                    line.append(GAPS[rnd.nextInt(GAPS.length)]);
                }
                line.append(PIECES[rnd.nextInt(PIECES.length)]);
            }
            if (rnd.nextInt(4) == 0) {
                line.append(rnd.nextBoolean() ? GAPS[rnd.nextInt(GAPS.length)] : "\r\n\u000B");
            }
            String s = line.toString();
            String[] expected = s.strip().split("[\t ]+");
            assertArrayEquals(expected, TextTable.fields(s), name + " line '" + s + "'");
            for (int index = 0; index <= expected.length; index++) {
                assertEquals(index < expected.length ? expected[index] : null, TextTable.field(s, index),
                        name + " line '" + s + "' field " + index);
            }
            for (int limit = 1; limit <= expected.length + 1; limit++) {
                assertArrayEquals(Arrays.copyOf(expected, Math.min(limit, expected.length)),
                        TextTable.fields(s, limit), name + " line '" + s + "' limit " + limit);
            }
        }
    }

    @Test
    void aBlankLineIsOneEmptyField() {
        assertArrayEquals(new String[] {""}, TextTable.fields(" \t "));
        assertArrayEquals(new String[] {""}, TextTable.fields("", 3));
    }
}
