package io.gvl.write.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.format.ArrowTable.ColumnType;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Column types as polars 1.44 infers them from text (each row checked with {@code pl.read_csv} on a two-value column
 * whose other value is {@code 1}, or {@code false} for the Boolean rows; {@code .} is null).
 */
class InferredColumnTypeTest {

    @ParameterizedTest(name = "{0} with {1} -> {2}")
    @CsvSource(delimiter = ';', value = {
        "1;2;INT64", "007;1;INT64", "-3;4;INT64", "-0;1;INT64", ".;4;INT64",
        "1;2.5;FLOAT64", "1e3;2;FLOAT64", "1E5;2;FLOAT64", "inf;1;FLOAT64", "-inf;1;FLOAT64", "+inf;1;FLOAT64",
        "NaN;1;FLOAT64", "-NaN;1;FLOAT64", "1.;2;FLOAT64", ".5;1;FLOAT64", "-.5;1;FLOAT64", "+1.5;1;FLOAT64",
        "1.5e+3;1;FLOAT64", "00.5;1;FLOAT64",
        "nan;1;STRING", "Inf;1;STRING", "infinity;1;STRING", "+5;1;STRING", "1e;1;STRING", "0x10;1;STRING",
        "1.2.3;1;STRING", "1;x;STRING", "9223372036854775808;1;STRING", "-nan;1;STRING",
        "true;false;BOOL", "True;false;BOOL", "TRUE;false;BOOL", "true;1;STRING", ".;.;STRING"})
    void matchesPolars(String a, String b, ColumnType expected) {
        assertEquals(expected, InferredColumnType.of(Arrays.asList(nullable(a), nullable(b))));
    }

    @ParameterizedTest(name = "{0} parses as {2}")
    @CsvSource(delimiter = ';', value = {"1e3;FLOAT64;1000.0", "+inf;FLOAT64;Infinity", "-NaN;FLOAT64;NaN",
        "007;INT64;7", "TRUE;BOOL;true", "-.5;FLOAT64;-0.5"})
    void parsesValues(String text, ColumnType type, String expected) {
        assertEquals(expected, String.valueOf(InferredColumnType.parse(text, type)));
    }

    private static String nullable(String v) {
        return v.equals(".") ? null : v;
    }
}
