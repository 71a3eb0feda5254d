package io.gvl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gvl.format.io.ArrowTableFile;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.VariantTableFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every column and row of the polars/genoray Arrow fixtures, checked against the source BED/VCF/PVAR text parsed
 * independently in the test (and against the values the fixture README lists).
 */
class ArrowFixturesTest {
    private static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    private static final Path ARROW = DATA.resolve("arrow");

    static List<String[]> bed(Path file) throws IOException {
        return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).map(l -> l.split("\t")).toList();
    }

    @ParameterizedTest(name = "input_regions {0}")
    @ValueSource(strings = {"synthetic:gvl-fixtures/synthetic/regions.bed",
            "vg-z-synth16:real-derived/vg-z-synth16/regions.bed"})
    void inputRegionsMatchTheBedAndOurNaturalSort(String spec) throws IOException {
        String[] p = spec.split(":");
        Path file = ARROW.resolve(p[0]).resolve("input_regions.arrow");
        List<String[]> rows = bed(DATA.resolve(p[1]));
        ArrowTable t = ArrowTableFile.read(file);
        assertEquals(List.of("chrom", "chromStart", "chromEnd", "name", "score", "strand", "r_idx_map"),
                t.columnNames());
        assertEquals(ArrowTable.ColumnType.STRING, t.column("chrom", file).type());
        assertEquals(ArrowTable.ColumnType.INT64, t.column("chromStart", file).type());
        assertEquals(ArrowTable.ColumnType.FLOAT64, t.column("score", file).type());
        assertEquals(rows.size(), t.rowCount());
        for (int i = 0; i < rows.size(); i++) {
            String[] b = rows.get(i);
            assertEquals(b[0], t.column("chrom", file).values().get(i), "chrom row " + i);
            assertEquals(Long.parseLong(b[1]), t.column("chromStart", file).values().get(i), "start row " + i);
            assertEquals(Long.parseLong(b[2]), t.column("chromEnd", file).values().get(i), "end row " + i);
            assertEquals(b[3].equals(".") ? null : b[3], t.column("name", file).values().get(i), "name row " + i);
            assertEquals(b[4].equals(".") ? null : Double.parseDouble(b[4]), t.column("score", file).values().get(i));
            assertEquals(b[5].equals(".") ? null : b[5], t.column("strand", file).values().get(i));
        }
        InputRegions regions = InputRegionsFile.read(file);
        List<String> chrom = rows.stream().map(b -> b[0]).toList();
        long[] s = rows.stream().mapToLong(b -> Long.parseLong(b[1])).toArray();
        long[] e = rows.stream().mapToLong(b -> Long.parseLong(b[2])).toArray();
        RegionOrder ours = NaturalSort.regionOrder(chrom, s, e);
        assertEquals(Arrays.toString(ours.inputToSorted()), Arrays.toString(regions.order(file).inputToSorted()));
        regions.validateOrder(file);
    }

    @Test
    void syntheticRegionMapIsTheReadmeTable() {
        Path file = ARROW.resolve("synthetic/input_regions.arrow");
        assertEquals("[0, 2, 4, 5, 6, 7, 8, 9, 3, 1]",
                Arrays.toString(InputRegionsFile.read(file).order(file).inputToSorted()));
    }

    @ParameterizedTest(name = "VCF index {0}")
    @ValueSource(strings = {"synthetic/variants.arrow:gvl-fixtures/synthetic/filtered.vcf.gz",
            "synthetic/variants.polars-1.44.2-raw.arrow:gvl-fixtures/synthetic/filtered.vcf.gz",
            "vg-z-synth16/variants.arrow:real-derived/vg-z-synth16/z_synth16.norm.vcf.gz"})
    void vcfIndexMatchesTheVcfText(String spec) throws IOException {
        String[] p = spec.split(":");
        Path file = ARROW.resolve(p[0]);
        VcfText vcf = VcfText.read(DATA.resolve(p[1]));
        ArrowTable t = ArrowTableFile.read(file);
        assertEquals(List.of("CHROM", "POS", "REF", "ALT", "INFO", "ILEN"), t.columnNames());
        assertEquals(ArrowTable.ColumnType.STRING, t.column("CHROM", file).type());
        assertEquals(ArrowTable.ColumnType.INT32, t.column("POS", file).type());
        assertEquals(vcf.records.size(), t.rowCount());
        for (int i = 0; i < t.rowCount(); i++) {
            VcfText.Record r = vcf.records.get(i);
            assertEquals(r.chrom(), t.column("CHROM", file).values().get(i), "CHROM row " + i);
            assertEquals(r.pos(), t.column("POS", file).values().get(i), "POS row " + i);
            assertEquals(r.ref(), t.column("REF", file).values().get(i), "REF row " + i);
            assertEquals(r.alt(), t.column("ALT", file).values().get(i), "ALT row " + i);
            List<Object> ilen = new ArrayList<>();
            for (String a : r.alt().split(",")) {
                ilen.add(a.getBytes(StandardCharsets.UTF_8).length - r.ref().getBytes(StandardCharsets.UTF_8).length);
            }
            assertEquals(ilen, t.column("ILEN", file).values().get(i), "ILEN row " + i);
            @SuppressWarnings("unchecked")
            Map<String, Object> info = (Map<String, Object>) t.column("INFO", file).values().get(i);
            assertEquals(new ArrayList<>(r.info().keySet()), new ArrayList<>(info.keySet()), "INFO children");
            assertEquals(r.info(), info, "INFO row " + i);
        }
        VariantTable v = VariantTableFile.read(file);
        assertEquals(vcf.records.size(), v.size());
        for (int i = 0; i < v.size(); i++) {
            VcfText.Record r = vcf.records.get(i);
            assertEquals(r.chrom(), v.chrom()[i]);
            assertEquals(r.pos(), v.pos()[i]);
            assertEquals(r.alt().length() - r.ref().length(), v.ilen()[i]);
        }
    }

    @Test
    void vgIndexCountsAndFirstRowFromTheReadme() {
        Path file = ARROW.resolve("vg-z-synth16/variants.arrow");
        VariantTable v = VariantTableFile.read(file);
        assertEquals(4715, v.size());
        assertEquals(4336, Arrays.stream(v.ilen()).filter(x -> x == 0).count());
        assertEquals(154, Arrays.stream(v.ilen()).filter(x -> x > 0).count());
        assertEquals(225, Arrays.stream(v.ilen()).filter(x -> x < 0).count());
        assertEquals(72, v.pos()[0]);
        assertEquals(18638, v.pos()[86]);
        assertEquals("CA", v.alt()[86]);
    }

    @Test
    void pgenIndexMatchesThePvar() throws IOException {
        Path file = ARROW.resolve("synthetic/variants.pgen-style.arrow");
        List<String[]> pvar = Files.readAllLines(ARROW.resolve("synthetic/plink2/filtered.pvar")).stream()
                .filter(l -> !l.startsWith("##")).map(l -> l.split("\t")).toList();
        List<String> header = Arrays.asList(pvar.getFirst());
        ArrowTable t = ArrowTableFile.read(file);
        List<String> expectedNames = new ArrayList<>(header);
        expectedNames.set(0, "CHROM");
        assertEquals(expectedNames, t.columnNames());
        assertEquals(ArrowTable.ColumnType.INT64, t.column("POS", file).type());
        assertEquals(ArrowTable.ColumnType.FLOAT64, t.column("QUAL", file).type());
        assertEquals(pvar.size() - 1, t.rowCount());
        for (int i = 0; i < t.rowCount(); i++) {
            String[] f = pvar.get(i + 1);
            for (int c = 0; c < header.size(); c++) {
                Object expected = f[c].equals(".") ? null : switch (header.get(c)) {
                    case "POS" -> Long.parseLong(f[c]);
                    case "QUAL" -> Double.parseDouble(f[c]);
                    default -> f[c];
                };
                assertEquals(expected, t.columns().get(c).values().get(i), header.get(c) + " row " + i);
            }
        }
        VariantTable v = VariantTableFile.read(file);
        assertEquals(2, v.ilen()[4]); // A -> ATT, computed because the PGEN index has no ILEN
        assertEquals("1", v.chrom()[0]);
        assertNull(t.column("ID", file).values().getFirst());
    }
}
