package io.gvl.io.internal.csi;

import io.gvl.io.InputFormatException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The tabix settings a CSI index of a text file carries in its aux block; only the file format code and the
 * sequence names (whose order gives reference ids) matter here, since records are parsed as VCF anyway. BCF
 * indexes have no aux block; their names come from the BCF header.
 */
public record TabixMeta(int format, List<String> names) {
    /** htslib's code for VCF in the tabix format field. */
    public static final int VCF = 2;

    static TabixMeta parse(Path csi, byte[] aux) {
        if (aux.length == 0) {
            return null;
        }
        ByteBuffer in = ByteBuffer.wrap(aux).order(ByteOrder.LITTLE_ENDIAN);
        if (aux.length < 28) {
            throw new InputFormatException(csi, "", "not a valid CSI index: its tabix settings are " + aux.length
                    + " bytes, fewer than the 28 they need.", "re-create the index with `bcftools index -c`.");
        }
        int format = in.getInt();
        in.position(24); // skips the sequence, begin and end columns, meta character and skipped lines
        int namesLength = in.getInt();
        if (namesLength < 0 || namesLength > in.remaining()) {
            throw new InputFormatException(csi, "", "not a valid CSI index: its name block of " + namesLength
                    + " bytes does not fit.", "re-create the index with `bcftools index -c`.");
        }
        List<String> names = new ArrayList<>();
        int start = in.position();
        int end = start + namesLength;
        for (int i = start; i < end; i++) {
            if (aux[i] == 0) {
                names.add(new String(aux, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        return new TabixMeta(format & 0xffff, List.copyOf(names));
    }
}
