package io.gvl.format.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gvl.format.ArrowTable;
import io.gvl.format.VariantTable;
import it.unimi.dsi.fastutil.objects.Object2IntLinkedOpenHashMap;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gvl writes {@code input_regions.arrow} and {@code variants.arrow} with its own {@link IpcWriter}. These tests hold
 * it to the bytes Arrow Java 19 writes for the same vectors (the writers gvl used before, kept here as the oracle),
 * so fingerprints and files are unchanged, on seeded random tables of every scalar type with nulls and on variant
 * tables with one and many contigs, odd and empty row counts, and INFO columns.
 */
class IpcWriterTest {
    private static final ArrowTable.ColumnType[] SCALARS = {
        ArrowTable.ColumnType.STRING, ArrowTable.ColumnType.BOOL, ArrowTable.ColumnType.INT8,
        ArrowTable.ColumnType.INT16, ArrowTable.ColumnType.INT32, ArrowTable.ColumnType.INT64,
        ArrowTable.ColumnType.UINT8, ArrowTable.ColumnType.UINT16, ArrowTable.ColumnType.UINT32,
        ArrowTable.ColumnType.UINT64, ArrowTable.ColumnType.FLOAT32, ArrowTable.ColumnType.FLOAT64};

    @TempDir
    Path tmp;

    @Test
    void scalarTablesAreArrowJavasBytes_seed20261207() throws IOException {
        Random rnd = new Random(20261207);
        int[] sizes = {0, 1, 7, 8, 9, 63, 64, 65, 1000, 4099};
        for (int t = 0; t < 40; t++) {
            int rows = t < sizes.length ? sizes[t] : rnd.nextInt(3000);
            List<ArrowTable.Column> cols = new ArrayList<>();
            int nCols = 1 + rnd.nextInt(SCALARS.length);
            for (int c = 0; c < nCols; c++) {
                ArrowTable.ColumnType type = SCALARS[rnd.nextInt(SCALARS.length)];
                double nulls = rnd.nextInt(3) == 0 ? 0 : rnd.nextDouble() * 0.5;
                List<Object> values = new ArrayList<>();
                for (int i = 0; i < rows; i++) {
                    values.add(rnd.nextDouble() < nulls ? null : value(type, rnd));
                }
                cols.add(new ArrowTable.Column("c" + c + "_" + type, type, values));
            }
            ArrowTable table = new ArrowTable(cols);
            Path ours = tmp.resolve("ours-" + t + ".arrow");
            Path theirs = tmp.resolve("arrow-java-" + t + ".arrow");
            ArrowTableFile.write(table, ours);
            ArrowJavaOracle.write(table, theirs);
            assertArrayEquals(Files.readAllBytes(theirs), Files.readAllBytes(ours), "table " + t + ", " + rows
                    + " rows, columns " + cols.stream().map(ArrowTable.Column::name).toList());
            assertEquals(rows, ArrowTableFile.read(ours).rowCount());
        }
    }

    @Test
    void variantTablesAreArrowJavasBytes_seed20261208() throws IOException {
        Random rnd = new Random(20261208);
        int[] sizes = {0, 1, 9, 300, 5000};
        int[] contigCounts = {1, 3, 300, 1, 70_000};
        for (int t = 0; t < 12; t++) {
            int rows = t < sizes.length ? sizes[t] : rnd.nextInt(20_000);
            int contigs = t < contigCounts.length ? Math.max(1, Math.min(contigCounts[t], rows)) : 1 + rnd.nextInt(5);
            VariantTable table = randomTable(rnd, rows, contigs);
            List<VariantTable.NumericColumn> extra = new ArrayList<>();
            if (t % 2 == 1) {
                float[] af = new float[rows];
                double[] d = new double[rows];
                int[] ac = new int[rows];
                long[] an = new long[rows];
                for (int i = 0; i < rows; i++) {
                    af[i] = rnd.nextInt(5) == 0 ? Float.NaN : rnd.nextFloat();
                    d[i] = rnd.nextInt(5) == 0 ? Double.NaN : rnd.nextGaussian();
                    ac[i] = rnd.nextInt();
                    an[i] = rnd.nextLong();
                }
                extra.add(new VariantTable.NumericColumn.Float32("AF", af));
                extra.add(new VariantTable.NumericColumn.Float64("D", d));
                extra.add(new VariantTable.NumericColumn.Int32("AC", ac));
                extra.add(new VariantTable.NumericColumn.Int64("AN", an));
            }
            Path ours = tmp.resolve("v-ours-" + t + ".arrow");
            Path theirs = tmp.resolve("v-arrow-java-" + t + ".arrow");
            VariantTableFile.write(table, ours, extra);
            ArrowJavaOracle.write(table, extra, theirs);
            assertArrayEquals(Files.readAllBytes(theirs), Files.readAllBytes(ours), "variant table " + t + ", "
                    + rows + " rows, " + contigs + " contigs");
            assertEquals(VariantTableFile.fingerprint(theirs), VariantTableFile.fingerprint(ours));
        }
    }

