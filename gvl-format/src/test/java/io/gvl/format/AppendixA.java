package io.gvl.format;

import io.gvl.format.array.GenotypeWriter;
import io.gvl.format.array.IntervalTrackWriter;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.format.io.VariantTableFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes the spec's Appendix A dataset (3 regions, 2 samples, diploid, one bigWig track {@code cov}). */
public final class AppendixA {
    static final int[][] SLOTS = {{0}, {1}, {1}, {1}, {2}, {2}, {}, {}, {}, {}, {}, {3}};
    static final int[][] CELL_STARTS = {{10, 15}, {12}, {55}, {}, {}, {}};
    static final int[][] CELL_ENDS = {{15, 22}, {13}, {56}, {}, {}, {}};
    static final float[][] CELL_VALUES = {{1f, 2f}, {3f}, {5f}, {}, {}, {}};

    private AppendixA() {
    }

    public static ArrowTable bed() {
        return new ArrowTable(List.of(
                new ArrowTable.Column("chrom", ArrowTable.ColumnType.STRING, List.of("chr2", "chr1", "chr1")),
                new ArrowTable.Column("chromStart", ArrowTable.ColumnType.INT64, List.of(100L, 50L, 10L)),
                new ArrowTable.Column("chromEnd", ArrowTable.ColumnType.INT64, List.of(110L, 60L, 20L)),
                new ArrowTable.Column("strand", ArrowTable.ColumnType.STRING, List.of("+", "-", "+"))));
    }

    public static VariantTable variants() {
        return new VariantTable(new String[] {"chr1", "chr1", "chr1", "chr2"}, new long[] {12, 19, 55, 105},
                new String[] {"A", "ACGT", "C", "G"}, new String[] {"G", "A", "CTT", "T"}, new int[] {0, -3, 2, 0});
    }

    /** Writes every file of the example into {@code dir} (which must exist). */
    public static void writeInto(Path dir) {
        InputRegions input = InputRegions.fromBed(bed());
        InputRegionsFile.write(input, dir.resolve(DatasetLayout.INPUT_REGIONS));
        try (GenotypeWriter g = new GenotypeWriter(dir, 3, 2, 2)) {
            for (int[] slot : SLOTS) {
                g.appendSlot(slot, 0, slot.length);
            }
        }
        VariantTableFile.write(variants(), DatasetLayout.genotypes(dir).resolve(DatasetLayout.VARIANTS));
        RegionsFile.write(new Regions(new int[] {0, 0, 1}, new int[] {10, 50, 100}, new int[] {22, 60, 110},
                new int[] {1, -1, 1}), dir.resolve(DatasetLayout.REGIONS));
        try (IntervalTrackWriter t = new IntervalTrackWriter(dir, TrackScope.SAMPLE, "cov", 6)) {
            for (int c = 0; c < 6; c++) {
                t.appendCell(CELL_STARTS[c], CELL_ENDS[c], CELL_VALUES[c], 0, CELL_STARTS[c].length);
            }
        }
        List<String> samples = new ArrayList<>(List.of("s2", "s1"));
        samples.sort(null);
        MetadataFile.write(DatasetMetadata.of(samples, NaturalSort.sortedUnique(input.chroms(dir)), 3, 2, 0),
                DatasetLayout.metadata(dir));
    }

    /** Publishes the example at {@code dest}. */
    public static Path publish(Path dest) {
        DatasetPublisher.publish(dest, false, AppendixA::writeInto);
        return dest;
    }
}
