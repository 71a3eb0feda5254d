package io.gvl.io.internal.bgzf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.internal.bgzf.BlockInflaters.Kind;
import io.gvl.testkit.OracleEnvironment;
import io.gvl.testkit.Seeds;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The libdeflate, Java and default (libdeflate with the Java decoder for blocks of high expansion) paths against
 * the zlib path: the same bytes for every BGZF file in {@code ../shared/data} (VCF, BCF, bgzipped FASTA, tabix and
 * CSI indexes), and for seeded damaged blocks the same exception class and the same message, up to the inflater's
 * own detail in "is corrupt (...)". Under {@code CI=true} libdeflate must load; elsewhere, without it, these tests
 * are skipped with the reason.
 */
class BgzfInflateDifferentialTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));

    @TempDir
    Path tmp;

    /** Fails under CI when libdeflate did not bind (CI proves the fast path); skips visibly elsewhere. */
    static void requireLibdeflate() {
        if (BlockInflaters.resolve(Kind.LIBDEFLATE) == Kind.LIBDEFLATE) {
            return;
        }
        String why = "libdeflate did not load (" + BlockInflaters.libdeflateProblem()
                + "); install the Debian package libdeflate0 (dev/test does)";
        if (OracleEnvironment.current().ci()) {
            Assertions.fail(why);
        }
        Assumptions.abort(why);
    }

    @Test
    void libdeflateLoadsAndIsTheDefaultWithNativeAccess() {
        requireLibdeflate();
        assertTrue(BlockInflaters.class.getModule().isNativeAccessEnabled(),
                "the test JVM runs with --enable-native-access (gvl.jvm.flags)");
        assertEquals(Kind.LIBDEFLATE, BlockInflaters.resolve(Kind.AUTO));
        assertEquals(Kind.ZLIB, BlockInflaters.resolve(Kind.ZLIB));
        assertEquals(Kind.JAVA, BlockInflaters.resolve(Kind.JAVA));
    }

    /** The paths compared with zlib's, and the name each stream reports. */
    static final List<Kind> COMPARED = List.of(Kind.LIBDEFLATE, Kind.JAVA, Kind.AUTO);

    static String nameOf(Kind kind) {
        return switch (kind) {
            case LIBDEFLATE -> "libdeflate";
            case JAVA -> "java";
            case AUTO -> "libdeflate+java";
            case ZLIB -> "zlib";
        };
    }

    static Stream<Arguments> sharedBgzfFiles() throws IOException {
        List<Arguments> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(DATA)) {
            for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                byte[] head = new byte[18];
                int n;
                try (var in = Files.newInputStream(p)) {
                    n = in.readNBytes(head, 0, head.length);
                }
                if (BgzfInputStream.isBgzfHeader(head, n)) {
                    files.add(Arguments.of(DATA.relativize(p).toString()));
                }
            }
        }
        assertTrue(files.size() >= 10, "BGZF files in " + DATA + ": " + files.size());
        return files.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sharedBgzfFiles")
    void everySharedBgzfFileInflatesToTheSameBytes(String relative) throws IOException {
        requireLibdeflate();
        Path file = DATA.resolve(relative);
        for (Kind kind : COMPARED) {
            try (BgzfInputStream fast = new BgzfInputStream(file, kind);
                    BgzfInputStream zlib = new BgzfInputStream(file, Kind.ZLIB)) {
                assertEquals(nameOf(kind), fast.inflater());
                assertEquals("zlib", zlib.inflater());
                byte[] a = new byte[1 << 16];
                byte[] b = new byte[1 << 16];
                long total = 0;
                while (true) {
                    assertEquals(zlib.getFilePointer(), fast.getFilePointer(),
                            kind + ": virtual offset after " + total + " bytes");
                    int n = zlib.readNBytes(a, 0, a.length);
                    int m = fast.readNBytes(b, 0, b.length);
                    assertEquals(n, m, kind + ": bytes read after " + total);
                    assertTrue(Arrays.equals(a, 0, n, b, 0, m), kind + ": bytes differ in [" + total + ", +" + n + ")");
                    total += n;
                    if (n < a.length) {
                        break;
                    }
                }
                assertTrue(total > 0, relative);
            }
        }
    }

    // ---- seeded damaged files ----

    enum Damage {
        NONE, TRUNCATED, BAD_CRC, ISIZE_SMALLER, ISIZE_LARGER, ISIZE_HUGE, GARBAGE_DEFLATE, FLIPPED_BIT,
        BSIZE_SHORTER, HEADER
    }

    static Stream<Arguments> damaged() {
        return Seeds.range(0, 8).flatMap(seed -> Arrays.stream(Damage.values()).map(d -> Arguments.of(seed, d)));
    }

    @ParameterizedTest(name = "seed {0}: {1}")
    @MethodSource("damaged")
    void aDamagedBlockFailsTheSameWayOnEveryPath(long seed, Damage damage) throws IOException {
        requireLibdeflate();
        Random r = new Random(seed * 31 + damage.ordinal());
        List<byte[]> blocks = new ArrayList<>();
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        int count = 2 + r.nextInt(5);
        for (int i = 0; i < count; i++) {
            byte[] data = data(r);
            plain.writeBytes(data);
            blocks.add(block(data, r.nextInt(10)));
        }
        blocks.add(block(new byte[0], 6)); // the EOF marker
        int target = r.nextInt(count);
        byte[] file = damage(blocks, target, damage, r);
        Path path = Files.write(tmp.resolve("seed" + seed + "-" + damage + ".gz"), file);

        Outcome zlib = readAll(path, Kind.ZLIB);
        if (damage == Damage.NONE) {
            assertArrayEquals(plain.toByteArray(), zlib.bytes, "seed " + seed + ": zlib");
        } else if (damage != Damage.FLIPPED_BIT) { // a flipped padding bit (stored blocks, after the end) is no damage
            assertNotNull(zlib.error, "seed " + seed + ", " + damage + ": zlib " + zlib);
        }
        for (Kind kind : COMPARED) {
            Outcome fast = readAll(path, kind);
            String where = "seed " + seed + ", " + damage + " in block " + target + ": zlib " + zlib + ", " + kind
                    + " " + fast;
            if (zlib.error == null || fast.error == null) {
                assertEquals(zlib.error == null, fast.error == null, where);
                assertArrayEquals(zlib.bytes, fast.bytes, where);
                continue;
            }
            assertEquals(zlib.error.getClass(), fast.error.getClass(), where);
            assertEquals(shape(zlib.error.getMessage()), shape(fast.error.getMessage()), where);
            assertTrue(fast.error.getMessage().startsWith(path.toString()), where);
            assertTrue(fast.error.getMessage().contains("at byte " + offsetOf(blocks, target)), where);
        }
    }

    /** The message without the inflater's own detail (zlib's and libdeflate's words for bad data differ). */
    static String shape(String message) {
        return message.replaceAll(" is corrupt \\(.*\\)$", " is corrupt (...)");
    }

    private static long offsetOf(List<byte[]> blocks, int target) {
        long at = 0;
        for (int i = 0; i < target; i++) {
            at += blocks.get(i).length;
        }
        return at;
    }

    private static byte[] data(Random r) {
        int kind = r.nextInt(5);
        int n = switch (kind) {
            case 0 -> r.nextInt(60_000); // random bytes: must still fit a 64 KiB block compressed
            case 3 -> r.nextInt(200);
            default -> r.nextInt(1 << 16);
        };
        byte[] b = new byte[n];
        switch (kind) {
            case 0 -> r.nextBytes(b);
            case 1 -> { // VCF-like text
                byte[] alphabet = "0|1\t0/0\t.\n".getBytes();
                for (int i = 0; i < n; i++) {
                    b[i] = alphabet[r.nextInt(r.nextInt(3) == 0 ? alphabet.length : 4)];
                }
            }
            case 4 -> { // BCF-like diploid calls, 02 03 with rare carriers: expands over 100 times
                for (int i = 0; i + 1 < n; i += 2) {
                    b[i] = (byte) (r.nextInt(400) == 0 ? 4 : 2);
                    b[i + 1] = 3;
                }
            }
            case 2 -> { // runs
                for (int i = 0; i < n; ) {
                    int run = 1 + r.nextInt(300);
                    byte v = (byte) r.nextInt(4);
                    for (int k = 0; k < run && i < n; k++) {
                        b[i++] = v;
                    }
                }
            }
            default -> r.nextBytes(b);
        }
        return b;
    }

    /** One BGZF block of {@code data} (at most 64 KiB), raw DEFLATE at {@code level}. */
    static byte[] block(byte[] data, int level) {
        Deflater d = new Deflater(level, true);
        d.setInput(data);
        d.finish();
        byte[] out = new byte[data.length + 1024];
        int n = 0;
        while (!d.finished()) {
            n += d.deflate(out, n, out.length - n);
        }
        d.end();
        CRC32 crc = new CRC32();
        crc.update(data);
        int total = 18 + n + 8;
        assertTrue(total <= 1 << 16, "block of " + total + " bytes");
        ByteBuffer b = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {31, (byte) 139, 8, 4, 0, 0, 0, 0, 0, (byte) 0xff, 6, 0, 'B', 'C', 2, 0});
        b.putShort((short) (total - 1));
        b.put(out, 0, n);
        b.putInt((int) crc.getValue());
        b.putInt(data.length);
        return b.array();
    }

    private static byte[] damage(List<byte[]> blocks, int target, Damage damage, Random r) {
        byte[] t = blocks.get(target);
        ByteBuffer b = ByteBuffer.wrap(t).order(ByteOrder.LITTLE_ENDIAN);
        int isize = b.getInt(t.length - 4);
        int cdata = t.length - 26;
        switch (damage) {
            case NONE, TRUNCATED -> { }
            case BAD_CRC -> t[t.length - 8 + r.nextInt(4)] ^= (byte) (1 << r.nextInt(8));
            case ISIZE_SMALLER -> b.putInt(t.length - 4, isize == 0 ? 1 : r.nextInt(isize)); // 0: claims 1
            case ISIZE_LARGER -> b.putInt(t.length - 4, isize + 1 + r.nextInt((1 << 16) - isize));
            case ISIZE_HUGE -> b.putInt(t.length - 4, r.nextBoolean() ? (1 << 16) + 1 + r.nextInt(1000) : -1);
            case GARBAGE_DEFLATE -> {
                for (int i = 18; i < 18 + cdata; i++) {
                    t[i] = (byte) r.nextInt(256);
                }
            }
            case FLIPPED_BIT -> t[18 + r.nextInt(cdata)] ^= (byte) (1 << r.nextInt(8));
            case BSIZE_SHORTER -> b.putShort(16, (short) (t.length - 1 - 1 - r.nextInt(Math.min(8, cdata))));
            case HEADER -> { // a byte the reader checks (not MTIME, XFL or OS)
                int[] checked = {0, 1, 2, 10, 11, 12, 13, 14, 15};
                t[checked[r.nextInt(checked.length)]] ^= (byte) (1 << r.nextInt(8));
            }
        }
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        long cut = -1;
        for (int i = 0; i < blocks.size(); i++) {
            if (i == target && damage == Damage.TRUNCATED) {
                cut = all.size() + 1 + r.nextInt(t.length - 1); // inside the block, not at its start
            }
            all.writeBytes(blocks.get(i));
        }
        byte[] bytes = all.toByteArray();
        return cut < 0 ? bytes : Arrays.copyOf(bytes, (int) cut);
    }

    record Outcome(byte[] bytes, IOException error) {
        @Override
        public String toString() {
            return error == null ? bytes.length + " bytes" : error.getClass().getSimpleName() + ": " + error.getMessage();
        }
    }

    private static Outcome readAll(Path path, Kind kind) {
        try (BgzfInputStream in = new BgzfInputStream(path, kind)) {
            return new Outcome(in.readAllBytes(), null);
        } catch (IOException e) {
            return new Outcome(null, e);
        }
    }

    /**
     * A block of long repeats (the blocks the Java decoder takes by default) fails its check when the stored CRC is
     * wrong, on every path; and passes when it is right.
     */
    @Test
    void aWrongCrcOfARepeatBlockFailsOnEveryPath() throws IOException {
        byte[] data = new byte[60_000];
        Random r = new Random(20261207);
        for (int i = 0; i + 1 < data.length; i += 2) {
            data[i] = (byte) (r.nextInt(20_000) == 0 ? 4 : 2);
            data[i + 1] = 3;
        }
        byte[] good = block(data, 6);
        byte[] eof = block(new byte[0], 6);
        for (int bit = 0; bit < 32; bit += 7) {
            byte[] bad = good.clone();
            bad[bad.length - 8 + bit / 8] ^= (byte) (1 << (bit % 8));
            Path file = tmp.resolve("crc" + bit + ".gz");
            Files.write(file, concat(bad, eof));
            Path fine = Files.write(tmp.resolve("fine.gz"), concat(good, eof));
            for (Kind kind : List.of(Kind.AUTO, Kind.JAVA, Kind.LIBDEFLATE, Kind.ZLIB)) {
                Outcome o = readAll(file, kind);
                assertNotNull(o.error, kind + ", CRC bit " + bit);
                assertTrue(o.error.getMessage().contains("fails its CRC check"), kind + ": " + o.error.getMessage());
                assertArrayEquals(data, readAll(fine, kind).bytes, kind + ": the block as written");
            }
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    // ---- ownership ----

    @Test
    void closingTwiceIsHarmlessAndUseAfterCloseSaysSo() throws DataFormatException {
        requireLibdeflate();
        for (Kind kind : List.of(Kind.LIBDEFLATE, Kind.ZLIB, Kind.JAVA, Kind.AUTO)) {
            BlockInflater inflater = BlockInflaters.open(kind);
            byte[] block = block("hello, BGZF".getBytes(), 6);
            inflater.buffer().clear().put(block);
            byte[] out = new byte[1 << 16];
            inflater.inflate(18, block.length - 26, out, 11);
            assertEquals("hello, BGZF", new String(out, 0, 11));
            inflater.close();
            assertDoesNotThrow(inflater::close);
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> inflater.inflate(18, block.length - 26, out, 11));
            assertTrue(e.getMessage().contains("closed"), e.getMessage());
            assertThrows(IllegalStateException.class, inflater::buffer);
        }
    }

    @Test
    void aClosedStreamRefusesReads() throws IOException {
        Path file = Files.write(tmp.resolve("one.gz"), block("x\n".getBytes(), 1));
        BgzfInputStream in = new BgzfInputStream(file, Kind.AUTO);
        in.close();
        in.close();
        IOException e = assertThrows(IOException.class, in::read);
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }
}
