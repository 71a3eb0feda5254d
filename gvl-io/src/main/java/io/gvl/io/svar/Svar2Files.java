package io.gvl.io.svar;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The NPY headers of a {@code .svar2} store as genoray's Rust writer writes them (its raw streams go through
 * {@link io.gvl.format.array.LittleEndianOutput}): NPY v1.0 with ndarray-npy's header ({@code {'descr': '<u8', 'fortran_order': False, 'shape':
 * (33,)}}, no trailing {@code ", "}, padded with spaces and a newline to a multiple of 64 bytes).
 */
final class Svar2Files {
    private Svar2Files() {
    }

    /** The NPY v1.0 header of a C-order array of {@code descr} and {@code shape}, as ndarray-npy writes it. */
    static byte[] npyHeader(String descr, long... shape) {
        StringBuilder dims = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            if (i > 0) {
                dims.append(", ");
            }
            dims.append(shape[i]);
        }
        if (shape.length == 1) {
            dims.append(',');
        }
        dims.append(')');
        String dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + dims + "}";
        int unpadded = 10 + dict.length() + 1;
        int total = (unpadded + 63) / 64 * 64;
        String text = dict + " ".repeat(total - unpadded) + "\n";
        byte[] body = text.getBytes(StandardCharsets.US_ASCII);
        ByteBuffer b = ByteBuffer.allocate(10 + body.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 0x93).put("NUMPY".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put((byte) 0);
        b.putShort((short) body.length).put(body);
        return b.array();
    }
}
