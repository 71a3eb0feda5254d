package io.gvl.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.io.ArrowTableFile;
import io.gvl.format.io.VariantTableFile;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code variants.arrow} as written (GVL's column types, zstd) reads back exactly; the older gvl shape still reads. */
class VariantTableWriteTest {
    @TempDir
    Path tmp;

    static Stream<Long> seeds() {
        return Stream.of(1L, 2L, 3L);
    }

    /** Random tables; seed 3 has 300 contigs, so contig codes need 16 bits. */
    static VariantTable random(long seed) {
        Random rnd = new Random(seed);
        int n = 1 + rnd.nextInt(2_000);
        int contigs = seed == 3 ? 300 : 1 + rnd.nextInt(5);
        String[] chrom = new String[n];
        long[] pos = new long[n];
        String[] ref = new String[n];
        String[] alt = new String[n];
        int[] ilen = new int[n];
        String bases = "ACGT";
        for (int i = 0; i < n; i++) {
            chrom[i] = "chr" + (i * contigs / n);
            pos[i] = 1 + rnd.nextInt(Integer.MAX_VALUE - 1);
            ref[i] = randomAllele(rnd, bases, 1 + rnd.nextInt(4));
            alt[i] = randomAllele(rnd, bases, 1 + rnd.nextInt(4));
            ilen[i] = alt[i].length() - ref[i].length();
        }
        return new VariantTable(chrom, pos, ref, alt, ilen);
    }

    private static String randomAllele(Random rnd, String bases, int len) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < len; i++) {
            b.append(bases.charAt(rnd.nextInt(4)));
        }
        return b.toString();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void roundTripsWithGvlsColumnTypes(long seed) throws IOException {
        VariantTable t = random(seed);
        float[] af = new float[t.size()];
        IntStream.range(0, af.length).forEach(i -> af[i] = i % 7 == 0 ? Float.NaN : i / (float) af.length);
        Path f = tmp.resolve("variants-" + seed + ".arrow");
        VariantTableFile.write(t, f, List.of(new VariantTable.NumericColumn.Float32("AF", af)));

        VariantTable back = VariantTableFile.read(f);
        assertArrayEquals(t.chrom(), back.chrom());
        assertArrayEquals(t.pos(), back.pos());
        assertArrayEquals(t.ref(), back.ref());
        assertArrayEquals(t.alt(), back.alt());
        assertArrayEquals(t.ilen(), back.ilen());
        VariantTable.NumericColumn.Float32 backAf = (VariantTable.NumericColumn.Float32) VariantTableFile
                .readNumeric(f, "AF");
        assertArrayEquals(af, backAf.values());

        List<Field> fields = schema(f);
        assertEquals(List.of("ALT", "CHROM", "POS", "REF", "ILEN", "AF"), fields.stream().map(Field::getName).toList());
        assertEquals(new ArrowType.Int(32, true), fields.get(2).getType());
        assertTrue(fields.get(1).getDictionary() != null, "CHROM is dictionary-encoded");
        assertEquals(seed == 3 ? 16 : 8, fields.get(1).getDictionary().getIndexType().getBitWidth());
        assertEquals(ArrowType.ArrowTypeID.LargeList, fields.get(4).getType().getTypeID());
    }

    @Test
    void isCompressed() {
        VariantTable t = random(1);
        Path f = tmp.resolve("v.arrow");
        VariantTableFile.write(t, f);
        long raw = 0;
        for (int i = 0; i < t.size(); i++) {
            raw += 4 + 4 + 1 + t.ref()[i].length() + t.alt()[i].length() + 8 + 4;
        }
        assertTrue(f.toFile().length() < raw, f.toFile().length() + " bytes for " + raw + " raw");
    }

    @Test
    void olderGvlShapeStillReads() {
        VariantTable t = random(2);
        List<Object> c = new ArrayList<>();
        List<Object> p = new ArrayList<>();
        List<Object> r = new ArrayList<>();
        List<Object> a = new ArrayList<>();
        List<Object> il = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            c.add(t.chrom()[i]);
            p.add(t.pos()[i]);
            r.add(t.ref()[i]);
            a.add(t.alt()[i]);
            il.add(t.ilen()[i]);
        }
        Path f = tmp.resolve("old.arrow");
        ArrowTableFile.write(new ArrowTable(List.of(new ArrowTable.Column("CHROM", ArrowTable.ColumnType.STRING, c),
                new ArrowTable.Column("POS", ArrowTable.ColumnType.INT64, p),
                new ArrowTable.Column("REF", ArrowTable.ColumnType.STRING, r),
                new ArrowTable.Column("ALT", ArrowTable.ColumnType.STRING, a),
                new ArrowTable.Column("ILEN", ArrowTable.ColumnType.INT32, il))), f);
        VariantTable back = VariantTableFile.read(f);
        assertArrayEquals(t.pos(), back.pos());
        assertArrayEquals(t.chrom(), back.chrom());
        assertArrayEquals(t.ilen(), back.ilen());
    }

    @Test
    void positionsBeyondInt32AreRefused() {
        VariantTable t = new VariantTable(new String[] {"chr1"}, new long[] {3_000_000_000L}, new String[] {"A"},
                new String[] {"C"}, new int[] {0});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VariantTableFile.write(t,
                tmp.resolve("x")));
        assertTrue(e.getMessage().contains("3000000000"), e.getMessage());
    }

    private static List<Field> schema(Path f) throws IOException {
        try (RootAllocator alloc = new RootAllocator();
             FileChannel ch = FileChannel.open(f, StandardOpenOption.READ);
             ArrowFileReader reader = new ArrowFileReader(ch, alloc, CommonsCompressionFactory.INSTANCE)) {
            return reader.getVectorSchemaRoot().getSchema().getFields();
        }
    }
}
