package io.gvl.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The message is one readable line: control characters quoted from an input (a CRLF line end) are escaped. */
class InputFormatExceptionTest {
    @Test
    void messageNamesFileLocationProblemAndFix() {
        InputFormatException e = new InputFormatException(Path.of("r.bed"), "line 4", "chromStart 'x' is not an"
                + " integer.", "write coordinates as whole numbers.");
        assertEquals("r.bed: line 4: chromStart 'x' is not an integer. Fix: write coordinates as whole numbers.",
                e.getMessage());
        assertEquals("line 4", e.location());
    }

    @Test
    void carriageReturnsAndOtherControlCharactersAreEscapedButTabsKept() {
        InputFormatException e = new InputFormatException(Path.of("v.vcf"), "record chr1:5", "bad GT in '0|1\r'"
                + " (\u0000\n)\tend.", "");
        assertEquals("v.vcf: record chr1:5: bad GT in '0|1\\r' (\\x00\\n)\tend.", e.getMessage());
    }
}
