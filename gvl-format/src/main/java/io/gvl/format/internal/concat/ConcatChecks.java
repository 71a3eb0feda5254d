package io.gvl.format.internal.concat;

import io.gvl.format.ArrowTable;
import io.gvl.format.ConcatAxis;
import io.gvl.format.ConcatException;
import io.gvl.format.InputRegions;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The preconditions of a join, in the order GenVarLoader 0.43.1 applies them, so the same bad pair fails on the same
 * check with both tools. They all run before anything is written. Each failure names the input that differs from
 * input #0 and what it should have been.
 */
public final class ConcatChecks {
    private ConcatChecks() {
    }

    /**
     * Checks every precondition.
     *
     * @param inputs the loaded inputs, at least two
     * @param axis the axis to join along
     * @throws ConcatException on the first failed check
     */
    public static void check(List<ConcatInput> inputs, ConcatAxis axis) {
        if (axis == ConcatAxis.REGIONS) {
            inputs.forEach(ConcatChecks::uniqueCoordinates);
        }
        ConcatInput ref = inputs.getFirst();
        for (ConcatInput in : inputs.subList(1, inputs.size())) {
            sameSetup(ref, in);
        }
        if (axis == ConcatAxis.SAMPLES) {
            for (ConcatInput in : inputs.subList(1, inputs.size())) {
                if (in.meta().nRegions() != ref.meta().nRegions() || !sameTable(in.bed(), ref.bed())) {
                    throw new ConcatException(in.label() + " has other regions than input #0 (" + ref.dir()
                            + "); joining along samples needs the same regions in the same order.",
                            "write every input from the same BED file, or join along regions.");
                }
            }
            Object2IntOpenHashMap<String> seen = new Object2IntOpenHashMap<>();
            seen.defaultReturnValue(-1);
            for (ConcatInput in : inputs) {
                for (String s : in.meta().samples()) {
                    int first = seen.putIfAbsent(s, in.index());
                    if (first >= 0) {
                        throw new ConcatException("sample '" + s + "' is in input #" + first + " and in "
                                + in.label() + "; joining along samples needs disjoint sample sets.",
                                "write each input for its own samples (WriteOptions samples / --samples).");
                    }
                }
            }
        } else {
            for (ConcatInput in : inputs.subList(1, inputs.size())) {
                if (!in.meta().samples().equals(ref.meta().samples())) {
                    throw new ConcatException(in.label() + " has samples " + abbreviate(in.meta().samples())
                            + " but input #0 has " + abbreviate(ref.meta().samples()) + "; joining along regions"
                            + " needs the same samples in the same order.", "write every input for the same"
                            + " samples, or join along samples.");
                }
            }
            Set<String> refCols = bedColumns(ref.bed());
            for (ConcatInput in : inputs.subList(1, inputs.size())) {
                Set<String> cols = bedColumns(in.bed());
                if (!cols.equals(refCols)) {
                    throw new ConcatException(in.label() + " has BED columns " + cols + " but input #0 has "
                            + refCols + "; joined regions need one set of columns.", "write every input from BED"
                            + " files with the same columns.");
                }
            }
            uniqueNames(inputs);
        }
    }