    @Test
    void aValueOfTheWrongTypeIsRefusedNamingColumnAndRow() {
        ArrowTable table = new ArrowTable(List.of(new ArrowTable.Column("start", ArrowTable.ColumnType.INT64,
                java.util.Arrays.asList(1L, "two", 3L))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ArrowTableFile.write(table, tmp.resolve("bad.arrow")));
        assertEquals("column start (INT64) row 1 holds a String", e.getMessage());
    }

    @Test
    void aPositionBeyondInt32IsRefused() {
        VariantTable table = new VariantTable(new String[] {"1"}, new long[] {1L << 32}, new String[] {"A"},
                new String[] {"C"}, new int[] {0});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VariantTableFile.write(table, tmp.resolve("v.arrow")));
        assertEquals(true, e.getMessage().contains("beyond the int32 POS column"), e.getMessage());
    }

    private static Object value(ArrowTable.ColumnType type, Random rnd) {
        return switch (type) {
            case STRING -> rnd.nextInt(10) == 0 ? "" : rnd.nextInt(7) == 0 ? "chr\u00e9\u4e2d" + rnd.nextInt(99)
                    : "s" + Integer.toString(rnd.nextInt(1 << 20), 36);
            case BOOL -> rnd.nextBoolean();
            case INT8 -> (byte) rnd.nextInt();
            case INT16 -> (short) rnd.nextInt();
            case INT32 -> rnd.nextInt();
            case INT64, UINT64 -> rnd.nextLong();
            case UINT8 -> (short) rnd.nextInt(256);
            case UINT16 -> rnd.nextInt(65_536);
            case UINT32 -> rnd.nextLong() >>> 32;
            case FLOAT32 -> rnd.nextInt(9) == 0 ? Float.NaN : (float) rnd.nextGaussian();
            case FLOAT64 -> rnd.nextInt(9) == 0 ? Double.NEGATIVE_INFINITY : rnd.nextGaussian();
            default -> throw new IllegalArgumentException(type.toString());
        };
    }

    private static VariantTable randomTable(Random rnd, int rows, int contigs) {
        String[] chrom = new String[rows];
        long[] pos = new long[rows];
        String[] ref = new String[rows];
        String[] alt = new String[rows];
        int[] ilen = new int[rows];
        String bases = "ACGT";
        for (int i = 0; i < rows; i++) {
            chrom[i] = "contig" + (int) ((long) i * contigs / Math.max(1, rows));
            pos[i] = 1 + i * 7L + rnd.nextInt(5);
            int rl = rnd.nextInt(6) == 0 ? 1 + rnd.nextInt(8) : 1;
            int al = rnd.nextInt(6) == 0 ? 1 + rnd.nextInt(8) : 1;
            StringBuilder r = new StringBuilder();
            StringBuilder a = new StringBuilder();
            for (int k = 0; k < rl; k++) {
                r.append(bases.charAt(rnd.nextInt(4)));
            }
            for (int k = 0; k < al; k++) {
                a.append(bases.charAt(rnd.nextInt(4)));
            }
            ref[i] = r.toString();
            alt[i] = a.toString();
            ilen[i] = al - rl;
        }
        return new VariantTable(chrom, pos, ref, alt, ilen);
    }

