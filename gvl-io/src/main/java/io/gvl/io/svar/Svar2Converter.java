package io.gvl.io.svar;

import io.gvl.io.InputFormatException;
import io.gvl.io.fasta.Reference;
import io.gvl.io.internal.vcf.RecordErrors;
import io.gvl.io.pgen.PgenReader;
import io.gvl.io.pgen.PgenVariants;
import io.gvl.io.variant.VariantBatch;
import io.gvl.io.variant.VariantRequest;
import io.gvl.io.vcf.VcfReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Converts a VCF/BCF or a PLINK 2 PGEN fileset into a genoray {@code .svar2} store with the bytes genoray 6.0.2's
 * {@code SparseVar2.from_vcf} / {@code from_pgen} write (threads and chunk sizes do not change them). Contigs holding
 * records are written in natural order (as Python's {@code natsort}: {@code chr2} before {@code chr10}), each record
 * checked against the FASTA and routed by {@link Svar2Writer}.
 *
 * <p>Records must be bi-allelic and normalized: an SNP, or an indel whose REF and ALT share the first (anchor) base
 * and nothing else, left-aligned against the reference. genoray splits, atomizes and left-aligns other records
 * itself; this converter refuses them (multi-allelic, symbolic, breakend, {@code *}, MNP and complex records, REF
 * disagreeing with the FASTA, indels that can shift left, unsorted records) with an {@link InputFormatException}
 * naming the file, the record and the {@code bcftools norm} command that fixes it. Missing genotype alleles are
 * REF (genoray cannot tell them apart either).
 *
 * <p>Memory: from a VCF/BCF, one window of input records (chosen so that its genotypes take about 256 MiB at most
 * when records are no denser than one per four bases); from a PGEN, one record's carrier list at a time (a record
 * stored as a difflist is read in time proportional to its carriers); plus one contig's share of the store (see
 * {@link Svar2Writer}). The output is
 * built in a temporary sibling directory and renamed into place; after a failure nothing is left at the
 * destination. Stateless and thread-safe; each call uses its own readers.
 */
public final class Svar2Converter {
    private static final long WINDOW_BYTES = 256L << 20;

    private Svar2Converter() {
    }

    /**
     * What to convert besides genotypes.
     *
     * @param infoFields INFO keys to store ({@code Integer}, {@code Float} or {@code Flag} in the header), in order;
     *                   VCF/BCF only
     * @param formatFields FORMAT keys to store ({@code Integer} or {@code Float}), in order; VCF/BCF only
     * @param samples samples to keep, in store order (repeats dropped), or null for every sample in file order
     * @param overwrite whether an existing store at the destination may be replaced
     * @param referenceCache the directory for the decoded reference cache, or null for the default
     *                       ({@link io.gvl.io.fasta.ReferenceCache#directory()})
     */
    public record Options(List<String> infoFields, List<String> formatFields, List<String> samples, boolean overwrite,
                          Path referenceCache) {
        /** Copies the lists; null field lists become empty. */
        public Options {
            infoFields = infoFields == null ? List.of() : List.copyOf(infoFields);
            formatFields = formatFields == null ? List.of() : List.copyOf(formatFields);
            samples = samples == null ? null : List.copyOf(new LinkedHashSet<>(samples));
        }

        /**
         * No fields, every sample, no overwrite, the default reference cache.
         *
         * @return the default options
         */
        public static Options defaults() {
            return new Options(List.of(), List.of(), null, false, null);
        }
    }

    /**
     * What was written.
     *
     * @param contigs the store's contigs, in {@code meta.json} order
     * @param samples the number of samples
     * @param records the number of input records converted
     */
    public record Summary(List<String> contigs, int samples, long records) {
    }

    /**
     * Converts {@code input} into the store {@code store}.
     *
     * @param input a VCF/BCF ({@code .vcf}, {@code .vcf.gz}, {@code .vcf.bgz}, {@code .bcf}, indexed when
     *              compressed) or a PLINK 2 fileset ({@code PREFIX.pgen} or {@code PREFIX})
     * @param reference the FASTA the variants were called against (plain, gzip or BGZF)
     * @param store the {@code .svar2} directory to create
     * @param options fields, samples, overwrite and reference cache
     * @return what was written
     * @throws InputFormatException naming the file, record and fix for a bad input or record
     * @throws io.gvl.format.DatasetExistsException if {@code store} exists and {@code options.overwrite()} is false
     * @throws java.io.UncheckedIOException if the store cannot be written
     */
    public static Summary convert(Path input, Path reference, Path store, Options options) {
        Objects.requireNonNull(options, "options");
        String name = input.getFileName() == null ? "" : input.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean vcf = name.endsWith(".vcf") || name.endsWith(".vcf.gz") || name.endsWith(".vcf.bgz")
                || name.endsWith(".bcf");
        boolean pgen = name.endsWith(".pgen") || Files.exists(input.resolveSibling(input.getFileName() + ".pgen"));
        if (!vcf && !pgen) {
            throw new InputFormatException(input, "", "is neither a VCF/BCF (.vcf, .vcf.gz, .vcf.bgz, .bcf) nor a"
                    + " PLINK 2 fileset (.pgen or a prefix with PREFIX.pgen beside it).", "pass a VCF, BCF or PGEN.");
        }
        try (Reference fasta = options.referenceCache() == null ? Reference.open(reference)
                : Reference.open(reference, options.referenceCache())) {
            return vcf ? fromVcf(input, fasta, store, options) : fromPgen(input, fasta, store, options);
        }
    }