    private static void sameSetup(ConcatInput ref, ConcatInput in) {
        if (in.genotypes() != ref.genotypes()) {
            throw new ConcatException(in.label() + (in.genotypes() ? " has" : " has no") + " genotypes but input #0 ("
                    + ref.dir() + ")" + (ref.genotypes() ? " has" : " has none") + "; all inputs must share one"
                    + " variant source.", "write every input from the same VCF/PGEN, or every one without.");
        }
        if (!Objects.equals(in.fingerprint(), ref.fingerprint())) {
            throw new ConcatException(in.label() + " has a different variant table (genotypes/variants.arrow"
                    + " fingerprint) than input #0 (" + ref.dir() + "); joined genotypes must index one table.",
                    "write every input from the same VCF/PGEN file (with gvl's --reuse-gvl-index when some inputs"
                    + " were written by GenVarLoader).");
        }
        if (!Objects.equals(in.meta().ploidy(), ref.meta().ploidy())) {
            throw new ConcatException(in.label() + " has ploidy " + in.meta().ploidy() + ", expected "
                    + ref.meta().ploidy() + " as in input #0.", "join only datasets of one ploidy.");
        }
        if (in.meta().maxJitter() != ref.meta().maxJitter()) {
            throw new ConcatException(in.label() + " has max_jitter " + in.meta().maxJitter() + ", expected "
                    + ref.meta().maxJitter() + " as in input #0.", "write every input with the same"
                    + " --max-jitter.");
        }
        if (!in.meta().contigs().equals(ref.meta().contigs())) {
            throw new ConcatException(in.label() + " has contigs " + abbreviate(in.meta().contigs())
                    + " but input #0 has " + abbreviate(ref.meta().contigs()) + "; a joined dataset has one"
                    + " contig list.", "write every input from BED files over the same contigs (one reference).");
        }
        if (!in.tracks().equals(ref.tracks())) {
            throw new ConcatException(in.label() + " has tracks " + in.tracks() + ", expected " + ref.tracks()
                    + " as in input #0.", "add the missing tracks with `gvl update`, or join datasets with the"
                    + " same tracks.");
        }
        if (!in.annotTracks().equals(ref.annotTracks())) {
            throw new ConcatException(in.label() + " has annotation tracks " + in.annotTracks() + ", expected "
                    + ref.annotTracks() + " as in input #0.", "join datasets with the same annotation tracks.");
        }
    }

    /** Identical coordinates inside one input would make its rows' place in the joined order ambiguous. */
    private static void uniqueCoordinates(ConcatInput in) {
        Path src = in.dir().resolve("input_regions.arrow");
        InputRegions r = new InputRegions(in.bed());
        List<String> chrom = r.chroms(src);
        long[] start = r.longs("chromStart", src);
        long[] end = r.longs("chromEnd", src);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < chrom.size(); i++) {
            String key = chrom.get(i) + ":" + start[i] + "-" + end[i];
            if (!seen.add(key)) {
                throw new ConcatException(in.label() + " has two regions at " + key + " (BED row " + i + " repeats"
                        + " an earlier one); their order in the joined dataset would be ambiguous.",
                        "remove the duplicate row from that input's BED and write it again.");
            }
        }
    }

    private static void uniqueNames(List<ConcatInput> inputs) {
        Object2IntOpenHashMap<String> seen = new Object2IntOpenHashMap<>();
        seen.defaultReturnValue(-1);
        for (ConcatInput in : inputs) {
            if (!in.bed().has("name")) {
                continue;
            }
            for (Object v : in.bed().column("name", in.dir()).values()) {
                if (v == null) {
                    continue;
                }
                String name = v.toString();
                int first = seen.putIfAbsent(name, in.index());
                if (first >= 0) {
                    throw new ConcatException("region name '" + name + "' is in input #" + first + " and in "
                            + in.label() + "; names must stay unique in the joined dataset.",
                            "rename the regions in one of the BED files and write it again.");
                }
            }
        }
    }

    private static Set<String> bedColumns(ArrowTable t) {
        Set<String> s = new TreeSet<>(t.columnNames());
        s.remove(InputRegions.MAP_COLUMN);
        return s;
    }

    private static boolean sameTable(ArrowTable a, ArrowTable b) {
        if (a.columns().size() != b.columns().size()) {
            return false;
        }
        for (int c = 0; c < a.columns().size(); c++) {
            ArrowTable.Column x = a.columns().get(c);
            ArrowTable.Column y = b.columns().get(c);
            if (!x.name().equals(y.name()) || x.type() != y.type() || !x.values().equals(y.values())) {
                return false;
            }
        }
        return true;
    }

    private static String abbreviate(List<String> names) {
        return names.size() <= 6 ? names.toString()
                : names.subList(0, 5) + " (and " + (names.size() - 5) + " more)";
    }
}
