package io.gvl.format.internal;

import io.gvl.format.JvmOptions;
import io.gvl.format.VariantTable;
import it.unimi.dsi.fastutil.objects.Object2IntLinkedOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2IntMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Writes {@code genotypes/variants.arrow} in the shape GVL's own writer gives it, so Python sees the same column
 * types from either writer: columns {@code ALT, CHROM, POS, REF, ILEN} in that order, then INFO columns;
 * {@code CHROM} dictionary-encoded (unsigned 8/16/32-bit codes, the narrowest that fits, contigs in order of
 * first appearance), {@code POS} Int32, {@code ILEN} a LargeList of Int32 (one element per record), and every
 * buffer zstd-compressed. String columns are plain Utf8 (GVL's writer uses Utf8View; readers give both the same
 * string type). The bytes are not GVL's: its IPC writer lays out metadata differently (see docs/differences.md).
 */
public final class VariantTableWriter {
    private static final long DICTIONARY_ID = 0;

    private VariantTableWriter() {
    }

    public static void write(VariantTable table, List<VariantTable.NumericColumn> extra, Path file) {
        JvmOptions.requireArrowAccess();
        int n = table.size();
        String[] chrom = table.chrom();
        long[] pos = table.pos();
        String[] ref = table.ref();
        String[] alt = table.alt();
        int[] ilen = table.ilen();
        Object2IntLinkedOpenHashMap<String> codes = new Object2IntLinkedOpenHashMap<>();
        for (String c : chrom) {
            codes.putIfAbsent(c, codes.size());
        }
        ArrowType.Int codeType = new ArrowType.Int(codes.size() <= 256 ? 8 : codes.size() <= 65_536 ? 16 : 32, false);
        DictionaryEncoding encoding = new DictionaryEncoding(DICTIONARY_ID, true, codeType);
        try (BufferAllocator alloc = new RootAllocator()) {
            List<FieldVector> vectors = new ArrayList<>();
            VarCharVector dictValues = new VarCharVector("CHROM", alloc);
            try {
                dictValues.allocateNew(codes.size());
                for (Object2IntMap.Entry<String> e : codes.object2IntEntrySet()) {
                    dictValues.setSafe(e.getIntValue(), e.getKey().getBytes(StandardCharsets.UTF_8));
                }
                dictValues.setValueCount(codes.size());
                vectors.add(strings("ALT", alt, alloc));
                FieldVector chromCodes = new Field("CHROM", new FieldType(true, codeType, encoding), null)
                        .createVector(alloc);
                vectors.add(chromCodes);
                chromCodes.setInitialCapacity(n);
                chromCodes.allocateNew();
                for (int i = 0; i < n; i++) {
                    ((BaseIntVector) chromCodes).setWithPossibleTruncate(i, codes.getInt(chrom[i]));
                }
                chromCodes.setValueCount(n);
                IntVector posVector = new IntVector("POS", alloc);
                vectors.add(posVector);
                posVector.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    if (pos[i] < Integer.MIN_VALUE || pos[i] > Integer.MAX_VALUE) {
                        throw new IllegalArgumentException(file + ": variant " + i + " has POS " + pos[i]
                                + ", beyond the int32 POS column GVL's format stores");
                    }
                    posVector.set(i, (int) pos[i]);
                }
                posVector.setValueCount(n);
                vectors.add(strings("REF", ref, alloc));
                vectors.add(ilenLists(ilen, alloc));
                for (VariantTable.NumericColumn c : extra) {
                    vectors.add(numeric(c, alloc));
                }
                DictionaryProvider.MapDictionaryProvider dicts = new DictionaryProvider.MapDictionaryProvider();
                dicts.put(new Dictionary(dictValues, encoding));
                ArrowFileOutput.writeOneBatch(vectors, n, dicts, true, file);
            } finally {
                vectors.forEach(FieldVector::close);
                dictValues.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write the variant table", e);
        }
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

    private static LargeListVector ilenLists(int[] ilen, BufferAllocator alloc) {
        LargeListVector list = LargeListVector.empty("ILEN", alloc);
        list.addOrGetVector(FieldType.nullable(new ArrowType.Int(32, true)));
        IntVector items = (IntVector) list.getDataVector();
        list.allocateNew();
        items.allocateNew(ilen.length);
        for (int i = 0; i < ilen.length; i++) {
            list.startNewValue(i);
            items.setSafe(i, ilen[i]);
            list.endValue(i, 1);
        }
        items.setValueCount(ilen.length);
        list.setValueCount(ilen.length);
        return list;
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
}
