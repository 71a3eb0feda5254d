package io.gvl.io.pgen;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.pgen.CallCodes;
import io.gvl.io.internal.pgen.DecodeScratch;
import io.gvl.io.internal.pgen.PgenCorruptException;
import io.gvl.io.internal.pgen.PgenIndex;
import io.gvl.io.internal.pgen.PsamFile;
import io.gvl.io.internal.pgen.PvarFile;
import io.gvl.io.internal.pgen.RecordDecoder;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads biallelic genotypes, phase and dosages from a PLINK 2 fileset ({@code .pgen} + {@code .pvar} or
 * {@code .pvar.zst} + {@code .psam}; a PLINK 1 {@code .bed} + {@code .bim} + {@code .fam} is read the same way).
 * The {@code .pgen} is memory-mapped and each record is decoded where it lies, so opening costs the index and the
 * text tables only. Reads are thread-safe: every call decodes with its own scratch memory.
 *
 * <p>Conventions follow plink2's own reader (pgenlib), which GenVarLoader uses: an unphased het comes back with REF
 * on the first haplotype; a homozygous call counts as phased; a missing call is {@code -1} on both haplotypes.
 * Multiallelic records are refused when the fileset is opened (split them first; the message says how).
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
    private final boolean phased;
    private final boolean dosages;
    private final AtomicBoolean closed = new AtomicBoolean();

    private PgenReader(Path pgen, Path pvar, Path psam, List<String> samples, PvarFile table, PgenVariants variants,
                       PgenIndex index, Arena arena, MemorySegment data) {
        this.pgen = pgen;
        this.pvar = pvar;
        this.psam = psam;
        this.samples = samples;
        this.variants = variants;
        this.declaredContigs = table.declaredContigs;
        this.declaredInfo = table.declaredInfo;
        this.index = index;
        this.arena = arena;
        this.decoder = new RecordDecoder(index, data);
        boolean anyPhase = false;
        boolean anyDosage = false;
        for (int i = 0; i < index.variantCount(); i++) {
            anyPhase |= (index.type(i) & 0x10) != 0;
            anyDosage |= (index.type(i) & 0x60) != 0;
        }
        this.phased = anyPhase;
        this.dosages = anyDosage;
    }

    /**
     * Opens the fileset of {@code path}: a {@code .pgen} (or {@code .bed}) file, or the prefix they share with their
     * companions. Checks that the three files agree (sample and variant counts) and that every record is biallelic.
     */
    public static PgenReader open(Path path) {
        Fileset f = Fileset.locate(path);
        List<String> samples = PsamFile.sampleIds(f.psam());
        PvarFile table = PvarFile.read(f.pvar());
        Arena arena = Arena.ofShared();
        try {
            MemorySegment data;
            try (FileChannel ch = FileChannel.open(f.pgen(), StandardOpenOption.READ)) {
                data = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            } catch (IOException e) {
                throw new InputFormatException(f.pgen(), "", "cannot be read (" + e.getMessage() + ").",
                        "check that the file exists and is readable.", e);
            }
            PgenIndex index = PgenIndex.parse(f.pgen(), data, samples.size());
            if (index.sampleCount() != samples.size()) {
                throw new InputFormatException(f.psam(), "", "lists " + samples.size() + " samples but " + f.pgen()
                        + " holds " + index.sampleCount() + ".", "use the .psam written with this .pgen (one line per"
                        + " sample, in .pgen order).");
            }
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

    private static String record(PgenVariants v, int i) {
        return "record " + i + " (" + v.chrom(i) + ":" + v.position(i) + ")";
    }

    public Path pgen() {
        return pgen;
    }

    public Path pvar() {
        return pvar;
    }

    public Path psam() {
        return psam;
    }

    /** Sample IDs (the {@code .psam} IID column) in file order. */
    public List<String> samples() {
        return samples;
    }

    public PgenVariants variants() {
        return variants;
    }

    /** Contig IDs of the {@code .pvar}'s {@code ##contig} header lines (VCF-style), in header order. */
    public List<String> declaredContigs() {
        return declaredContigs;
    }

    /** INFO keys of the {@code .pvar}'s {@code ##INFO} header lines, with their declared Type (e.g. Float). */
    public Map<String, String> declaredInfo() {
        return declaredInfo;
    }

    /**
     * The value of INFO {@code key} per variant: the first number of its comma-separated value, 1 for a present
     * flag, NaN when missing. The {@code .pvar} is read again for each call, so INFO text never stays in memory.
     */
    public float[] infoValues(String key) {
        return PvarFile.infoValues(pvar, key, index.variantCount());
    }

    public int variantCount() {
        return index.variantCount();
    }

    /** Whether any record stores hardcall phase. */
    public boolean hasPhase() {
        return phased;
    }

    /** Whether any record stores dosages. */
    public boolean hasDosages() {
        return dosages;
    }

    /**
     * Decodes variants {@code [from, to)} for the samples {@code sampleIndexes} (any order, indexes into
     * {@link #samples()}). {@code alleles[((v - from) * k + j) * 2 + h]} gets 1 when haplotype {@code h} of sample
     * {@code sampleIndexes[j]} carries the ALT, 0 for REF, -1 when the call is missing ({@code k} = number of
     * samples). {@code phase}, when not null, gets per call 1 for a phased het or a homozygous call, 0 for an
     * unphased het or a missing call.
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
     * Fills {@code out[(v - from) * k + j]} with the ALT dosage of sample {@code sampleIndexes[j]} at variant
     * {@code v} (0 to 2): the stored dosage, else the hardcall's ALT count, NaN when both are missing.
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
        if (closed.get()) {
            throw new IllegalStateException("PgenReader of " + pgen + " is closed");
        }
        try {
            decoder.decodeCalls(v, s);
            if (withDosages) {
                decoder.decodeDosages(v, s);
            }
        } catch (PgenCorruptException e) {
            throw new InputFormatException(pgen, record(variants, v), "cannot be decoded: " + e.getMessage() + ".",
                    REMAKE, e);
        }
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

    /** Unmaps the {@code .pgen}; reads after (or during) close fail with {@link IllegalStateException}. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            arena.close();
        }
    }

    /** The three files of a fileset, found from a {@code .pgen}/{@code .bed} path or their prefix. */
    private record Fileset(Path pgen, Path pvar, Path psam) {
        static Fileset locate(Path path) {
            String name = path.getFileName().toString();
            boolean bed = name.endsWith(".bed");
            String prefix = name.endsWith(".pgen") ? name.substring(0, name.length() - 5)
                    : bed ? name.substring(0, name.length() - 4) : name;
            Path dir = path.toAbsolutePath().getParent();
            Path genotypes = dir.resolve(bed ? prefix + ".bed" : prefix + ".pgen");
            require(genotypes, path);
            Path pvar = bed ? dir.resolve(prefix + ".bim") : first(dir, prefix, ".pvar", ".pvar.zst");
            require(pvar, path);
            Path psam = dir.resolve(prefix + (bed ? ".fam" : ".psam"));
            require(psam, path);
            return new Fileset(genotypes, pvar, psam);
        }

        private static Path first(Path dir, String prefix, String a, String b) {
            Path pa = dir.resolve(prefix + a);
            return Files.exists(pa) ? pa : dir.resolve(prefix + b);
        }

        private static void require(Path file, Path given) {
            if (!Files.isRegularFile(file)) {
                throw new InputFormatException(file, "", "is missing: a PGEN fileset is PREFIX.pgen with PREFIX.pvar"
                        + " (or PREFIX.pvar.zst) and PREFIX.psam beside it (" + given + " was given).",
                        "put the three files plink2 wrote (--make-pgen --out PREFIX) in one directory.");
            }
        }
    }
}
