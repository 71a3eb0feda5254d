package io.gvl.write.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link PythonFloat#repr} against values of Python 3.11's {@code repr(float)} (the {@code fill} of svar2_meta.json). */
class PythonFloatTest {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "0.24609375, 0.24609375",
        "0.0, 0.0",
        "1.0, 1.0",
        "0.1, 0.1",
        "0.3333333333333333, 0.3333333333333333",
        "0.0001, 0.0001",
        "0.00001, 1e-05",
        "0.000123, 0.000123",
        "0.0000123, 1.23e-05",
        "1e16, 1e+16",
        "1234567890123456.0, 1234567890123456.0",
        "12345678901234567.0, 1.2345678901234568e+16",
        "5e-324, 5e-324",
        "-2.5, -2.5",
        "100.0, 100.0"})
    void matchesPythonsRepr(double value, String python) {
        assertEquals(python, PythonFloat.repr(value));
    }
}