    /** The Arrow Java writers gvl used before {@link IpcWriter}: the reference for its bytes. */
    private static final class ArrowJavaOracle {
        static void write(ArrowTable table, Path file) throws IOException {
            int n = table.rowCount();
            try (BufferAllocator alloc = new RootAllocator()) {
                List<FieldVector> vectors = new ArrayList<>();
                for (ArrowTable.Column c : table.columns()) {
                    FieldVector v = new Field(c.name(), FieldType.nullable(arrowType(c.type())), null)
                            .createVector(alloc);
                    vectors.add(v);
                    v.setInitialCapacity(n);
                    v.allocateNew();
                    for (int i = 0; i < n; i++) {
                        set(v, i, c.values().get(i));
                    }
                    v.setValueCount(n);
                }
                writeOneBatch(vectors, n, null, false, file);
            }
        }

        static void write(VariantTable table, List<VariantTable.NumericColumn> extra, Path file) throws IOException {
            int n = table.size();
            Object2IntLinkedOpenHashMap<String> codes = new Object2IntLinkedOpenHashMap<>();
            for (String c : table.chrom()) {
                codes.putIfAbsent(c, codes.size());
            }
            ArrowType.Int codeType = new ArrowType.Int(codes.size() <= 256 ? 8 : codes.size() <= 65_536 ? 16 : 32,
                    false);
            DictionaryEncoding encoding = new DictionaryEncoding(0, true, codeType);
            try (BufferAllocator alloc = new RootAllocator()) {
                VarCharVector dictValues = new VarCharVector("CHROM", alloc);
                dictValues.allocateNew(codes.size());
                int k = 0;
                for (String c : codes.keySet()) {
                    dictValues.setSafe(k++, c.getBytes(StandardCharsets.UTF_8));
                }
                dictValues.setValueCount(codes.size());
                List<FieldVector> vectors = new ArrayList<>();
                vectors.add(strings("ALT", table.alt(), alloc));
                FieldVector chromCodes = new Field("CHROM", new FieldType(true, codeType, encoding), null)
                        .createVector(alloc);
                vectors.add(chromCodes);
                chromCodes.setInitialCapacity(n);
                chromCodes.allocateNew();
                for (int i = 0; i < n; i++) {
                    ((BaseIntVector) chromCodes).setWithPossibleTruncate(i, codes.getInt(table.chrom()[i]));
                }
                chromCodes.setValueCount(n);
                IntVector pos = new IntVector("POS", alloc);
                vectors.add(pos);
                pos.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    pos.set(i, (int) table.pos()[i]);
                }
                pos.setValueCount(n);
                vectors.add(strings("REF", table.ref(), alloc));
                LargeListVector list = LargeListVector.empty("ILEN", alloc);
                list.addOrGetVector(FieldType.nullable(new ArrowType.Int(32, true)));
                IntVector items = (IntVector) list.getDataVector();
                list.allocateNew();
                items.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    list.startNewValue(i);
                    items.setSafe(i, table.ilen()[i]);
                    list.endValue(i, 1);
                }
                items.setValueCount(n);
                list.setValueCount(n);
                vectors.add(list);
                for (VariantTable.NumericColumn c : extra) {
                    vectors.add(numeric(c, alloc));
                }
                DictionaryProvider.MapDictionaryProvider dicts = new DictionaryProvider.MapDictionaryProvider();
                dicts.put(new Dictionary(dictValues, encoding));
                writeOneBatch(vectors, n, dicts, true, file);
                dictValues.close();
            }
        }

        private static FieldVector numeric(VariantTable.NumericColumn c, BufferAllocator alloc) {
            return switch (c) {
                case VariantTable.NumericColumn.Int32 x -> {
                    IntVector v = new IntVector(x.name(), alloc);
                    v.allocateNew(x.size());
                    for (int i = 0; i < x.size(); i++) {
                        v.set(i, x.values()[i]);
                    }
                    v.setValueCount(x.size());
                    yield v;
                }
                case VariantTable.NumericColumn.Int64 x -> {
                    BigIntVector v = new BigIntVector(x.name(), alloc);
                    v.allocateNew(x.size());
                    for (int i = 0; i < x.size(); i++) {
                        v.set(i, x.values()[i]);
                    }
                    v.setValueCount(x.size());
                    yield v;
                }
                case VariantTable.NumericColumn.Float32 x -> {
                    Float4Vector v = new Float4Vector(new Field(x.name(), FieldType.nullable(
                            new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)), null), alloc);
                    v.allocateNew(x.size());
                    for (int i = 0; i < x.size(); i++) {
                        if (Float.isNaN(x.values()[i])) {
                            v.setNull(i);
                        } else {
                            v.set(i, x.values()[i]);
                        }
                    }
                    v.setValueCount(x.size());
                    yield v;
                }
                case VariantTable.NumericColumn.Float64 x -> {
                    Float8Vector v = new Float8Vector(x.name(), alloc);
                    v.allocateNew(x.size());
                    for (int i = 0; i < x.size(); i++) {
                        if (Double.isNaN(x.values()[i])) {
                            v.setNull(i);
                        } else {
                            v.set(i, x.values()[i]);
                        }
                    }
                    v.setValueCount(x.size());
                    yield v;
                }
            };
        }

        private static VarCharVector strings(String name, String[] values, BufferAllocator alloc) {
            VarCharVector v = new VarCharVector(name, alloc);
            v.allocateNew(values.length);
            for (int i = 0; i < values.length; i++) {
                v.setSafe(i, values[i].getBytes(StandardCharsets.UTF_8));
            }
            v.setValueCount(values.length);
            return v;
        }

        private static ArrowType arrowType(ArrowTable.ColumnType type) {
            return switch (type) {
                case STRING -> ArrowType.Utf8.INSTANCE;
                case BOOL -> ArrowType.Bool.INSTANCE;
                case INT8 -> new ArrowType.Int(8, true);
                case INT16 -> new ArrowType.Int(16, true);
                case INT32 -> new ArrowType.Int(32, true);
                case INT64 -> new ArrowType.Int(64, true);
                case UINT8 -> new ArrowType.Int(8, false);
                case UINT16 -> new ArrowType.Int(16, false);
                case UINT32 -> new ArrowType.Int(32, false);
                case UINT64 -> new ArrowType.Int(64, false);
                case FLOAT32 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
                case FLOAT64 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
                default -> throw new IllegalArgumentException(type.toString());
            };
        }

        private static void set(FieldVector v, int i, Object value) {
            if (value == null) {
                v.setNull(i);
                return;
            }
            switch (v) {
                case VarCharVector s -> s.setSafe(i, ((String) value).getBytes(StandardCharsets.UTF_8));
                case BitVector b -> b.setSafe(i, ((Boolean) value) ? 1 : 0);
                case TinyIntVector t -> t.setSafe(i, ((Number) value).byteValue());
                case SmallIntVector t -> t.setSafe(i, ((Number) value).shortValue());
                case IntVector t -> t.setSafe(i, ((Number) value).intValue());
                case BigIntVector t -> t.setSafe(i, ((Number) value).longValue());
                case UInt1Vector t -> t.setSafe(i, ((Number) value).intValue());
                case UInt2Vector t -> t.setSafe(i, ((Number) value).intValue());
                case UInt4Vector t -> t.setSafe(i, (int) ((Number) value).longValue());
                case UInt8Vector t -> t.setSafe(i, ((Number) value).longValue());
                case Float4Vector t -> t.setSafe(i, ((Number) value).floatValue());
                case Float8Vector t -> t.setSafe(i, ((Number) value).doubleValue());
                default -> throw new IllegalArgumentException(v.getClass().getSimpleName());
            }
        }

        private static void writeOneBatch(List<FieldVector> vectors, int rows, DictionaryProvider dicts,
                                          boolean zstd, Path file) throws IOException {
            try (VectorSchemaRoot root = new VectorSchemaRoot(new ArrayList<>(vectors));
                 FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                         StandardOpenOption.TRUNCATE_EXISTING);
                 ArrowFileWriter w = zstd
                         ? new ArrowFileWriter(root, dicts, ch, Map.of(), IpcOption.DEFAULT,
                                 CommonsCompressionFactory.INSTANCE, CompressionUtil.CodecType.ZSTD)
                         : new ArrowFileWriter(root, dicts, ch)) {
                root.setRowCount(rows);
                w.start();
                w.writeBatch();
                w.end();
            }
        }
    }
}
