package io.gvl.io.internal.bgzf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * {@link NewlineScan} eight bytes per step: a byte equal to {@code \n} becomes zero after an XOR, and the lowest
 * flagged lane of the classic zero-byte test is always exact. Also finishes the vector scan's tail.
 */
final class SwarNewlineScan implements NewlineScan {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    @Override
    public int find(byte[] b, int from, int to) {
        return scan(b, from, to);
    }

    static int scan(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONG.get(b, i) ^ 0x0a0a0a0a0a0a0a0aL;
            long zero = (x - 0x0101010101010101L) & ~x & 0x8080808080808080L;
            if (zero != 0) {
                return i + (Long.numberOfTrailingZeros(zero) >>> 3);
            }
        }
        while (i < to && b[i] != '\n') {
            i++;
        }
        return i;
    }
}
