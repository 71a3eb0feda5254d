package io.gvl.dataset.settings;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * How bases become tokens (GVL's {@code token_alphabet} + {@code unknown_token}): the byte at position {@code i} of
 * {@code letters} is token {@code i}, every other byte is {@code unknownToken}. Tokens are {@code uint8} when
 * {@code max(letters - 1, unknownToken) <= 255}, else {@code int32}.
 *
 * @param letters the bytes in token order, copied
 * @param unknownToken the token of every other byte, {@code >= 0}
 */
public record TokenAlphabet(byte[] letters, int unknownToken) {

    /** Rejects an empty alphabet and copies the letters. */
    public TokenAlphabet {
        if (letters.length == 0) {
            throw new IllegalArgumentException("token alphabet must not be empty");
        }
        letters = letters.clone();
    }

    /**
     * An alphabet of ASCII letters, e.g. {@code TokenAlphabet.of("ACGT", 4)}.
     *
     * @param letters the letters in token order
     * @param unknownToken the token of every other byte
     * @return the alphabet
     */
    public static TokenAlphabet of(String letters, int unknownToken) {
        return new TokenAlphabet(letters.getBytes(StandardCharsets.US_ASCII), unknownToken);
    }

    /**
     * The letters in token order, as a copy.
     *
     * @return a new array
     */
    @Override
    public byte[] letters() {
        return letters.clone();
    }

    /**
     * Whether tokens fit in one unsigned byte.
     *
     * @return {@code true} for {@code uint8} tokens, {@code false} for {@code int32}
     */
    public boolean bytesSuffice() {
        return Math.max(letters.length - 1, unknownToken) <= 255;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TokenAlphabet t && t.unknownToken == unknownToken && Arrays.equals(t.letters, letters);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(letters) + unknownToken;
    }

    @Override
    public String toString() {
        return "TokenAlphabet[" + new String(letters, StandardCharsets.ISO_8859_1) + ", unknown=" + unknownToken + "]";
    }
}
