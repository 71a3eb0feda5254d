package io.gvl.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/** Parses the CLI's selections: {@code all}, a comma list {@code 0,3,5} and inclusive ranges {@code 2-9}. */
final class Selection {
    private Selection() {
    }

    /** Region indices among {@code n}; throws {@link IllegalArgumentException} naming the bad part. */
    static int[] indices(String spec, int n, String what) {
        if (spec == null || spec.equals("all")) {
            return IntStream.range(0, n).toArray();
        }
        List<Integer> out = new ArrayList<>();
        for (String part : spec.split(",")) {
            String p = part.strip();
            try {
                int dash = p.indexOf('-', 1);
                if (dash > 0) {
                    int from = Integer.parseInt(p.substring(0, dash).strip());
                    int to = Integer.parseInt(p.substring(dash + 1).strip());
                    if (from > to) {
                        throw new IllegalArgumentException(what + " range '" + p + "' is empty (start after end)");
                    }
                    for (int i = from; i <= to; i++) {
                        out.add(check(i, n, what));
                    }
                } else {
                    out.add(check(Integer.parseInt(p), n, what));
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(what + " selection '" + p + "' is not an index or a range like 2-9");
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int check(int i, int n, String what) {
        if (i < 0 || i >= n) {
            throw new IllegalArgumentException(what + " index " + i + " is outside 0.." + (n - 1));
        }
        return i;
    }

    /** Sample positions for {@code all}, a comma list of names or {@code @file} (one name per line). */
    static int[] samples(String spec, List<String> names) {
        if (spec == null || spec.equals("all")) {
            return IntStream.range(0, names.size()).toArray();
        }
        List<Integer> out = new ArrayList<>();
        for (String name : WriteCommand.sampleList(spec)) {
            int i = names.indexOf(name);
            if (i < 0) {
                throw new IllegalArgumentException("unknown sample '" + name + "'; the dataset has " + names);
            }
            out.add(i);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
