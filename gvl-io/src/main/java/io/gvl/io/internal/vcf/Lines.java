package io.gvl.io.internal.vcf;

/**
 * Quotes a piece of an input line for an error message: tabs and control characters (a CRLF file's carriage
 * return, say) are shown escaped so the message stays on one line, and long lines are cut.
 */
final class Lines {
    private static final int MAX = 60;

    private Lines() {}

    /** {@code 'start of the line...'} with tabs as {@code \t} and other control characters as {@code \xNN}. */
    static String excerpt(String line) {
        StringBuilder sb = new StringBuilder("'");
        int n = Math.min(line.length(), MAX);
        for (int i = 0; i < n; i++) {
            char c = line.charAt(i);
            if (c == '\t') {
                sb.append("\\t");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c < 0x20 || c == 0x7f) {
                sb.append(String.format("\\x%02x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append(line.length() > MAX ? "...'" : "'").toString();
    }
}
