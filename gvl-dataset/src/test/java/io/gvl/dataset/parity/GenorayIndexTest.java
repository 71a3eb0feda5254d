package io.gvl.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.format.ArrowTable;
import io.gvl.format.VariantTable;
import io.gvl.format.io.ArrowTableFile;
import io.gvl.format.io.VariantTableFile;
import io.gvl.testing.TestFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The variant table GenVarLoader 0.43.1 stores with a VCF-sourced dataset is genoray 6.0.2's VCF index, which carries
 * no INFO struct any more (spec/svar.md §10.3), unlike the genoray 3.4-era fixture in {@code shared/data/arrow}: the
 * committed 0.43.1 dataset shows the current layout, and both describe the same variants.
 */
class GenorayIndexTest {
    static final Path SHARED = Path.of(System.getProperty("gvl.shared.data")).resolve("arrow/vg-z-synth16/variants.arrow");

    @Test
    void genoray6IndexHasTheCoreColumnsOnlyAndTheSameVariantsAsTheOlderFixture() {
        Path current = TestFiles.gvl043("svar").resolve("ds_vcf/genotypes/variants.arrow");
        ArrowTable t = ArrowTableFile.read(current);
        assertEquals(new TreeSet<>(Set.of("ALT", "CHROM", "POS", "REF", "ILEN")), new TreeSet<>(t.columnNames()),
                "genoray 6.0.2's VCF index: no INFO");
        assertEquals(List.of(), VariantTableFile.numericColumns(current).keySet().stream().toList(), "no var fields");
        assertEquals(ArrowTable.ColumnType.INT32, t.column("POS", current).type());
        VariantTable now = VariantTableFile.read(current);
        VariantTable before = VariantTableFile.read(SHARED);
        assertEquals(4715, now.size());
        assertArrayEquals(before.chrom(), now.chrom());
        assertArrayEquals(before.pos(), now.pos());
        assertArrayEquals(before.ref(), now.ref());
        assertArrayEquals(before.alt(), now.alt());
        assertArrayEquals(before.ilen(), now.ilen());
    }
}
