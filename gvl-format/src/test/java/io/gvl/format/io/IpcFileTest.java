package io.gvl.format.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.gvl.format.ArrowTable;
import io.gvl.format.DatasetFormatException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionFixedSizeListWriter;
import org.apache.arrow.vector.complex.impl.UnionLargeListWriter;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link IpcFile} against Arrow Java ({@link ArrowIpc}'s fallback route) on the same files: every Arrow file of the
 * shared data and of the fuzz corpus, and seeded random tables of every type the reader decodes, written by Arrow
 * Java uncompressed, zstd and lz4, in several batches, with nulls. Cells must be equal and of the same Java class;
 * a file one route refuses the other must refuse too.
 */
class IpcFileTest {
    private static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    private static final Path FUZZ = Path.of("..", "gvl-fuzz", "src", "test", "resources");
    private static final byte[] MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path tmp;

    /** Every batch of a file as (rows, then per column: name, type, values), or the refusal's class. */
    private static List<Object> viaIpcFile(Path file) {
        List<Object> out = new ArrayList<>();
        try {
            IpcFile.forEachBatch(file, b -> out.add(snapshot(b)));
        } catch (IpcFile.Unsupported e) {
            return List.of("unsupported: " + e.getMessage());
        } catch (DatasetFormatException e) {
            return List.of("refused");
        }
        return out;
    }

    private static List<Object> viaArrowJava(Path file) {
        List<Object> out = new ArrayList<>();
        try {
            ArrowIpc.withArrowJava(file, b -> out.add(snapshot(b)));
        } catch (DatasetFormatException e) {
            return List.of("refused");
        }
        return out;
    }

    private static List<Object> snapshot(IpcFile.Batch b) {
        List<Object> s = new ArrayList<>();
        s.add(b.rows());
        for (IpcColumn c : b.columns()) {
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < b.rows(); i++) {
                values.add(typed(c.get(i)));
            }
            s.add(List.of(c.name(), c.type(), values));
        }
        return s;
    }

    /** A value with its class spelled out at every level, so Short 1 and Integer 1 differ. */
    private static Object typed(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof List<?> l) {
            return l.stream().map(IpcFileTest::typed).toList();
        }
        if (v instanceof Map<?, ?> m) {
            List<Object> out = new ArrayList<>();
            m.forEach((k, x) -> out.add(List.of(k, typed(x))));
            return out;
        }
        return v.getClass().getSimpleName() + ":" + v;
    }

    private void assertSameBothWays(Path file, String label) {
        List<Object> theirs = viaArrowJava(file);
        List<Object> ours = viaIpcFile(file);
        if (!ours.isEmpty() && ours.getFirst() instanceof String s && s.startsWith("unsupported")) {
            return; // read by Arrow Java in production: nothing to compare
        }
        if (!theirs.equals(List.of("refused")) || !ours.equals(List.of("refused"))) {
            assertEquals(theirs, ours, label);
        }
    }

    @Test
    void everySharedAndFuzzCorpusArrowFileReadsAsArrowJavaReadsIt() throws IOException {
        int files = 0;
        for (Path root : List.of(DATA, FUZZ)) {
            List<Path> all;
            try (Stream<Path> s = Files.walk(root)) {
                all = s.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path p : all) {
                byte[] head = new byte[8];
                int n;
                try (var in = Files.newInputStream(p)) {
                    n = in.readNBytes(head, 0, head.length);
                }
                // Fuzz inputs carry a selector byte before the file.
                int skip = startsWithMagic(head, n, 0) ? 0 : startsWithMagic(head, n, 1) ? 1 : -1;
                if (skip < 0) {
                    continue;
                }
                Path file = p;
                if (skip > 0) {
                    byte[] bytes = Files.readAllBytes(p);
                    file = tmp.resolve("f" + files + ".arrow");
                    Files.write(file, Arrays.copyOfRange(bytes, skip, bytes.length));
                }
                assertSameBothWays(file, root.relativize(p).toString());
                files++;
            }
        }
        assertTrue(files >= 20, "found only " + files + " Arrow files");
    }

    private static boolean startsWithMagic(byte[] head, int n, int at) {
        if (n < at + MAGIC.length) {
            return false;
        }
        return Arrays.equals(head, at, at + MAGIC.length, MAGIC, 0, MAGIC.length);
    }

    @Test
    void randomTablesOfEveryTypeReadTheSame_seed20261206() throws IOException {
        Random rnd = new Random(20261206);
        for (int t = 0; t < 24; t++) {
            int[] batches = new int[1 + rnd.nextInt(3)];
            for (int b = 0; b < batches.length; b++) {
                batches[b] = rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(40);
            }
            CompressionUtil.CodecType codec = CompressionUtil.CodecType.values()[t % 3];
            Path file = tmp.resolve("random-" + t + ".arrow");
            writeRandom(file, rnd, batches, codec);
            List<Object> ours = viaIpcFile(file);
            List<Object> theirs = viaArrowJava(file);
            String label = "table " + t + " (" + codec + ", batches " + Arrays.toString(batches) + ")";
            assertEquals(theirs.size(), ours.size(), label + ": " + ours);
            for (int b = 0; b < ours.size(); b++) {
                List<?> x = (List<?>) theirs.get(b);
                List<?> y = (List<?>) ours.get(b);
                for (int c = 0; c < x.size(); c++) {
                    assertEquals(x.get(c), y.get(c), label + " batch " + b + " column " + c);
                }
            }
            assertTrue(ours.size() == batches.length || batches.length == 0, "table " + t + " was not read by"
                    + " IpcFile: " + ours);
        }
    }

    @Test
    void aTypeItDoesNotDecodeIsLeftToArrowJava() throws IOException {
        Path file = tmp.resolve("date.arrow");
        Object expected;
        try (BufferAllocator a = new RootAllocator();
             FieldVector v = new Field("d", FieldType.nullable(new ArrowType.Date(DateUnit.DAY)), null)
                     .createVector(a)) {
            v.allocateNew();
            ((org.apache.arrow.vector.DateDayVector) v).setSafe(0, 19_000);
            v.setValueCount(1);
            expected = v.getObject(0);
            write(file, List.of(v), 1, null, CompressionUtil.CodecType.NO_COMPRESSION);
        }
        assertThrows(IpcFile.Unsupported.class, () -> IpcFile.forEachBatch(file, b -> { }));
        List<Object> cells = new ArrayList<>();
        ArrowIpc.forEachBatch(file, b -> cells.add(b.columns().getFirst().get(0)));
        assertEquals(List.of(expected), cells);
    }

    @Test
    void damagedBuffersAreRefusedNamingTheFile() throws IOException {
        Path file = tmp.resolve("ints.arrow");
        try (BufferAllocator a = new RootAllocator(); IntVector v = new IntVector("x", a)) {
            v.allocateNew(100);
            for (int i = 0; i < 100; i++) {
                v.set(i, i);
            }
            v.setValueCount(100);
            write(file, List.of(v), 100, null, CompressionUtil.CodecType.ZSTD);
        }
        byte[] bytes = Files.readAllBytes(file);
        Random rnd = new Random(7);
        int refused = 0;
        for (int k = 0; k < 200; k++) {
            byte[] damaged = bytes.clone();
            int at = 8 + rnd.nextInt(damaged.length - 16);
            damaged[at] ^= (byte) (1 + rnd.nextInt(255));
            Path d = tmp.resolve("damaged.arrow");
            Files.write(d, damaged);
            try {
                IpcFile.forEachBatch(d, b -> {
                    for (IpcColumn c : b.columns()) {
                        for (int i = 0; i < b.rows(); i++) {
                            c.get(i);
                        }
                    }
                });
            } catch (DatasetFormatException e) {
                assertTrue(e.getMessage().startsWith(d.toString()), e.getMessage());
                refused++;
            } catch (IpcFile.Unsupported e) {
                refused++;
            }
        }
        assertTrue(refused > 0, "no damaged copy was refused");
    }

    // ---- random tables, written by Arrow Java ----

    private static void writeRandom(Path file, Random rnd, int[] batches, CompressionUtil.CodecType codec)
            throws IOException {
        try (BufferAllocator a = new RootAllocator()) {
            VarCharVector dictValues = new VarCharVector("dict", a);
            dictValues.allocateNew();
            String[] contigs = {"chr1", "chr2", "chrX", "z", "é"};
            for (int i = 0; i < contigs.length; i++) {
                dictValues.setSafe(i, contigs[i].getBytes(StandardCharsets.UTF_8));
            }
            dictValues.setValueCount(contigs.length);
            boolean signedCodes = rnd.nextBoolean();
            DictionaryEncoding enc = new DictionaryEncoding(0, false, new ArrowType.Int(signedCodes ? 32 : 8,
                    signedCodes));
            Dictionary dict = new Dictionary(dictValues, enc);
            DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(dict);
            List<Field> fields = List.of(
                    Field.nullable("i8", new ArrowType.Int(8, true)),
                    Field.nullable("i16", new ArrowType.Int(16, true)),
                    Field.nullable("i32", new ArrowType.Int(32, true)),
                    Field.nullable("i64", new ArrowType.Int(64, true)),
                    Field.nullable("u8", new ArrowType.Int(8, false)),
                    Field.nullable("u16", new ArrowType.Int(16, false)),
                    Field.nullable("u32", new ArrowType.Int(32, false)),
                    Field.nullable("u64", new ArrowType.Int(64, false)),
                    Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
                    Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                    Field.nullable("b", ArrowType.Bool.INSTANCE),
                    Field.nullable("s", ArrowType.Utf8.INSTANCE),
                    Field.nullable("ls", ArrowType.LargeUtf8.INSTANCE),
                    Field.nullable("vs", ArrowType.Utf8View.INSTANCE),
                    new Field("chrom", new FieldType(true, enc.getIndexType(), enc), null),
                    new Field("list", FieldType.nullable(ArrowType.List.INSTANCE),
                            List.of(Field.nullable("item", new ArrowType.Int(32, true)))),
                    new Field("llist", FieldType.nullable(ArrowType.LargeList.INSTANCE),
                            List.of(Field.nullable("item", ArrowType.Utf8.INSTANCE))),
                    new Field("flist", FieldType.nullable(new ArrowType.FixedSizeList(2)),
                            List.of(Field.nullable("item", new ArrowType.Int(64, true)))),
                    new Field("st", FieldType.nullable(ArrowType.Struct.INSTANCE),
                            List.of(Field.nullable("x", new ArrowType.Int(32, true)),
                                    Field.nullable("y", ArrowType.Utf8.INSTANCE))));
            org.apache.arrow.vector.types.pojo.Schema schema = new org.apache.arrow.vector.types.pojo.Schema(fields);
            try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
                 FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                         StandardOpenOption.TRUNCATE_EXISTING);
                 ArrowFileWriter w = writer(root, provider, ch, codec)) {
                w.start();
                for (int rows : batches) {
                    root.allocateNew();
                    for (FieldVector v : root.getFieldVectors()) {
                        fill(v, rows, rnd, contigs.length);
                    }
                    root.setRowCount(rows);
                    w.writeBatch();
                }
                w.end();
            } finally {
                dictValues.close();
            }
        }
    }

    private static String randomText(Random rnd) {
        int len = rnd.nextInt(4) == 0 ? 1 : rnd.nextInt(20);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < len; i++) {
            s.append(rnd.nextInt(10) == 0 ? 'ß' : "ACGTN".charAt(rnd.nextInt(5)));
        }
        return s.toString();
    }

    private static void fill(FieldVector v, int rows, Random rnd, int dictSize) {
        for (int i = 0; i < rows; i++) {
            boolean isNull = rnd.nextInt(5) == 0;
            if (isNull && !(v instanceof ListVector || v instanceof LargeListVector || v instanceof FixedSizeListVector
                    || v instanceof StructVector)) {
                continue; // left unset: null
            }
            switch (v) {
                case TinyIntVector x -> x.setSafe(i, (byte) rnd.nextInt());
                case SmallIntVector x -> x.setSafe(i, (short) rnd.nextInt());
                case IntVector x -> x.setSafe(i, v.getField().getDictionary() != null ? rnd.nextInt(dictSize)
                        : rnd.nextInt());
                case BigIntVector x -> x.setSafe(i, rnd.nextLong());
                case UInt1Vector x -> x.setSafe(i, v.getField().getDictionary() != null ? rnd.nextInt(dictSize)
                        : rnd.nextInt(256));
                case UInt2Vector x -> x.setSafe(i, rnd.nextInt(65_536));
                case UInt4Vector x -> x.setSafe(i, rnd.nextInt());
                case UInt8Vector x -> x.setSafe(i, rnd.nextLong());
                case Float4Vector x -> x.setSafe(i, rnd.nextFloat() * 100 - 50);
                case Float8Vector x -> x.setSafe(i, rnd.nextInt(20) == 0 ? Double.NaN : rnd.nextGaussian());
                case BitVector x -> x.setSafe(i, rnd.nextInt(2));
                case VarCharVector x -> x.setSafe(i, randomText(rnd).getBytes(StandardCharsets.UTF_8));
                case LargeVarCharVector x -> x.setSafe(i, randomText(rnd).getBytes(StandardCharsets.UTF_8));
                case ViewVarCharVector x -> x.setSafe(i, randomText(rnd).getBytes(StandardCharsets.UTF_8));
                case ListVector x -> {
                    UnionListWriter w = x.getWriter();
                    w.setPosition(i);
                    if (isNull) {
                        w.writeNull();
                        break;
                    }
                    w.startList();
                    for (int k = rnd.nextInt(4); k > 0; k--) {
                        w.integer().writeInt(rnd.nextInt(100) - 50);
                    }
                    w.endList();
                }
                case LargeListVector x -> {
                    UnionLargeListWriter w = x.getWriter();
                    w.setPosition(i);
                    if (isNull) {
                        w.writeNull();
                        break;
                    }
                    w.startList();
                    for (int k = rnd.nextInt(3); k > 0; k--) {
                        byte[] b = randomText(rnd).getBytes(StandardCharsets.UTF_8);
                        try (org.apache.arrow.memory.ArrowBuf buf = x.getAllocator().buffer(Math.max(1, b.length))) {
                            buf.setBytes(0, b);
                            w.varChar().writeVarChar(0, b.length, buf);
                        }
                    }
                    w.endList();
                }
                case FixedSizeListVector x -> {
                    UnionFixedSizeListWriter w = x.getWriter();
                    w.setPosition(i);
                    if (isNull) {
                        w.writeNull();
                        break;
                    }
                    w.startList();
                    w.bigInt().writeBigInt(rnd.nextLong());
                    w.bigInt().writeBigInt(rnd.nextLong());
                    w.endList();
                }
                case StructVector x -> {
                    if (isNull) {
                        x.setNull(i);
                        break;
                    }
                    x.setIndexDefined(i);
                    IntVector xs = x.getChild("x", IntVector.class);
                    VarCharVector ys = x.getChild("y", VarCharVector.class);
                    if (rnd.nextBoolean()) {
                        xs.setSafe(i, rnd.nextInt());
                    } else {
                        xs.setNull(i);
                    }
                    ys.setSafe(i, randomText(rnd).getBytes(StandardCharsets.UTF_8));
                }
                default -> fail("no filler for " + v.getClass().getSimpleName());
            }
        }
        v.setValueCount(rows);
    }

    private static void write(Path file, List<FieldVector> vectors, int rows, DictionaryProvider dicts,
                              CompressionUtil.CodecType codec) throws IOException {
        try (VectorSchemaRoot root = new VectorSchemaRoot(vectors);
             FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                     StandardOpenOption.TRUNCATE_EXISTING);
             ArrowFileWriter w = writer(root, dicts, ch, codec)) {
            root.setRowCount(rows);
            w.start();
            w.writeBatch();
            w.end();
        }
    }

    private static ArrowFileWriter writer(VectorSchemaRoot root, DictionaryProvider dicts, FileChannel ch,
                                          CompressionUtil.CodecType codec) {
        return codec == CompressionUtil.CodecType.NO_COMPRESSION ? new ArrowFileWriter(root, dicts, ch)
                : new ArrowFileWriter(root, dicts, ch, Map.of(), IpcOption.DEFAULT, CommonsCompressionFactory.INSTANCE,
                        codec);
    }

    @Test
    void theSchemaReadFromTheFooterAloneIsTheSchema() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(DATA.resolve("arrow"))) {
            files = s.filter(p -> p.toString().endsWith(".arrow")).sorted().toList();
        }
        assertTrue(files.size() >= 5, "found " + files);
        for (Path f : files) {
            // A file over 2 GiB has only its footer mapped; a limit of 0 bytes takes that path on every file.
            assertEquals(IpcFile.schema(f), IpcFile.schema(f, 0), f.toString());
        }
    }

    @Test
    void schemaTypesMatchTheColumns() {
        Path file = DATA.resolve("arrow/vg-z-synth16/variants.arrow");
        List<IpcFile.SchemaField> fields = IpcFile.schema(file);
        List<Object> cols = new ArrayList<>();
        ArrowIpc.withArrowJava(file, b -> b.columns().forEach(c -> cols.add(c.name() + ":" + c.type())));
        assertEquals(cols.subList(0, fields.size()), fields.stream().map(f -> f.name() + ":" + f.type()).toList());
        assertTrue(fields.stream().anyMatch(IpcFile.SchemaField::dictionary), "CHROM is dictionary-encoded");
        assertEquals(ArrowTable.ColumnType.STRING,
                fields.stream().filter(f -> f.name().equals("CHROM")).findFirst().orElseThrow().type());
    }
}