    private static Summary fromVcf(Path input, Reference fasta, Path store, Options options) {
        try (VcfReader reader = VcfReader.open(input)) {
            List<String> samples = options.samples() == null ? reader.samples() : options.samples();
            if (samples.isEmpty()) {
                throw new InputFormatException(input, "header", "has no samples.",
                        "convert a VCF with genotype columns.");
            }
            int[] sampleIdx = (options.samples() == null ? reader.allSamples() : reader.request(samples))
                    .sampleIndexes();
            List<Svar2Writer.Field> fields = new ArrayList<>();
            for (String f : options.infoFields()) {
                fields.add(new Svar2Writer.Field(f, Svar2Field.Category.INFO,
                        kind(input, "INFO", f, reader.declaredInfo().get(f), true)));
            }
            for (String f : options.formatFields()) {
                fields.add(new Svar2Writer.Field(f, Svar2Field.Category.FORMAT,
                        kind(input, "FORMAT", f, reader.declaredFormat().get(f), false)));
            }
            VariantRequest request = new VariantRequest(sampleIdx, options.formatFields(), options.infoFields());
            List<String> contigs = natsorted(reader.contigs());
            long perRecord = 2L * samples.size() + 4L * samples.size() * options.formatFields().size() + 64;
            long window = Math.clamp(WINDOW_BYTES / perRecord * 4, 1024, 1L << 22);
            long[] records = new long[1];
            // without fields, the sites come from a sites-only query and the calls from the genotype-only decode
            boolean genotypesOnly = fields.isEmpty();
            VariantRequest sites = new VariantRequest(new int[0], List.of(), List.of());
            int width = 2 * samples.size();
            Svar2Writer.publish(store, options.overwrite(), samples, 2, fields, w -> {
                float[] info = new float[options.infoFields().size()];
                float[][] format = new float[options.formatFields().size()][];
                byte[] rows = new byte[0];
                for (String contig : contigs) {
                    Checker check = new Checker(input, fasta, contig);
                    w.beginContig(contig);
                    for (long start = 0; ; start += window) {
                        boolean last = start + window >= check.length;
                        long end = last ? Integer.MAX_VALUE : start + window;
                        VariantBatch b = reader.query(contig, start, end, genotypesOnly ? sites : request);
                        byte[] calls = b.genotypes();
                        if (genotypesOnly) {
                            if (rows.length < (long) b.size() * width) {
                                rows = new byte[Math.toIntExact((long) b.size() * width)];
                            }
                            calls = rows;
                            int n = b.size();
                            String where = contig + ":" + start + "-" + end;
                            int[] next = {0};
                            reader.genotypes(contig, start, end, sampleIdx, calls, pos -> {
                                if (next[0] >= n) {
                                    throw new IllegalStateException(input + ": the genotype read of " + where
                                            + " met more records than its sites read (" + n + ")");
                                }
                                return next[0]++ * width;
                            });
                            if (next[0] != n) {
                                throw new IllegalStateException(input + ": the genotype read of " + where + " met "
                                        + next[0] + " records, its sites read " + n);
                            }
                        }
                        for (int f = 0; f < format.length; f++) {
                            format[f] = b.format().get(options.formatFields().get(f));
                        }
                        for (int i = 0; i < b.size(); i++) {
                            if (b.positions()[i] < start) {
                                continue; // a deletion reaching into this window; read with its own
                            }
                            byte[] ref = Arrays.copyOfRange(b.ref(), b.refOffsets()[i], b.refOffsets()[i + 1]);
                            byte[] alt = Arrays.copyOfRange(b.alt(), b.altOffsets()[i], b.altOffsets()[i + 1]);
                            check.record(b.positions()[i], ref, alt);
                            for (int f = 0; f < info.length; f++) {
                                info[f] = b.info().get(options.infoFields().get(f))[i];
                            }
                            w.add(b.positions()[i], ref.length, alt, calls, i * width, info, format,
                                    i * samples.size());
                            records[0]++;
                        }
                        if (last) {
                            break;
                        }
                    }
                    w.endContig();
                }
            });
            return new Summary(contigs, samples.size(), records[0]);
        }
    }

