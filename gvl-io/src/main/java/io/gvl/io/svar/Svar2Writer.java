package io.gvl.io.svar;

import io.gvl.format.array.LittleEndianOutput;
import io.gvl.format.build.DatasetPublisher;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Writes a genoray {@code .svar2} store ({@code format_version} 1) with the bytes genoray 6.0.2's
 * {@code SparseVar2.from_vcf} / {@code from_pgen} write for the same records: one directory per contig with the
 * {@code var_key} and {@code dense} SNP and indel streams, the long-allele table, both {@code max_del.npy}, the
 * INFO/FORMAT field values, and a pretty {@code meta.json} (see docs/svar.md).
 *
 * <p>Use: {@link #beginContig}, {@link #add} every record of the contig in file order (positions non-decreasing),
 * {@link #endContig}, repeat per contig, then {@link #finish()}. Each record is routed by genoray's bit-cost rule:
 * with {@code x} carrier haplotypes, {@code H = S·P}, key width {@code k} (2 bits for an SNP, 32 for an indel) and
 * 32 bits per requested field, it goes {@code dense} iff {@code 32 + k + H + 32·nInfo + 32·nFormat·S} is strictly
 * less than {@code x·(32 + k + 32·nInfo + 32·nFormat)}; otherwise each carrier gets a {@code var_key} call (a record
 * no haplotype carries leaves no trace but its long-allele table row, as in genoray). Integer fields are stored in
 * the narrowest type holding every stored value ({@code u8/u16/u32} when none is negative, else
 * {@code i8/i16/i32}; {@code u8} when nothing is stored), missing values as the type's sentinel (max for unsigned,
 * min for signed, NaN for {@code f32}); flags as {@code bool} bytes.
 *
 * <p>Memory: a contig is held until {@link #endContig}: about 9 bytes per {@code var_key} call, {@code H/8} bytes plus
 * 5 per dense variant, 4 bytes per stored field value, and the long-allele bytes, i.e. roughly the size of the
 * contig's part of the store. Integer fields are written per contig in 32-bit form and narrowed by {@link #finish()}.
 *
 * <p>{@link #create} writes into a new directory; {@link #publish} builds the store in a temporary sibling and
 * renames it into place, so a failed write leaves nothing at the destination. Not thread-safe.
 */
public final class Svar2Writer implements AutoCloseable {
    static final String[] SUBS = {"var_key_snp", "var_key_indel", "dense_snp", "dense_indel"};
    static final String INT_TEMP = "values.i32.tmp";

    /** How a field's values are typed in the input. */
    public enum Kind {
        /** A VCF {@code Integer}: stored in the narrowest integer type (decided over the whole store). */
        INTEGER,
        /** A VCF {@code Float}: stored as {@code f32}. */
        FLOAT,
        /** A VCF INFO {@code Flag}: stored as {@code bool} (1 when set). */
        FLAG
    }

    /**
     * A field to store.
     *
     * @param name the INFO or FORMAT key, e.g. {@code AF}
     * @param category {@link Svar2Field.Category#INFO} (one value per record) or {@link Svar2Field.Category#FORMAT}
     *                 (one value per sample)
     * @param kind the value type
     */
    public record Field(String name, Svar2Field.Category category, Kind kind) {
        /**
         * Checks the components.
         *
         * @throws NullPointerException if one is null
         * @throws IllegalArgumentException for a FORMAT flag or a name that is empty or not a plain file name
         */
        public Field {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(category, "category");
            Objects.requireNonNull(kind, "kind");
            if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.equals(".") || name.equals("..")) {
                throw new IllegalArgumentException("field name '" + name + "' cannot name a directory");
            }
            if (kind == Kind.FLAG && category == Svar2Field.Category.FORMAT) {
                throw new IllegalArgumentException("FORMAT field " + name + " cannot be a flag (flags are INFO-only)");
            }
        }
    }

    /** Fills a writer; used by {@link #publish}. */
    @FunctionalInterface
    public interface Body {
        /**
         * Adds every contig to {@code writer}; {@link #finish()} is called afterwards.
         *
         * @param writer the writer of the temporary store
         * @throws IOException on a write failure
         */
        void write(Svar2Writer writer) throws IOException;
    }

    final Path dir;
    final List<String> samples;
    final int ploidy;
    final int haplotypes;
    final List<Field> fields;
    final int[] infoFields;
    final int[] formatFields;
    final long[] min;
    final long[] max;
    private final List<String> contigs = new ArrayList<>();
    private final Set<String> contigSet = new HashSet<>();
    private Svar2ContigEncoder current;
    private boolean finished;
    private boolean failed;

    private Svar2Writer(Path dir, List<String> samples, int ploidy, List<Field> fields) {
        this.dir = dir;
        this.samples = List.copyOf(samples);
        this.ploidy = ploidy;
        this.haplotypes = Math.multiplyExact(samples.size(), ploidy);
        this.fields = List.copyOf(fields);
        this.infoFields = indexes(fields, Svar2Field.Category.INFO);
        this.formatFields = indexes(fields, Svar2Field.Category.FORMAT);
        this.min = new long[fields.size()];
        this.max = new long[fields.size()];
        Arrays.fill(min, Long.MAX_VALUE);
        Arrays.fill(max, Long.MIN_VALUE);
    }

    private static int[] indexes(List<Field> fields, Svar2Field.Category c) {
        return java.util.stream.IntStream.range(0, fields.size()).filter(i -> fields.get(i).category() == c)
                .toArray();
    }

    /**
     * Starts a store in {@code directory}, which must not exist or be empty. Nothing is published: a caller that
     * needs an atomic store uses {@link #publish}.
     *
     * @param directory where the store's files go
     * @param samples sample names, in store column order (haplotype {@code h = sample·P + ploid}); at least one
     * @param ploidy {@code P}, 1 to 255
     * @param fields INFO and FORMAT fields, in {@code meta.json} order (no two with the same category and name)
     * @return a writer; the caller calls {@link #finish()} and {@link #close()}
     * @throws IllegalArgumentException for no samples, a bad ploidy, repeated fields, or a non-empty directory
     * @throws UncheckedIOException if the directory cannot be created
     */
    public static Svar2Writer create(Path directory, List<String> samples, int ploidy, List<Field> fields) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("a .svar2 store needs at least one sample");
        }
        if (ploidy < 1 || ploidy > 255) {
            throw new IllegalArgumentException("ploidy " + ploidy + " is not in 1..255");
        }
        Set<String> seen = new HashSet<>();
        for (Field f : fields) {
            if (!seen.add(f.category() + "/" + f.name())) {
                throw new IllegalArgumentException("field " + f.category() + "/" + f.name() + " is listed twice");
            }
        }
        try {
            Files.createDirectories(directory);
            try (var list = Files.list(directory)) {
                if (list.findAny().isPresent()) {
                    throw new IllegalArgumentException(directory + " is not empty");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + directory, e);
        }
        return new Svar2Writer(directory, samples, ploidy, fields);
    }

    /**
     * Writes a store at {@code store} atomically: {@code body} fills a writer over a temporary sibling directory,
     * which is renamed into place after {@link #finish()} (the project's {@link DatasetPublisher}). On any failure
     * the temporary directory is removed and {@code store} is left as it was.
     *
     * @param store the {@code .svar2} directory to create (or replace when {@code overwrite})
     * @param overwrite whether an existing store may be replaced
     * @param samples sample names, in store column order
     * @param ploidy {@code P}
     * @param fields INFO and FORMAT fields, in {@code meta.json} order
     * @param body adds the contigs
     * @throws io.gvl.format.DatasetExistsException if {@code store} exists and {@code overwrite} is false
     * @throws UncheckedIOException if a file cannot be written
     * @throws RuntimeException whatever {@code body} throws (e.g. an input error), after cleaning up
     */
    public static void publish(Path store, boolean overwrite, List<String> samples, int ploidy, List<Field> fields,
                               Body body) {
        DatasetPublisher.publish(store, overwrite, "meta.json", ".svar2 store", tmp -> {
            try (Svar2Writer w = create(tmp, samples, ploidy, fields)) {
                body.write(w);
                w.finish();
            }
        });
    }

    /**
     * Starts a contig; its directory is named {@code contig}.
     *
     * @param contig the contig name, as it goes into {@code meta.json}
     * @throws IllegalStateException if a contig is open, the store is finished, or the contig was written already
     * @throws IllegalArgumentException if the name cannot be a directory name
     */
    public void beginContig(String contig) {
        checkWritable();
        if (current != null) {
            throw new IllegalStateException("contig " + current.name + " is still open");
        }
        if (contig.isEmpty() || contig.contains("/") || contig.equals(".") || contig.equals("..")) {
            throw new IllegalArgumentException("contig name '" + contig + "' cannot name a directory");
        }
        if (!contigSet.add(contig)) {
            throw new IllegalStateException("contig " + contig + " was written already");
        }
        current = new Svar2ContigEncoder(this, contig);
    }

    /**
     * Adds one bi-allelic, normalized record of the open contig. The caller has checked it against the reference:
     * an SNP has a 1-base REF and ALT, an insertion a 1-base REF and an ALT starting with it, a deletion a 1-base
     * ALT (the anchor) and a longer REF.
     *
     * @param position 0-based position (VCF POS − 1); not less than the previous record's
     * @param refLength REF length, at least 1
     * @param alt the ALT bases (ASCII, stored as given in the long-allele table)
     * @param carriers {@code H} bytes from {@code carriersFrom}, non-zero where haplotype {@code h = s·P + p} carries
     *                 the ALT
     * @param carriersFrom index of haplotype 0's byte
     * @param info one value per INFO field (in field order among the INFO fields), NaN when missing (for a flag:
     *             NaN when absent, anything else when set); may be null when there are no INFO fields
     * @param format per FORMAT field (in order among the FORMAT fields) an array with the record's {@code S} sample
     *               values from {@code formatFrom}, NaN when missing; may be null when there are no FORMAT fields
     * @param formatFrom index of sample 0's value in each {@code format} array
     * @throws IllegalStateException if no contig is open or the writer is finished
     * @throws IllegalArgumentException if the record is not an SNP, insertion or deletion as above, or its position
     *                                  is negative or smaller than the previous one
     */
    public void add(int position, int refLength, byte[] alt, byte[] carriers, int carriersFrom, float[] info,
                    float[][] format, int formatFrom) {
        checkWritable();
        if (current == null) {
            throw new IllegalStateException("no contig is open");
        }
        current.add(position, refLength, alt, carriers, carriersFrom, info, format, formatFrom);
    }

    /**
     * As {@link #add} for a store without fields, the carriers given as a list: the record's carrying haplotypes
     * {@code h = s·P + p} in {@code haplotypes[0, count)}, strictly ascending (as a sparse genotype decode lists
     * them). Writes the same bytes as {@link #add} with those haplotypes' bytes set, in time proportional to the
     * carriers rather than the haplotypes.
     *
     * @param position 0-based position; not less than the previous record's
     * @param refLength REF length, at least 1
     * @param alt the ALT bases
     * @param haplotypes the carrying haplotypes, strictly ascending, each below {@code S·P}
     * @param count how many of {@code haplotypes} are used
     * @throws IllegalStateException if no contig is open, the writer is finished, or the store has fields
     * @throws IllegalArgumentException as {@link #add}
     */
    public void addCarriers(int position, int refLength, byte[] alt, int[] haplotypes, int count) {
        checkWritable();
        if (current == null) {
            throw new IllegalStateException("no contig is open");
        }
        current.addCarriers(position, refLength, alt, haplotypes, count);
    }

    /**
     * Writes the open contig's files.
     *
     * @throws IllegalStateException if no contig is open
     * @throws UncheckedIOException if a file cannot be written
     */
    public void endContig() {
        checkWritable();
        if (current == null) {
            throw new IllegalStateException("no contig is open");
        }
        Svar2ContigEncoder c = current;
        current = null;
        try {
            c.write();
        } catch (IOException e) {
            failed = true;
            throw new UncheckedIOException("cannot write contig " + c.name + " of " + dir, e);
        }
        contigs.add(c.name);
    }

    /**
     * Narrows the integer fields and writes {@code meta.json}. The store is complete afterwards.
     *
     * @throws IllegalStateException if a contig is still open or the writer is finished
     * @throws UncheckedIOException if a file cannot be written
     */
    public void finish() {
        checkWritable();
        if (current != null) {
            throw new IllegalStateException("contig " + current.name + " is still open");
        }
        List<Svar2Meta.FieldEntry> entries = new ArrayList<>();
        try {
            for (int f = 0; f < fields.size(); f++) {
                Field field = fields.get(f);
                String dtype = dtype(f);
                entries.add(new Svar2Meta.FieldEntry(field.name(), category(field), dtype));
                if (field.kind() == Kind.INTEGER) {
                    for (String contig : contigs) {
                        for (String sub : SUBS) {
                            narrow(fieldDir(contig, field).resolve(sub), dtype);
                        }
                    }
                }
            }
            LittleEndianOutput.write(dir.resolve("meta.json"), Svar2Meta.json(contigs, entries, ploidy, samples));
        } catch (IOException e) {
            failed = true;
            throw new UncheckedIOException("cannot finish " + dir, e);
        }
        finished = true;
    }

    /**
     * The {@code meta.json} dtype field {@code f} gets, given what was stored so far.
     *
     * @param f index into the field list
     */
    private String dtype(int f) {
        return switch (fields.get(f).kind()) {
            case FLOAT -> "f32";
            case FLAG -> "bool";
            case INTEGER -> {
                if (min[f] > max[f]) {
                    yield "u8";
                }
                if (min[f] >= 0) {
                    yield max[f] <= 0xFF ? "u8" : max[f] <= 0xFFFF ? "u16" : "u32";
                }
                yield min[f] >= Byte.MIN_VALUE && max[f] <= Byte.MAX_VALUE ? "i8"
                        : min[f] >= Short.MIN_VALUE && max[f] <= Short.MAX_VALUE ? "i16" : "i32";
            }
        };
    }

    private static String category(Field f) {
        return f.category().name().toLowerCase(Locale.ROOT);
    }

    Path fieldDir(String contig, Field f) {
        return dir.resolve(contig).resolve("fields").resolve(category(f)).resolve(f.name());
    }

    /** Rewrites {@code sub}'s 32-bit temporary values (missing = {@code Integer.MIN_VALUE}) as {@code dtype}. */
    private static void narrow(Path sub, String dtype) throws IOException {
        Path tmp = sub.resolve(INT_TEMP);
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(tmp)).order(ByteOrder.LITTLE_ENDIAN);
        try (LittleEndianOutput o = LittleEndianOutput.create(sub.resolve("values.bin"))) {
            while (in.hasRemaining()) {
                int v = in.getInt();
                boolean missing = v == Integer.MIN_VALUE;
                switch (dtype) {
                    case "u8" -> o.u8(missing ? 0xFF : v);
                    case "u16" -> o.u16(missing ? 0xFFFF : v);
                    case "u32" -> o.i32(missing ? -1 : v);
                    case "i8" -> o.u8(missing ? Byte.MIN_VALUE : v);
                    case "i16" -> o.u16(missing ? Short.MIN_VALUE : v);
                    default -> o.i32(v);
                }
            }
        }
        Files.delete(tmp);
    }

    private void checkWritable() {
        if (finished) {
            throw new IllegalStateException(dir + ": the .svar2 writer is finished");
        }
        if (failed) {
            throw new IllegalStateException(dir + ": an earlier write failed; the store is incomplete");
        }
    }

    /**
     * Releases the writer. A writer closed before {@link #finish()} leaves an incomplete directory behind (which
     * {@link #publish} removes).
     */
    @Override
    public void close() {
        current = null;
        failed = failed || !finished;
    }

    /** Routing cost bits per field: genoray charges 32 whatever the final type. */
    static final int FIELD_BITS = 32;

}
