package io.gvl.io.pgen;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.pgen.PgenIndex;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The three files of a PLINK fileset, found from a {@code .pgen}/{@code .bed} path or their prefix, with what
 * {@link PgenReader}'s two opens do alike to them: map the genotype file and check the sample count.
 */
record PgenFileset(Path pgen, Path pvar, Path psam) {
    static PgenFileset locate(Path path) {
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
        return new PgenFileset(genotypes, pvar, psam);
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

    /** Maps the whole genotype file into {@code arena}, read-only. */
    MemorySegment map(Arena arena) {
        try (FileChannel ch = FileChannel.open(pgen, StandardOpenOption.READ)) {
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
        } catch (IOException e) {
            throw new InputFormatException(pgen, "", "cannot be read (" + e.getMessage() + ").",
                    "check that the file exists and is readable.", e);
        }
    }

    /** Refuses a {@code .psam} whose row count is not the genotype file's. */
    void checkSamples(PgenIndex index, List<String> samples) {
        if (index.sampleCount() != samples.size()) {
            throw new InputFormatException(psam, "", "lists " + samples.size() + " samples but " + pgen
                    + " holds " + index.sampleCount() + ".", "use the .psam written with this .pgen (one line per"
                    + " sample, in .pgen order).");
        }
    }
}