    private static Svar2Writer.Kind kind(Path input, String category, String field, String type, boolean info) {
        if (type == null) {
            throw new InputFormatException(input, category + "/" + field, "is not declared in the header.",
                    "request a " + category + " field the header declares.");
        }
        return switch (type) {
            case "Integer" -> Svar2Writer.Kind.INTEGER;
            case "Float" -> Svar2Writer.Kind.FLOAT;
            case "Flag" -> {
                if (!info) {
                    throw new InputFormatException(input, category + "/" + field, "is a Flag; flags are INFO-only.",
                            "request a numeric FORMAT field.");
                }
                yield Svar2Writer.Kind.FLAG;
            }
            default -> throw new InputFormatException(input, category + "/" + field, "has Type=" + type
                    + "; a .svar2 store holds only Integer, Float and (INFO) Flag fields.",
                    "request a numeric field.");
        };
    }

    private static Summary fromPgen(Path input, Reference fasta, Path store, Options options) {
        try (PgenReader reader = PgenReader.open(input)) {
            if (!options.infoFields().isEmpty() || !options.formatFields().isEmpty()) {
                throw new InputFormatException(input, "", "is a PGEN fileset; INFO/FORMAT fields can be stored only"
                        + " from a VCF/BCF (genoray's from_pgen does not read .pvar INFO either).",
                        "convert the VCF/BCF to store fields, or drop --info/--format.");
            }
            List<String> all = reader.samples();
            List<String> samples = options.samples() == null ? all : options.samples();
            int[] sampleIdx = new int[samples.size()];
            for (int i = 0; i < sampleIdx.length; i++) {
                sampleIdx[i] = all.indexOf(samples.get(i));
                if (sampleIdx[i] < 0) {
                    throw new InputFormatException(reader.psam(), "sample '" + samples.get(i) + "'",
                            "is not in the fileset.", "request samples listed in " + reader.psam() + ".");
                }
            }
            if (samples.isEmpty()) {
                throw new InputFormatException(reader.psam(), "", "lists no samples.", "convert a fileset with"
                        + " samples.");
            }
            PgenVariants v = reader.variants();
            Map<String, int[]> runs = new LinkedHashMap<>();
            for (int i = 0; i < v.size(); i++) {
                String c = v.chrom(i);
                int[] run = runs.get(c);
                if (run == null) {
                    runs.put(c, new int[] {i, i + 1});
                } else if (run[1] != i) {
                    throw new InputFormatException(reader.pvar(), "record " + (i + 1) + " (" + c + ":"
                            + v.position(i) + ")", "contig " + c + " appears in two separate runs of records.",
                            "sort the fileset, e.g. `plink2 --pfile PREFIX --sort-vars --make-pgen --out SORTED`.");
                } else {
                    run[1] = i + 1;
                }
            }
            List<String> contigs = natsorted(new ArrayList<>(runs.keySet()));
            long[] records = new long[1];
            Svar2Writer.publish(store, options.overwrite(), samples, 2, List.of(), w -> {
                for (String contig : contigs) {
                    Checker check = new Checker(reader.pvar(), fasta, contig);
                    w.beginContig(contig);
                    int[] run = runs.get(contig);
                    int[] next = {run[0]};
                    // carrier lists: difflist records (most rare variants) cost their carriers, not the samples
                    reader.listCarriers(run[0], run[1], sampleIdx, (slots, count) -> {
                        int i = next[0]++;
                        if (v.alt(i).equals(".")) {
                            return; // no ALT allele: nothing to store (as for a VCF)
                        }
                        byte[] ref = v.ref(i).getBytes(StandardCharsets.US_ASCII);
                        byte[] alt = v.alt(i).getBytes(StandardCharsets.US_ASCII);
                        long pos = v.position(i) - 1;
                        check.record(pos, ref, alt);
                        w.addCarriers((int) pos, ref.length, alt, slots, count);
                        records[0]++;
                    });
                    w.endContig();
                }
            });
            return new Summary(contigs, samples.size(), records[0]);
        }
    }

    /** Checks each record of one contig against the reference and the normalization rules. */
    private static final class Checker {
        private final Path file;
        private final Reference fasta;
        private final String contig;
        private final int index;
        private final long length;
        private long last = -1;

