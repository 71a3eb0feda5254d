package io.gvl.io;

import io.gvl.format.GvlException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Path;

/**
 * An input file (FASTA, BED, VCF, bigWig, GTF, index) cannot be used as given. The message always names the
 * file, where in it the problem is (line, record, block), what is wrong and how to fix it, so a user can act
 * without reading a stack trace.
 */
public final class InputFormatException extends GvlException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    /** Where in the file the problem is, as returned by {@link #location()}. */
    private final String location;

    /**
     * A text input that is not UTF-8 (a binary file given where text belongs, or another encoding).
     *
     * @param file the file
     * @param cause the decoder's error
     * @return the error to throw
     */
    public static InputFormatException notUtf8(Path file, CharacterCodingException cause) {
        return new InputFormatException(file, "", "is not UTF-8 text (" + cause.getMessage()
                + "): a binary file, or text in another encoding.", "give the text file, saved as UTF-8.", cause);
    }

    /**
     * Creates the exception; the message is built from the four parts.
     *
     * @param file the offending file
     * @param location where in the file, e.g. {@code line 12}; empty when the whole file is at fault
     * @param problem what is wrong, e.g. {@code chromEnd 5 is before chromStart 10}
     * @param fix what the user can do about it
     */
    public InputFormatException(Path file, String location, String problem, String fix) {
        this(file, location, problem, fix, null);
    }

    /**
     * Creates the exception for a problem revealed by another exception.
     *
     * @param file the offending file
     * @param location where in the file, e.g. {@code line 12}; empty when the whole file is at fault
     * @param problem what is wrong
     * @param fix what the user can do about it
     * @param cause the underlying exception, or {@code null}
     */
    public InputFormatException(Path file, String location, String problem, String fix, Throwable cause) {
        super(format(file, location, problem, fix), cause);
        this.file = file;
        this.location = location;
    }

    /**
     * The offending file.
     *
     * @return the file; not serialized, so {@code null} after deserialization
     */
    public Path file() {
        return file;
    }

    /**
     * Where in the file, e.g. {@code line 12} or {@code record z:1234}; empty when the whole file is at fault.
     *
     * @return the location, possibly empty
     */
    public String location() {
        return location;
    }

    private static String format(Path file, String location, String problem, String fix) {
        StringBuilder sb = new StringBuilder().append(file);
        if (location != null && !location.isEmpty()) {
            sb.append(": ").append(location);
        }
        sb.append(": ").append(problem);
        if (fix != null && !fix.isEmpty()) {
            sb.append(" Fix: ").append(fix);
        }
        return visible(sb.toString());
    }

    /**
     * Control characters other than tab shown as escapes, so a CRLF file's carriage return (or a stray NUL) quoted
     * from the input can never garble the one-line message.
     */
    private static String visible(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 && c != '\t' || c == 0x7f) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 8).append(s, 0, i);
                }
                sb.append(c == '\r' ? "\\r" : c == '\n' ? "\\n" : String.format("\\x%02x", (int) c));
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }
}
