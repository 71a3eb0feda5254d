package io.gvl.io.internal.pgen;

import io.gvl.io.InputFormatException;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The sample names (IID column) of a {@code .psam} in file order, which is the sample order of the {@code .pgen}.
 * Accepts the header forms plink2 writes ({@code #IID ...}, {@code #FID IID ...}, after optional {@code ##} lines)
 * and a header-less PLINK 1 {@code .fam} ({@code FID IID PAT MAT SEX [PHENO]}) (the {@code .psam} of PLINK 2's file format documentation).
 */
public final class PsamFile {
    private PsamFile() {
    }

    public static List<String> sampleIds(Path psam) {
        List<String> ids = new ArrayList<>();
        Object2IntOpenHashMap<String> seen = new Object2IntOpenHashMap<>();
        seen.defaultReturnValue(-1);
        try (TextTable t = TextTable.open(psam)) {
            int iidColumn = 1;
            boolean header = true;
            for (String line = t.next(); line != null; line = t.next()) {
                if (line.isBlank()) {
                    continue;
                }
                if (header && line.startsWith("##")) {
                    continue;
                }
                if (header && line.startsWith("#")) {
                    iidColumn = iidColumn(psam, t.lineNumber(), line);
                    header = false;
                    continue;
                }
                header = false;
                String[] f = TextTable.fields(line);
                if (f.length <= iidColumn) {
                    throw new InputFormatException(psam, "line " + t.lineNumber(), "has " + f.length + " fields but the"
                            + " sample ID is in column " + (iidColumn + 1) + ".",
                            "give one sample per line with the columns its header names.");
                }
                String iid = f[iidColumn];
                int before = seen.putIfAbsent(iid, t.lineNumber());
                if (before >= 0) {
                    throw new InputFormatException(psam, "line " + t.lineNumber(), "repeats sample ID " + iid
                            + " (first on line " + before + ").", "give every sample a distinct IID.");
                }
                ids.add(iid);
            }
        }
        return ids;
    }

    private static int iidColumn(Path psam, int lineNumber, String line) {
        String[] f = TextTable.fields(line.substring(1));
        if (f.length >= 1 && f[0].equals("IID")) {
            return 0;
        }
        if (f.length >= 2 && f[0].equals("FID") && f[1].equals("IID")) {
            return 1;
        }
        throw new InputFormatException(psam, "line " + lineNumber, "is a header line that starts with neither #IID nor"
                + " #FID IID.", "start the header with #IID (or #FID IID), as plink2 writes it.");
    }
}