        Checker(Path file, Reference fasta, String contig) {
            this.file = file;
            this.fasta = fasta;
            this.contig = contig;
            this.index = fasta.contigIndex(contig);
            if (index < 0) {
                throw new InputFormatException(file, "contig " + contig, "is not in the reference "
                        + fasta.fasta() + " (it has " + abbreviate(fasta.contigs()) + ").",
                        "pass the FASTA the variants were called against.");
            }
            this.length = fasta.length(index);
        }

        void record(long pos, byte[] ref, byte[] alt) {
            String where = "record " + contig + ":" + (pos + 1) + " " + ascii(ref) + ">" + ascii(alt);
            if (!letters(ref) || !letters(alt)) {
                throw new InputFormatException(file, where, "has an allele that is not a base sequence (a '*',"
                        + " symbolic, breakend or missing allele).", "drop such records, e.g. `bcftools view -e"
                        + " 'ALT~\"<\" || ALT=\"*\"'`, after splitting: " + RecordErrors.NORMALIZE);
            }
            if (pos < last) {
                throw new InputFormatException(file, where, "comes after position " + (last + 1)
                        + " (records are not sorted).", "sort the file: `bcftools sort in.vcf.gz -Oz -o out.vcf.gz`.");
            }
            last = pos;
            if (pos + ref.length > length) {
                throw new InputFormatException(file, where, "REF runs past the end of contig " + contig + " ("
                        + length + " bases in " + fasta.fasta().getFileName() + ").",
                        "pass the FASTA the variants were called against.");
            }
            for (int i = 0; i < ref.length; i++) {
                if (upper(ref[i]) != fasta.base(index, pos + i)) {
                    byte[] expected = new byte[ref.length];
                    for (int j = 0; j < ref.length; j++) {
                        expected[j] = fasta.base(index, pos + j);
                    }
                    throw new InputFormatException(file, where, "REF disagrees with the reference ('"
                            + ascii(expected) + "' in " + fasta.fasta().getFileName() + ").",
                            "pass the FASTA the variants were called against, or fix the records with `bcftools"
                            + " norm --check-ref s -f ref.fa`.");
                }
            }
            if (ref.length == 1 && alt.length == 1) {
                return;
            }
            boolean insertion = ref.length == 1 && alt.length > 1;
            boolean deletion = alt.length == 1 && ref.length > 1;
            if (!(insertion || deletion) || upper(ref[0]) != upper(alt[0])) {
                throw new InputFormatException(file, where, "is not atomized (an MNP or complex record: REF and ALT"
                        + " must share exactly the first base).", RecordErrors.NORMALIZE);
            }
            byte lastBase = insertion ? alt[alt.length - 1] : ref[ref.length - 1];
            if (pos > 0 && upper(lastBase) == upper(ref[0])) {
                throw new InputFormatException(file, where, "is not left-aligned (the indel can shift left against"
                        + " the reference).", RecordErrors.NORMALIZE);
            }
        }

        private static boolean letters(byte[] b) {
            if (b.length == 0) {
                return false;
            }
            for (byte c : b) {
                if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
                    return false;
                }
            }
            return true;
        }

        private static byte upper(byte b) {
            return b >= 'a' && b <= 'z' ? (byte) (b - 32) : b;
        }

        private static String ascii(byte[] b) {
            String s = new String(b, StandardCharsets.US_ASCII);
            return s.length() > 20 ? s.substring(0, 17) + "..." : s;
        }

        private static String abbreviate(List<String> list) {
            return list.size() <= 10 ? list.toString() : list.subList(0, 10) + "...";
        }
    }

    /**
     * {@code names} in the order of Python's {@code natsort.natsorted}: split into text and digit runs, text compared
     * by code point and digit runs by value.
     *
     * @param names contig names
     * @return a new sorted list
     */
    static List<String> natsorted(List<String> names) {
        List<String> out = new ArrayList<>(names);
        out.sort(NATURAL);
        return out;
    }

    private static final Comparator<String> NATURAL = (a, b) -> {
        List<Object> x = chunks(a);
        List<Object> y = chunks(b);
        for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
            int c = x.get(i) instanceof BigInteger bx ? bx.compareTo((BigInteger) y.get(i))
                    : ((String) x.get(i)).compareTo((String) y.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.size(), y.size());
    };

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Text and number chunks, always starting with text (empty when the name starts with a digit). */
    private static List<Object> chunks(String s) {
        List<Object> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            int j = i;
            while (j < s.length() && !isDigit(s.charAt(j))) {
                j++;
            }
            out.add(s.substring(i, j));
            if (j == s.length()) {
                break;
            }
            int k = j;
            while (k < s.length() && isDigit(s.charAt(k))) {
                k++;
            }
            out.add(new BigInteger(s.substring(j, k)));
            i = k;
        }
        return out;
    }
}
