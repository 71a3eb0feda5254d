package io.gvl.io.pgen;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.pgen.CallCodes;
import io.gvl.io.internal.pgen.DecodeScratch;
import io.gvl.io.internal.pgen.PgenCorruptException;
import io.gvl.io.internal.pgen.PgenIndex;
import io.gvl.io.internal.pgen.PsamFile;
import io.gvl.io.internal.pgen.PvarFile;
import io.gvl.io.internal.pgen.RecordDecoder;
import io.gvl.io.internal.pgen.SampleSlots;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads biallelic genotypes, phase and dosages from a PLINK 2 fileset ({@code .pgen} + {@code .pvar} or
 * {@code .pvar.zst} + {@code .psam}; a PLINK 1 {@code .bed} + {@code .bim} + {@code .fam} is read the same way).
 * The {@code .pgen} is memory-mapped and each record is decoded where it lies, so opening costs the index and the
 * text tables only: the heap holds the record index (a few bytes per variant), the {@link PgenVariants} table and
 * the sample IDs; the mapping is off-heap and lives until {@link #close()}. A reader of genotypes only
 * ({@link #openGenotypes}) skips the {@code .pvar} and parses the index block by block as records are read.
 *
 * <p>Variants and samples are addressed by 0-based indexes in file order (variant {@code i} is line {@code i} of the
 * {@code .pvar}'s data lines, sample {@code j} is row {@code j} of the {@code .psam}); positions in
 * {@link PgenVariants} are the 1-based {@code POS} values of the file.
 *
 * <p>Thread-safety: every method may be called from several threads at once. The reads ({@link #readCalls},
 * {@link #readCarriers}, {@link #markCarriers}, {@link #readDosages}) decode with scratch memory of their own per
 * call (about eleven bytes per sample of the fileset, plus one record), and the tables returned by the accessors
 * are immutable. {@link #close()} must not race with reads the caller still needs: a read that runs into a closed
 * reader fails.
 *
 * <p>Conventions follow plink2's own reader (pgenlib), which GenVarLoader uses: an unphased het comes back with REF
 * on the first haplotype; a homozygous call counts as phased; a missing call is {@code -1} on both haplotypes.
 * Multiallelic records and records out of order are refused when the fileset is opened (the message says how to
 * split or sort them).
 */
public final class PgenReader implements AutoCloseable {
    private static final String REMAKE = "re-make the fileset with plink2 (plink2 --pfile PREFIX --make-pgen --out NEW).";

    private final Path pgen;
    private final Path pvar;
    private final Path psam;
    private final List<String> samples;
    private final PgenVariants variants;
    private final List<String> declaredContigs;
    private final Map<String, String> declaredInfo;
    private final PgenIndex index;
    private final Arena arena;
    private final RecordDecoder decoder;
    /** Bit 0: some record has phase; bit 1: some record has dosages; -1 until the index has been scanned. */
    private volatile int tracks = -1;
    private final AtomicBoolean closed = new AtomicBoolean();

    /** {@code table} and {@code variants} are {@code null} for a reader of genotypes only ({@link #openGenotypes}). */
    private PgenReader(Path pgen, Path pvar, Path psam, List<String> samples, PvarFile table, PgenVariants variants,
                       PgenIndex index, Arena arena, MemorySegment data) {
        this.pgen = pgen;
        this.pvar = pvar;
        this.psam = psam;
        this.samples = samples;
        this.variants = variants;
        this.declaredContigs = table == null ? null : table.declaredContigs;
        this.declaredInfo = table == null ? null : table.declaredInfo;
        this.index = index;
        this.arena = arena;
        this.decoder = new RecordDecoder(index, data);
    }

    /**
     * Opens the fileset of {@code path}: a {@code .pgen} (or {@code .bed}) file, or the prefix they share with their
     * companions. Checks that the three files agree (sample and variant counts) and that every record is biallelic.
     * The {@code .pvar} (or {@code .pvar.zst}, or {@code .bim} beside a {@code .bed}) and the {@code .psam} (or
     * {@code .fam}) are read whole; the {@code .pgen} is mapped and only its header and record index are parsed.
     *
     * @param path {@code PREFIX.pgen}, {@code PREFIX.bed} or {@code PREFIX}; the companion files must lie in the
     *             same directory under the same prefix
     * @return an open reader; the caller must {@link #close()} it to unmap the {@code .pgen}
     * @throws InputFormatException naming the file, the line or record and the fix, when one of the three files is
     *                              missing or unreadable; the {@code .pgen} header is not a supported PGEN (fixed-width
     *                              dosage modes, a separate {@code .pgi} index, fused type codes) or is truncated; the
     *                              {@code .psam} lacks an IID column or repeats an IID; the {@code .pvar} lacks a
     *                              required column, has a bad {@code POS}, a multiallelic ALT or unsorted records; the
     *                              {@code .psam} or {@code .pvar} row count differs from the {@code .pgen}'s; or a
     *                              {@code .pgen} record is multiallelic
     */
    public static PgenReader open(Path path) {
        PgenFileset f = PgenFileset.locate(path);
        List<String> samples = PsamFile.sampleIds(f.psam());
        PvarFile table = PvarFile.read(f.pvar());
        Arena arena = Arena.ofShared();
        try {
            MemorySegment data = f.map(arena);
            PgenIndex index = PgenIndex.parse(f.pgen(), data, samples.size());
            f.checkSamples(index, samples);
            if (index.variantCount() != table.size()) {
                throw new InputFormatException(f.pvar(), "", "lists " + table.size() + " variants but " + f.pgen()
                        + " holds " + index.variantCount() + ".", "use the .pvar written with this .pgen (one line per"
                        + " record, in .pgen order).");
            }
            PgenVariants variants = new PgenVariants(table.chrom, table.pos, table.id, table.ref, table.alt);
            for (int i = 0; i < index.variantCount(); i++) {
                if ((index.type(i) & 0x08) != 0) {
                    throw new InputFormatException(f.pgen(), record(variants, i), "is multiallelic in the .pgen but has"
                            + " a single ALT in " + f.pvar() + ".", "use the .pvar written with this .pgen.");
                }
            }
            return new PgenReader(f.pgen(), f.pvar(), f.psam(), List.copyOf(samples), table, variants, index, arena,
                    data);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Opens the fileset of {@code path} for its genotypes only, as a reader of a few record ranges of a large
     * fileset does (a dataset write's part): the {@code .psam} is read and the {@code .pgen} mapped as by
     * {@link #open}, but the {@code .pvar} is not read, and the record index of a block of 65,536 records is parsed
     * the first time one of its records is decoded. Heap then grows with the blocks read, not with the fileset.
     *
     * <p>The variant table and the header of the {@code .pvar} are not available: {@link #variants()},
     * {@link #declaredContigs()} and {@link #declaredInfo()} throw {@link IllegalStateException}. What {@link #open}
     * checks across the whole fileset is checked per record as records are decoded: a multiallelic record, or a
     * corrupt block of the index, fails the read that reaches it with an {@link InputFormatException} naming the
     * record by its index (there is no {@code .pvar} position to name). The caller is expected to know the records it wants (from an earlier {@link #open} of the
     * same files); the {@code .pvar}'s row count is not compared with the {@code .pgen}'s.
     *
     * @param path {@code PREFIX.pgen}, {@code PREFIX.bed} or {@code PREFIX}, as for {@link #open}
     * @return an open reader; the caller must {@link #close()} it
     * @throws InputFormatException if a file of the fileset is missing or unreadable, the {@code .pgen} header or
     *                              its block offsets are not a supported PGEN or are truncated, or the {@code .psam}
     *                              is malformed or lists another number of samples than the {@code .pgen}
     */
    public static PgenReader openGenotypes(Path path) {
        PgenFileset f = PgenFileset.locate(path);
        List<String> samples = PsamFile.sampleIds(f.psam());
        Arena arena = Arena.ofShared();
        try {
            MemorySegment data = f.map(arena);
            PgenIndex index = PgenIndex.lazy(f.pgen(), data, samples.size());
            f.checkSamples(index, samples);
            return new PgenReader(f.pgen(), f.pvar(), f.psam(), List.copyOf(samples), null, null, index, arena, data);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    private static String record(PgenVariants v, int i) {
        return "record " + i + " (" + v.chrom(i) + ":" + v.position(i) + ")";
    }

    /**
     * The genotype file of the fileset.
     *
     * @return the absolute path of the {@code .pgen} (or {@code .bed}) that is mapped
     */
    public Path pgen() {
        return pgen;
    }

    /**
     * The variant table file of the fileset, for messages and for {@link #infoValues}.
     *
     * @return the absolute path of the {@code .pvar}, {@code .pvar.zst} or {@code .bim} that was read
     */
    public Path pvar() {
        return pvar;
    }

    /**
     * The sample file of the fileset, for messages.
     *
     * @return the absolute path of the {@code .psam} (or {@code .fam}) that was read
     */
    public Path psam() {
        return psam;
    }

    /**
     * Sample IDs (the {@code .psam} IID column, the second column of a {@code .fam}) in file order, which is the
     * sample order of the {@code .pgen}; the sample indexes of {@link #readCalls} and {@link #readDosages} point into
     * this list.
     *
     * @return the IDs, distinct, as an immutable list
     */
    public List<String> samples() {
        return samples;
    }

    /**
     * The variant table ({@code CHROM}, 1-based {@code POS}, {@code ID}, {@code REF}, {@code ALT}) in record order.
     *
     * @return the table, immutable and shared by every call; row {@code i} is variant index {@code i}
     */
    public PgenVariants variants() {
        return requireTable(variants);
    }

    /**
     * Contig IDs of the {@code .pvar}'s {@code ##contig} header lines (VCF-style, kept by plink2 from the VCF it
     * imported), in header order. A contig may be declared without holding records, and a {@code .bim} declares none.
     *
     * @return the contig IDs as an immutable list, empty when the header has no {@code ##contig} lines
     */
    public List<String> declaredContigs() {
        return requireTable(declaredContigs);
    }

    /**
     * INFO keys of the {@code .pvar}'s {@code ##INFO} header lines, with their declared Type (e.g. Float).
     *
     * @return key to Type ({@code Integer}, {@code Float}, {@code Flag}, {@code String}, ...; {@code String} when the
     *         line gives none), unmodifiable, in header order; empty when the header declares no INFO field
     */
    public Map<String, String> declaredInfo() {
        return requireTable(declaredInfo);
    }

    private <T> T requireTable(T value) {
        if (value == null) {
            throw new IllegalStateException("the PgenReader of " + pgen + " was opened for genotypes only"
                    + " (openGenotypes), without its .pvar; open it with PgenReader.open to read the variant table");
        }
        return value;
    }

    /**
     * The value of INFO {@code key} per variant: the first number of its comma-separated value, 1 for a present
     * flag, NaN when missing. The {@code .pvar} is read again for each call, so INFO text never stays in memory.
     * The key need not be declared in the header; undeclared or absent keys simply give NaN.
     *
     * @param key the INFO key, e.g. {@code AF} (case-sensitive)
     * @return a new array of {@link #variantCount()} values, indexed by variant; NaN where the record lacks the key,
     *         gives {@code .} or a value that is not a number; all NaN when the file has no INFO column
     * @throws InputFormatException if the {@code .pvar} can no longer be read (deleted, truncated, a broken
     *                              Zstandard stream)
     */
    public float[] infoValues(String key) {
        return PvarFile.infoValues(pvar, key, index.variantCount());
    }

    /**
     * The number of records, equal in the {@code .pgen} and the {@code .pvar}.
     *
     * @return the variant count, at least 1
     */
    public int variantCount() {
        return index.variantCount();
    }

    /**
     * Whether any record stores hardcall phase (a VCF with phased {@code GT} was imported, and phase not erased).
     *
     * @return {@code true} if at least one record has a phase track; otherwise every het is unphased
     */
    public boolean hasPhase() {
        return (tracks() & 1) != 0;
    }

    /**
     * Whether any record stores dosages (imported with plink2's {@code dosage=DS} or {@code dosage=HDS}).
     *
     * @return {@code true} if at least one record has a dosage track; {@link #readDosages} works either way and
     *         falls back to hardcall ALT counts
     */
    public boolean hasDosages() {
        return (tracks() & 2) != 0;
    }

    /** Scans every record type once (for a reader of genotypes only, this parses the whole index). */
    private int tracks() {
        int t = tracks;
        if (t < 0) {
            t = 0;
            for (int i = 0; i < index.variantCount(); i++) {
                int type = index.type(i);
                t |= ((type & 0x10) != 0 ? 1 : 0) | ((type & 0x60) != 0 ? 2 : 0);
            }
            tracks = t;
        }
        return t;
    }

    /**
     * Decodes variants {@code [from, to)} for the samples {@code sampleIndexes} (any order, indexes into
     * {@link #samples()}). {@code alleles[((v - from) * k + j) * 2 + h]} gets 1 when haplotype {@code h} of sample
     * {@code sampleIndexes[j]} carries the ALT, 0 for REF, -1 when the call is missing ({@code k} = number of
     * samples). {@code phase}, when not null, gets per call 1 for a phased het or a homozygous call, 0 for an
     * unphased het or a missing call. A phased het puts the ALT on the haplotype its phase says; an unphased het
     * gives REF on haplotype 0 and ALT on haplotype 1. Elements of the arrays past the cells written are left as
     * they are. Safe to call from several threads at once with distinct destination arrays.
     *
     * @param from first variant index, inclusive, 0-based
     * @param to last variant index, exclusive; {@code from <= to <= variantCount()} ({@code from == to} writes nothing)
     * @param sampleIndexes samples to read, as 0-based indexes into {@link #samples()}, in the order the output takes
     *                      them (repeats allowed); not modified
     * @param alleles the destination of the allele codes, at least {@code (to - from) * k * 2} bytes
     * @param phase the destination of the phase flags, at least {@code (to - from) * k} bytes, or {@code null} to
     *              skip them
     * @throws IllegalArgumentException if the variant range or a sample index is out of bounds, or a destination
     *                                  is too short
     * @throws IllegalStateException if the reader is closed before or while a record of the range is decoded
     * @throws InputFormatException if a record in the range cannot be decoded (a corrupt {@code .pgen}); the message
     *                              names the record and its position
     */
    public void readCalls(int from, int to, int[] sampleIndexes, byte[] alleles, byte[] phase) {
        checkRange(from, to, sampleIndexes);
        int k = sampleIndexes.length;
        requireLength("alleles", alleles, (long) (to - from) * k * 2);
        if (phase != null) {
            requireLength("phase", phase, (long) (to - from) * k);
        }
        DecodeScratch s = new DecodeScratch(index.sampleCount());
        for (int v = from; v < to; v++) {
            decode(v, s, false);
            byte[] calls = s.calls();
            int row = (v - from) * k;
            for (int j = 0; j < k; j++) {
                byte c = calls[sampleIndexes[j]];
                int at = (row + j) * 2;
                alleles[at] = (byte) (c == CallCodes.MISSING ? -1 : c == CallCodes.HOM_ALT || c == CallCodes.PHASED_1_0 ? 1 : 0);
                alleles[at + 1] = (byte) (c == CallCodes.MISSING ? -1 : c == CallCodes.PHASED_1_0 || c == CallCodes.HOM_REF ? 0 : 1);
                if (phase != null) {
                    phase[row + j] = (byte) (c == CallCodes.HET || c == CallCodes.MISSING ? 0 : 1);
                }
            }
        }
    }

    /**
     * Decodes variants {@code [from, to)} as ALT carriers, the form a dataset write stores:
     * {@code out[offset + ((v - from) * k + j) * 2 + h]} gets 1 when haplotype {@code h} of sample
     * {@code sampleIndexes[j]} carries the ALT and 0 otherwise (REF or missing; {@code k} = number of samples). The
     * haplotypes follow {@link #readCalls}: a phased het puts the ALT where its phase says, an unphased het on
     * haplotype 1. Cheaper than {@link #readCalls} (one table look-up per call, and no indirection when the samples
     * are a run of consecutive indexes). Safe to call from several threads at once with distinct destinations.
     *
     * @param from first variant index, inclusive, 0-based
     * @param to last variant index, exclusive; {@code from <= to <= variantCount()} ({@code from == to} writes nothing)
     * @param sampleIndexes samples to read, as 0-based indexes into {@link #samples()}, in the order the output takes
     *                      them (repeats allowed); not modified
     * @param out the destination; {@code (to - from) * k * 2} bytes from {@code offset} are written, others left as
     *            they are
     * @param offset index in {@code out} of the first variant's first haplotype, at least 0
     * @throws IllegalArgumentException if the variant range or a sample index is out of bounds, or {@code out} is
     *                                  too short from {@code offset}
     * @throws IllegalStateException if the reader is closed before or while a record of the range is decoded
     * @throws InputFormatException if a record in the range cannot be decoded (a corrupt {@code .pgen}); the message
     *                              names the record and its position
     */
    public void readCarriers(int from, int to, int[] sampleIndexes, byte[] out, int offset) {
        checkCarriers(from, to, sampleIndexes, out, offset);
        SampleSlots slots = SampleSlots.of(sampleIndexes, index.sampleCount());
        DecodeScratch s = new DecodeScratch(index.sampleCount());
        int width = sampleIndexes.length * 2;
        for (int v = from; v < to; v++) {
            decode(v, s, false);
            denseCarriers(s, slots, sampleIndexes, out, offset + (v - from) * width);
        }
    }

    /**
     * Like {@link #readCarriers}, but writes only the 1s, into a destination that already holds 0 in the cells of
     * the range (a new array, as a dataset write's genotype block is): records that are hom-REF but for a short
     * list of samples (the difflist encodings plink2 picks for rare variants) are then decoded and written in time
     * proportional to that list, not to the number of samples. Other records are decoded as by
     * {@link #readCarriers}. The cells written and their values are those of {@link #readCarriers}.
     *
     * @param from first variant index, inclusive, 0-based
     * @param to last variant index, exclusive; {@code from <= to <= variantCount()} ({@code from == to} writes nothing)
     * @param sampleIndexes samples to read, as 0-based indexes into {@link #samples()}, in the order the output takes
     *                      them (repeats allowed); not modified
     * @param out the destination, whose {@code (to - from) * k * 2} bytes from {@code offset} must hold 0; the 1s
     *            among them are set and every other byte is left as it is
     * @param offset index in {@code out} of the first variant's first haplotype, at least 0
     * @throws IllegalArgumentException if the variant range or a sample index is out of bounds, or {@code out} is
     *                                  too short from {@code offset}
     * @throws IllegalStateException if the reader is closed before or while a record of the range is decoded
     * @throws InputFormatException if a record in the range cannot be decoded (a corrupt {@code .pgen}); the message
     *                              names the record and its position
     */
    public void markCarriers(int from, int to, int[] sampleIndexes, byte[] out, int offset) {
        checkCarriers(from, to, sampleIndexes, out, offset);
        SampleSlots slots = SampleSlots.of(sampleIndexes, index.sampleCount());
        DecodeScratch s = new DecodeScratch(index.sampleCount());
        int width = sampleIndexes.length * 2;
        for (int v = from; v < to; v++) {
            int at = offset + (v - from) * width;
            if (decodeSparse(v, s)) {
                CallCodes.markCarriers(s.sparse(), slots, out, at);
            } else {
                decode(v, s, false);
                denseCarriers(s, slots, sampleIndexes, out, at);
            }
        }
    }

    /**
     * Receives the ALT carriers of one record at a time from {@link #listCarriers}.
     */
    @FunctionalInterface
    public interface CarrierSink {
        /**
         * The carriers of the next record of the range.
         *
         * @param slots the carried haplotype slots {@code 2j + h} (haplotype {@code h} of sample
         *              {@code sampleIndexes[j]}) in {@code [0, count)}, strictly ascending; owned by the reader
         *              and valid only during the call
         * @param count the number of carriers, at least 0
         */
        void record(int[] slots, int count);
    }

    /**
     * Decodes variants {@code [from, to)} as lists of ALT carriers, one call of {@code sink} per record in order:
     * the haplotype slots {@code 2j + h} whose byte {@link #readCarriers} would set to 1. Records that are hom-REF
     * but for a sample list (difflists, all hom-REF, LD over such a list; see {@link #markCarriers}) are listed in
     * time proportional to that list; other records are decoded densely into one reused row and scanned. The memory
     * used is the reader's per-call scratch and one list, whatever the range. Safe to call from several threads at
     * once with distinct sinks.
     *
     * @param from first variant index, inclusive, 0-based
     * @param to last variant index, exclusive; {@code from <= to <= variantCount()} ({@code from == to} calls nothing)
     * @param sampleIndexes samples to read, as 0-based indexes into {@link #samples()}, in the order the slots take
     *                      them (repeats allowed); not modified
     * @param sink receives each record's carriers
     * @throws IllegalArgumentException if the variant range or a sample index is out of bounds
     * @throws IllegalStateException if the reader is closed before or while a record of the range is decoded
     * @throws InputFormatException if a record in the range cannot be decoded (a corrupt {@code .pgen}); the message
     *                              names the record and its position
     */
    public void listCarriers(int from, int to, int[] sampleIndexes, CarrierSink sink) {
        checkRange(from, to, sampleIndexes);
        SampleSlots slots = SampleSlots.of(sampleIndexes, index.sampleCount());
        DecodeScratch s = new DecodeScratch(index.sampleCount());
        IntArrayList list = new IntArrayList(64);
        for (int v = from; v < to; v++) {
            list.clear();
            if (decodeSparse(v, s)) {
                CallCodes.listCarriers(s.sparse(), slots, list);
            } else {
                decode(v, s, false);
                if (slots.run()) {
                    CallCodes.listCarriers(s.calls(), slots.first(), sampleIndexes.length, list);
                } else {
                    CallCodes.listCarriers(s.calls(), sampleIndexes, list);
                }
            }
            sink.record(list.elements(), list.size());
        }
    }

    private void checkCarriers(int from, int to, int[] sampleIndexes, byte[] out, int offset) {
        checkRange(from, to, sampleIndexes);
        long needed = (long) (to - from) * sampleIndexes.length * 2;
        if (offset < 0 || out.length - (long) offset < needed) {
            throw new IllegalArgumentException("out holds " + out.length + " values; " + needed
                    + " needed from offset " + offset);
        }
    }

    private static void denseCarriers(DecodeScratch s, SampleSlots slots, int[] sampleIndexes, byte[] out, int at) {
        if (slots.run()) {
            CallCodes.toCarriers(s.calls(), slots.first(), sampleIndexes.length, out, at);
        } else {
            CallCodes.toCarriers(s.calls(), sampleIndexes, out, at);
        }
    }

    /**
     * Fills {@code out[(v - from) * k + j]} with the ALT dosage of sample {@code sampleIndexes[j]} at variant
     * {@code v} (0 to 2): the stored dosage, else the hardcall's ALT count, NaN when both are missing
     * ({@code k} = number of samples). Stored dosages are multiples of 1/16384. Elements of {@code out} past the
     * cells written are left as they are. Safe to call from several threads at once with distinct destinations.
     *
     * @param from first variant index, inclusive, 0-based
     * @param to last variant index, exclusive; {@code from <= to <= variantCount()} ({@code from == to} writes nothing)
     * @param sampleIndexes samples to read, as 0-based indexes into {@link #samples()}, in the order the output takes
     *                      them (repeats allowed); not modified
     * @param out the destination, at least {@code (to - from) * k} floats
     * @throws IllegalArgumentException if the variant range or a sample index is out of bounds, or {@code out} is
     *                                  too short
     * @throws IllegalStateException if the reader is closed before or while a record of the range is decoded
     * @throws InputFormatException if a record in the range cannot be decoded (a corrupt {@code .pgen}); the message
     *                              names the record and its position
     */
    public void readDosages(int from, int to, int[] sampleIndexes, float[] out) {
        checkRange(from, to, sampleIndexes);
        int k = sampleIndexes.length;
        if (out.length < (long) (to - from) * k) {
            throw new IllegalArgumentException("out holds " + out.length + " values; " + (long) (to - from) * k
                    + " needed");
        }
        DecodeScratch s = new DecodeScratch(index.sampleCount());
        for (int v = from; v < to; v++) {
            decode(v, s, true);
            float[] d = s.dosages();
            int row = (v - from) * k;
            for (int j = 0; j < k; j++) {
                out[row + j] = d[sampleIndexes[j]];
            }
        }
    }

    private void decode(int v, DecodeScratch s, boolean withDosages) {
        ensureOpen();
        try {
            decoder.decodeCalls(v, s);
            if (withDosages) {
                decoder.decodeDosages(v, s);
            }
        } catch (PgenCorruptException e) {
            throw corrupt(v, e);
        }
    }

    /** {@link RecordDecoder#decodeSparse}: whether record {@code v} was decoded as its list of non-hom-REF calls. */
    private boolean decodeSparse(int v, DecodeScratch s) {
        ensureOpen();
        try {
            return decoder.decodeSparse(v, s);
        } catch (PgenCorruptException e) {
            throw corrupt(v, e);
        }
    }

    private void ensureOpen() {
        if (closed.get()) {
            throw new IllegalStateException("PgenReader of " + pgen + " is closed");
        }
    }

    private InputFormatException corrupt(int v, PgenCorruptException e) {
        return new InputFormatException(pgen, record(v), "cannot be decoded: " + e.getMessage() + ".", REMAKE, e);
    }

    private String record(int v) {
        return variants == null ? "record " + v : record(variants, v);
    }

    private void checkRange(int from, int to, int[] sampleIndexes) {
        if (from < 0 || to > index.variantCount() || from > to) {
            throw new IllegalArgumentException("variants [" + from + ", " + to + ") are outside [0, "
                    + index.variantCount() + ") of " + pgen);
        }
        for (int s : sampleIndexes) {
            if (s < 0 || s >= index.sampleCount()) {
                throw new IllegalArgumentException("sample index " + s + " is outside [0, " + index.sampleCount()
                        + ") of " + pgen);
            }
        }
    }

    private static void requireLength(String name, byte[] array, long needed) {
        if (array.length < needed) {
            throw new IllegalArgumentException(name + " holds " + array.length + " values; " + needed + " needed");
        }
    }

    /**
     * Unmaps the {@code .pgen}; reads after (or during) close fail with {@link IllegalStateException}. The tables
     * ({@link #variants()}, {@link #samples()}, ...) stay usable. Closing twice does nothing.
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            arena.close();
        }
    }
}
