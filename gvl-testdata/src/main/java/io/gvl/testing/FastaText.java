package io.gvl.testing;

import java.util.ArrayList;
import java.util.List;

/** Reads the sequences of FASTA text that oracle tools (samtools, bcftools) print, in record order. */
public final class FastaText {
    private FastaText() {
    }

    /** The sequence of every record, lines joined. */
    public static List<String> sequences(String fasta) {
        List<String> out = new ArrayList<>();
        StringBuilder seq = null;
        for (String line : fasta.lines().toList()) {
            if (line.startsWith(">")) {
                if (seq != null) {
                    out.add(seq.toString());
                }
                seq = new StringBuilder();
            } else if (seq != null) {
                seq.append(line.strip());
            }
        }
        if (seq != null) {
            out.add(seq.toString());
        }
        return out;
    }
}
