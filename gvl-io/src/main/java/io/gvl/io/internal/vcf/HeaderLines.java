package io.gvl.io.internal.vcf;

import java.util.HashMap;
import java.util.Map;

/** Parses structured VCF header lines; shared by the text header and the BCF dictionaries built from it. */
public final class HeaderLines {
    private HeaderLines() {}

    /**
     * The {@code key=value} pairs of a structured header line such as {@code ##INFO=<ID=AF,Number=A,...>}; quoted
     * values may hold commas and escaped quotes. The first occurrence of a key wins.
     */
    public static Map<String, String> attributes(String line) {
        Map<String, String> out = new HashMap<>();
        int open = line.indexOf('<');
        if (open < 0) {
            return out;
        }
        String body = line.substring(open + 1);
        int i = 0;
        while (i < body.length() && body.charAt(i) != '>') {
            int eq = body.indexOf('=', i);
            if (eq < 0) {
                break;
            }
            String key = body.substring(i, eq).trim();
            StringBuilder value = new StringBuilder();
            int j = eq + 1;
            if (j < body.length() && body.charAt(j) == '"') {
                j++;
                while (j < body.length() && body.charAt(j) != '"') {
                    if (body.charAt(j) == '\\' && j + 1 < body.length()) {
                        j++;
                    }
                    value.append(body.charAt(j++));
                }
                j++;
            } else {
                while (j < body.length() && body.charAt(j) != ',' && body.charAt(j) != '>') {
                    value.append(body.charAt(j++));
                }
            }
            out.putIfAbsent(key, value.toString());
            i = j < body.length() && body.charAt(j) == ',' ? j + 1 : j;
        }
        return out;
    }
}
